import { expect, openAs, test, uniqueName } from './booking-fixture';
import { signIn } from './api-sign-in';
import { startLocalPeer, WHATSAPP_PEER_PORT } from './local-peer';

/**
 * The chat app and WhatsApp end to end: the admin connects the provider's chat channel
 * on Connected Apps and enables WhatsApp in Integration Settings, the user chooses WhatsApp in
 * their profile and books in the browser; the channel hears of the booking; the admin confirms on
 * the dashboard, and the channel hears of that while the user's phone gets the confirmation
 * template. Both services are real HTTP servers on this machine: the channel at a URL the admin
 * types (the launcher lets loopback URLs through), the messaging API where playwright.config.ts
 * points WHATSAPP_API_URL.
 */
test.describe('Chat app and WhatsApp (issue 11)', () => {
  test('a booking made in the browser reaches the chat channel, and its confirmation the chat channel and WhatsApp', async ({
    page,
    providerWithSplitSlots,
  }) => {
    const channel = await startLocalPeer();
    const whatsApp = await startLocalPeer(WHATSAPP_PEER_PORT);
    try {
      const {
        provider,
        users: [user],
      } = await providerWithSplitSlots(
        {
          businessName: uniqueName('Chatter Clinic'),
          service: 'Ear Check',
          startTime: '10:00',
          endTime: '11:00',
          parts: 2,
          days: 2,
        },
        'chat-app',
      );

      await signIn(page, provider.email);
      await page.goto('/integrations/apps');
      const chatCard = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: /Chat/ }) });
      await chatCard.getByRole('button', { name: 'Connect' }).click();
      const dialog = page.getByRole('dialog', { name: 'Chat' });
      await dialog.getByLabel('Name').fill('Front desk');
      await dialog.getByLabel('Webhook URL').fill(`${channel.url}/hooks/front-desk`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(chatCard).toContainText('Connected');

      await page.goto('/integrations/settings');
      const panel = page.getByRole('region', { name: 'WhatsApp' });
      await panel.getByRole('switch', { name: 'Enable WhatsApp messages' }).check();
      await panel.getByLabel('Connected number').fill('+1 555 0100');
      await panel.getByLabel('Phone number ID').fill('1098765');
      // The provider's own token of the messaging API.
      await panel.getByLabel('Access token').fill('e2e-whatsapp-token');
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(panel.getByRole('status')).toHaveText('Settings saved');

      // The user wants WhatsApp messages (Profile → Notification Preferences).
      await signIn(page, user.email, user.password);
      await page.goto('/profile');
      const details = page.getByRole('form', { name: 'Profile details' });
      await details.getByRole('switch', { name: 'WhatsApp notifications' }).check();
      await details.getByRole('button', { name: 'Save Changes' }).click();
      await expect(details.getByText('Profile updated')).toBeVisible();

      // The user books the next slot on the booking screen.
      await openAs(page, user, provider);
      await page
        .getByRole('region', { name: 'Next available slot' })
        .getByRole('button', { name: 'Book Now' })
        .click();
      await page
        .getByRole('dialog', { name: 'Confirm Booking' })
        .getByRole('button', { name: 'Submit' })
        .click();
      await expect(page).toHaveURL(/\/appointments$/);

      await expect.poll(() => channel.heard.length, { timeout: 15_000 }).toBe(1);
      const [booked] = channel.heard;
      expect(booked!.method).toBe('POST');
      expect(booked!.path).toBe('/hooks/front-desk');
      expect(booked!.json).toEqual({
        text: expect.stringMatching(
          new RegExp(`^New booking: Ear Check for ${user.name} on .+ \\(pending\\)$`),
        ),
      });

      // The admin confirms on the dashboard: the channel hears of the status change.
      await signIn(page, provider.email);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Confirm' }).first().click();
      await expect.poll(() => channel.heard.length, { timeout: 15_000 }).toBe(2);
      expect(channel.heard[1]!.json).toEqual({
        text: expect.stringMatching(/^Ear Check for .+: pending → scheduled$/),
      });

      // The confirmation, as the approved template, to the user's phone.
      await expect.poll(() => whatsApp.heard.length, { timeout: 15_000 }).toBe(1);
      const [message] = whatsApp.heard;
      expect(message!.path).toBe('/v18.0/1098765/messages');
      expect(message!.headers.authorization).toBe('Bearer e2e-whatsapp-token');
      expect(message!.json).toMatchObject({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: user.phone.replace(/\D/g, ''),
        type: 'template',
        template: { name: 'appointment_confirmation', language: { code: 'en' } },
      });
      expect(JSON.stringify(message!.json)).toContain('Ear Check');
    } finally {
      await channel.close();
      await whatsApp.close();
    }
  });
});
