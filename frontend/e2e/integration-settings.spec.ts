import { DEMO, signIn } from './api-sign-in';
import { expect, openAs, test, uniqueName, type SplitSlots } from './booking-fixture';

/** A provider of the test's own; its time slot is not booked here. */
const clinic = (name: string): SplitSlots => ({
  businessName: uniqueName(name),
  service: 'Consultation',
  startTime: '10:00',
  endTime: '11:00',
  parts: 2,
  days: 1,
});

/**
 * The admin's Integration Settings (the AI chatbot and WhatsApp panels) and the chat app are
 * saved on the server; the chat widget on the provider's booking screen answers from that
 * provider's response templates, and elsewhere hands over to an agent.
 */
test.describe('Integration settings and the chat assistant (issue 11)', () => {
  test('the admin saves the panels and connects the chat app; a user chatting on the booking screen gets its greeting', async ({
    page,
    providerWithSplitSlots,
  }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots(clinic('Chatty Clinic'), 'chat-assistant');

    await signIn(page, provider.email);
    await page.goto('/integrations/settings');
    const chatbot = page.getByRole('region', { name: 'AI Chatbot' });
    await expect(chatbot.getByRole('switch', { name: 'Enable chatbot' })).toBeChecked();
    await chatbot.getByLabel('Temperature').fill('30');
    await expect(chatbot).toContainText('Temperature: 30');
    await chatbot.getByLabel('Max response length').selectOption('1024');
    await chatbot.getByLabel('Greeting').fill('Welcome to Chatty Clinic! How can we help?');
    await chatbot.getByRole('button', { name: 'Save' }).click();
    await expect(chatbot.getByRole('status')).toHaveText('Settings saved');

    const whatsapp = page.getByRole('region', { name: 'WhatsApp' });
    await whatsapp.getByRole('switch', { name: 'Enable WhatsApp messages' }).check();
    await whatsapp.getByLabel('Connected number').fill('+1 555 0100');
    await whatsapp.getByLabel('Phone number ID').fill('1098765');
    await whatsapp.getByRole('button', { name: 'Add template' }).click();
    await whatsapp.getByLabel('Template name').last().fill('Bad Name');
    await whatsapp.getByRole('button', { name: 'Save' }).click();
    await expect(whatsapp.getByRole('alert')).toContainText('could not be saved');
    await whatsapp.getByLabel('Template name').last().fill('appointment_follow_up');
    await whatsapp.getByLabel('Text').last().fill('How was your {{1}}?');
    await whatsapp.getByRole('button', { name: 'Save' }).click();
    await expect(whatsapp.getByRole('status')).toHaveText('Settings saved');

    // Saved on the server: a reload shows the same.
    await page.reload();
    await expect(page.getByRole('region', { name: 'AI Chatbot' }).getByLabel('Greeting')).toHaveValue(
      'Welcome to Chatty Clinic! How can we help?',
    );
    await expect(page.getByRole('region', { name: 'WhatsApp' }).getByLabel('Template name')).toHaveCount(3);

    // The chat app: Connect asks for the webhook URL; Configure appears once connected.
    await page.goto('/integrations/apps');
    const chatCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Chat/ }) });
    await expect(chatCard.getByRole('button', { name: 'Configure' })).toHaveCount(0);
    await chatCard.getByRole('button', { name: 'Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat' });
    await dialog.getByLabel('Name').fill('Front desk');
    await dialog.getByLabel('Webhook URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('Valid URL is required');
    await dialog.getByLabel('Webhook URL').fill('https://chat.example.com/hooks/front-desk');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(chatCard).toContainText('Connected');
    await expect(chatCard).toContainText('Front desk');
    await chatCard.getByRole('button', { name: 'Configure' }).click();
    await expect(page.getByRole('dialog', { name: 'Chat' }).getByLabel('Webhook URL')).toHaveValue(
      'https://chat.example.com/hooks/front-desk',
    );
    await page.getByRole('dialog', { name: 'Chat' }).getByRole('button', { name: 'Cancel' }).click();

    // A user on this provider's booking screen meets its assistant.
    await openAs(page, user, provider);
    await page.getByRole('button', { name: 'Open chat support' }).click();
    const chat = page.getByRole('region', { name: 'Chat Support' });
    const input = chat.getByRole('textbox', { name: 'Message' });
    await input.fill('Hello!');
    await input.press('Enter');
    await expect(chat.getByRole('log')).toContainText('Welcome to Chatty Clinic! How can we help?');
    // No template fits and no chat model is configured: an agent takes over.
    await input.fill('Do you have parking?');
    await input.press('Enter');
    await expect(chat.getByRole('log')).toContainText(
      'Thank you for your message. An agent will respond shortly.',
    );
  });

  test('support picks a provider and reads its integrations without changing them; the superadmin may change them', async ({
    page,
    providerWithSplitSlots,
  }) => {
    const { provider } = await providerWithSplitSlots(clinic('Picked Clinic'));

    // The admin names the chat channel and writes a greeting.
    await signIn(page, provider.email);
    await page.goto('/integrations/apps');
    await expect(page.getByLabel('Provider')).toHaveCount(0);
    const chatCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Chat/ }) });
    await chatCard.getByRole('button', { name: 'Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat' });
    await dialog.getByLabel('Name').fill('Reception');
    await dialog.getByLabel('Webhook URL').fill('https://chat.example.com/hooks/reception');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(chatCard).toContainText('Reception');

    // Support: nothing is asked of the server until a provider is picked, then it reads only.
    await signIn(page, DEMO.support);
    await page.goto('/integrations/settings');
    await expect(page.getByText('Choose a provider to see its integrations.')).toBeVisible();
    await page.getByLabel('Provider').selectOption({ label: provider.businessName });
    const chatbot = page.getByRole('region', { name: 'AI Chatbot' });
    await expect(chatbot.getByLabel('Greeting')).toBeDisabled();
    await expect(chatbot.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.goto(`/integrations/apps${new URL(page.url()).search}`);
    const staffChatCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /Chat/ }) });
    await expect(staffChatCard).toContainText('Reception');
    await expect(staffChatCard).toContainText('Connected');
    await expect(page.getByRole('button', { name: /^(Connect|Disconnect)$/ })).toHaveCount(0);

    // The superadmin changes the provider's greeting; the admin sees it.
    await signIn(page, DEMO.superadmin);
    await page.goto('/integrations/settings');
    await page.getByLabel('Provider').selectOption({ label: provider.businessName });
    const editable = page.getByRole('region', { name: 'AI Chatbot' });
    await editable.getByLabel('Greeting').fill('Hello from the platform team');
    await editable.getByRole('button', { name: 'Save' }).click();
    await expect(editable.getByRole('status')).toHaveText('Settings saved');
    await signIn(page, provider.email);
    await page.goto('/integrations/settings');
    await expect(page.getByRole('region', { name: 'AI Chatbot' }).getByLabel('Greeting')).toHaveValue(
      'Hello from the platform team',
    );
  });
});
