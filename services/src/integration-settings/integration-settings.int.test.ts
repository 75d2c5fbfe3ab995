import {
  AGENT_HANDOVER,
  DEFAULT_CHATBOT,
  DEFAULT_WHATSAPP,
  INTEGRATION_SETTINGS_PATHS as PATHS,
  type ChatReply,
  type IntegrationSettings,
} from '@appointment/contracts/integration-settings';
import { MESSAGES } from '@appointment/contracts/messages';
import { HttpPeer } from '@appointment/infra/testing/http-peer';
import { bookAtSunrise, startTestPlatform, type Caller, type TestPlatform } from '../testing/test-platform';

type SettingsReply = { settings: IntegrationSettings; message?: string };

/** Integration settings and the chat assistant over real HTTP, with a local chat-model peer. */
describe('integration settings and the chat assistant', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;
  let model: HttpPeer;
  let sunriseId: string;

  beforeAll(async () => {
    model = await new HttpPeer(() => ({
      status: 200,
      body: { choices: [{ message: { role: 'assistant', content: 'We open at nine.' } }] },
    })).start();
    test = await startTestPlatform({
      demoData: true,
      name: 'integration_settings',
      env: {
        CHATBOT_API_URL: `${model.url}/v1/chat/completions`,
        CHATBOT_API_KEY: 'local-key',
        CHAT_LIMIT: '8',
        CHAT_MODELS: 'gpt-4o-mini, llama3.2',
      },
    });
    admin = await test.signedIn('admin@example.com');
    user = await test.signedIn('user@example.com');
    sunriseId = (await admin.get<SettingsReply>(PATHS.settings)).body.settings.providerId;
  });
  afterAll(async () => {
    await test.stop();
    await model.stop();
  });

  it('starts from the spec defaults, saves each panel, and shows the same to platform staff', async () => {
    expect((await admin.get<SettingsReply>(PATHS.settings)).body.settings).toMatchObject({
      chatbot: DEFAULT_CHATBOT,
      whatsapp: DEFAULT_WHATSAPP,
      chatApp: { connected: false },
    });
    const chatbot = { ...DEFAULT_CHATBOT, temperature: 0.25, maxTokens: 256 as const, model: 'llama3.2' };
    const saved = await admin.call<SettingsReply>('PUT', PATHS.chatbot, chatbot);
    expect(saved.body).toMatchObject({ message: MESSAGES.integrationSettingsSaved, settings: { chatbot } });
    const whatsapp = {
      ...DEFAULT_WHATSAPP,
      enabled: true,
      connectedNumber: '+34 600 000 000',
      phoneNumberId: '10987',
    };
    expect((await admin.call<SettingsReply>('PUT', PATHS.whatsapp, whatsapp)).body.settings.whatsapp).toEqual(
      whatsapp,
    );

    const support = await test.signedIn('support@example.com');
    expect(
      (await support.get<SettingsReply>(`${PATHS.settings}?providerId=${sunriseId}`)).body.settings,
    ).toMatchObject({
      chatbot,
      whatsapp,
    });
    expect((await support.call('PUT', PATHS.chatbot, chatbot)).status).toBe(403);
  });

  it('takes only a chat model the operator offers (CHAT_MODELS), issue 26', async () => {
    const before = (await admin.get<SettingsReply>(PATHS.settings)).body.settings.chatbot;
    const refused = await admin.call('PUT', PATHS.chatbot, { ...before, model: 'gpt-4-32k' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: MESSAGES.chatModelNotOffered,
      errors: [{ field: 'model', message: MESSAGES.chatModelNotOffered }],
    });
    expect((await admin.get<SettingsReply>(PATHS.settings)).body.settings.chatbot).toEqual(before);
    const offered = await admin.call<SettingsReply>('PUT', PATHS.chatbot, { ...before, model: 'llama3.2' });
    expect(offered.body.settings.chatbot.model).toBe('llama3.2');
    // The panel offers the list.
    expect((await admin.get<SettingsReply>(PATHS.settings)).body.settings.chatModels).toEqual([
      'gpt-4o-mini',
      'llama3.2',
    ]);
  });

  it('refuses bad settings with a 400 and keeps what was saved', async () => {
    const before = (await admin.get<SettingsReply>(PATHS.settings)).body.settings;
    const hot = await admin.call('PUT', PATHS.chatbot, { ...DEFAULT_CHATBOT, temperature: 2 });
    expect(hot.status).toBe(400);
    expect(hot.headers.get('x-refused-by')).toBe('schema');
    const badTemplate = await admin.call('PUT', PATHS.whatsapp, {
      ...DEFAULT_WHATSAPP,
      templates: [{ name: 'Bad Name', language: 'en', status: 'approved', body: 'x' }],
    });
    expect(badTemplate.status).toBe(400);
    expect((await admin.get<SettingsReply>(PATHS.settings)).body.settings).toEqual(before);
  });

  it('connects, configures and disconnects the chat app; configure needs a connection', async () => {
    const app = {
      name: 'Front desk chat',
      description: 'Bookings',
      webhookUrl: 'https://93.184.215.14/hooks/1',
    };
    expect((await admin.call('PUT', PATHS.chatAppConfigure, app)).body).toEqual({
      message: MESSAGES.chatAppNotConnected,
    });
    const connected = await admin.post<SettingsReply>(PATHS.chatAppConnect, app);
    expect(connected.body).toMatchObject({
      message: MESSAGES.chatAppConnected,
      settings: { chatApp: { connected: true, ...app } },
    });
    const moved = { ...app, webhookUrl: 'https://93.184.215.14/hooks/2' };
    expect(
      (await admin.call<SettingsReply>('PUT', PATHS.chatAppConfigure, moved)).body.settings.chatApp,
    ).toMatchObject(moved);
    expect(
      (await admin.post(PATHS.chatAppConnect, { ...app, webhookUrl: 'ftp://93.184.215.14' })).status,
    ).toBe(400);
    // The guard against request forgery, as for webhooks: no loopback, private or metadata address.
    for (const webhookUrl of [
      'http://127.0.0.1:9/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/x',
    ])
      expect((await admin.call('PUT', PATHS.chatAppConfigure, { ...app, webhookUrl })).body).toMatchObject({
        message: MESSAGES.webhookUrlUnsafe,
      });
    // A name is required (the card would read "Chat / Chat"), with the spec's text.
    expect((await admin.call('PUT', PATHS.chatAppConfigure, { ...app, name: '  ' })).body).toMatchObject({
      errors: [{ field: 'name', message: 'Name is required' }],
    });
    expect((await admin.post<SettingsReply>(PATHS.chatAppDisconnect)).body.settings.chatApp).toMatchObject({
      connected: false,
    });
  });

  it('shows the chat app’s webhook URL, a credential, masked to everyone but the provider’s admin (issue 26)', async () => {
    const app = {
      name: 'Front desk chat',
      description: 'Bookings',
      webhookUrl: 'https://93.184.215.14/services/T000/B000/SeCrEtToKeNwXyZ',
    };
    await admin.post(PATHS.chatAppConnect, app);
    expect((await admin.get<SettingsReply>(PATHS.settings)).body.settings.chatApp.webhookUrl).toBe(
      app.webhookUrl,
    );
    const masked = 'https://93.184.215.14/…wXyZ';
    for (const email of ['support@example.com', 'superadmin@example.com']) {
      const staff = await test.signedIn(email);
      const read = await staff.get<SettingsReply>(`${PATHS.settings}?providerId=${sunriseId}`);
      expect(read.body.settings.chatApp).toMatchObject({
        connected: true,
        name: app.name,
        webhookUrl: masked,
      });
      expect(JSON.stringify(read.body)).not.toContain('SeCrEt');
    }
    // The superadmin renames the app in the configure modal, which shows the mask: the URL stays.
    const superadmin = await test.signedIn('superadmin@example.com');
    const renamed = await superadmin.call<SettingsReply>(
      'PUT',
      `${PATHS.chatAppConfigure}?providerId=${sunriseId}`,
      { ...app, name: 'Reception', webhookUrl: masked },
    );
    expect(renamed.body.settings.chatApp).toMatchObject({ name: 'Reception', webhookUrl: masked });
    expect((await admin.get<SettingsReply>(PATHS.settings)).body.settings.chatApp).toMatchObject({
      name: 'Reception',
      webhookUrl: app.webhookUrl,
    });
    await admin.post(PATHS.chatAppDisconnect);
  });

  it('answers from a response template, then from the chat model with the saved settings, else hands over', async () => {
    const hello = await user.post<ChatReply>(PATHS.chat, {
      message: 'Hello!',
      type: 'text',
      context: { providerId: sunriseId },
    });
    expect(hello.body).toEqual({ reply: DEFAULT_CHATBOT.templates.greeting, source: 'template' });

    // The model is asked with the saved model, temperature and length, and knows the services
    // and the person's next appointment with this provider.
    const { appointment } = await bookAtSunrise(user, 'General Consultation');
    model.received.length = 0;
    const asked = await user.post<ChatReply>(PATHS.chat, {
      message: 'When do you open?',
      context: { providerId: sunriseId },
    });
    expect(asked.body).toEqual({ reply: 'We open at nine.', source: 'model' });
    expect(model.received).toHaveLength(1);
    const [request] = model.received;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe('Bearer local-key');
    expect(request!.json).toMatchObject({
      model: 'llama3.2',
      temperature: 0.25,
      max_tokens: 256,
      messages: [{ role: 'system' }, { role: 'user', content: 'When do you open?' }],
    });
    const system = (request!.json as { messages: { content: string }[] }).messages[0]!.content;
    expect(system).toContain('Sunrise Clinic');
    expect(system).toContain('General Consultation');
    expect(system).toContain(appointment.date);

    // Without a provider in view, an agent answers.
    expect((await user.post<ChatReply>(PATHS.chat, { message: 'When do you open?' })).body).toEqual({
      reply: AGENT_HANDOVER,
      source: 'agent',
    });

    // A long answer is cut at the max response length; a failing model hands over to an agent.
    model.answerNext({ status: 200, body: { choices: [{ message: { content: 'x'.repeat(5000) } }] } });
    expect(
      (
        await user.post<ChatReply>(PATHS.chat, {
          message: 'Tell me everything',
          context: { providerId: sunriseId },
        })
      ).body.reply,
    ).toHaveLength(256 * 4);
    model.answerNext({ status: 500, body: { error: 'down' } });
    expect(
      (
        await user.post<ChatReply>(PATHS.chat, {
          message: 'Still there?',
          context: { providerId: sunriseId },
        })
      ).body,
    ).toEqual({
      reply: AGENT_HANDOVER,
      source: 'agent',
    });

    // Turned off, the assistant hands every message over.
    await admin.call('PUT', PATHS.chatbot, { ...DEFAULT_CHATBOT, enabled: false });
    expect(
      (await user.post<ChatReply>(PATHS.chat, { message: 'Hello', context: { providerId: sunriseId } })).body,
    ).toEqual({
      reply: AGENT_HANDOVER,
      source: 'agent',
    });
    expect((await user.post(PATHS.chat, { message: '   ' })).status).toBe(400);
  });

  it('limits how fast one person may chat', async () => {
    const other = await test.signedIn('incharge@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await other.post(PATHS.chat, { message: 'Hello' })).status);
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect((await other.post(PATHS.chat, { message: 'Hello' })).body).toEqual({
      message: MESSAGES.chatTooFast,
    });
  });
});
