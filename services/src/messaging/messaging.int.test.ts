// @any-hour: confirmations and reminders carry the provider's day and time.
import type { WhatsAppMessageRecord } from '@appointment/contracts/events/messaging';
import {
  DEFAULT_WHATSAPP,
  INTEGRATION_SETTINGS_PATHS as PATHS,
  type IntegrationSettings,
} from '@appointment/contracts/integration-settings';
import { HttpPeer } from '@appointment/infra/testing/http-peer';
import { testNow } from '@appointment/infra/testing/clock';
import { timeSlotStream } from '../appointments/book/time-slot.decider';
import { remindersStream, runReminder } from '../reminders/reminders';
import { startTestPlatform, type Caller, type TestPlatform } from '../testing/test-platform';

const eventually = async <T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> => {
  for (let i = 0; i < 150; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting');
};

/**
 * WhatsApp messages and the chat app through the real job queues, against a local peer that
 * plays the messaging API and the chat channel's webhook.
 */
describe('outbound messages: WhatsApp and the chat app', () => {
  let test: TestPlatform;
  let admin: Caller;
  let user: Caller;
  let peer: HttpPeer;
  let sunriseId: string;

  const bookFollowUp = async (index: number) => {
    const slots = await user.op('fetchSlot', {
      body: {
        providerId: sunriseId,
        serviceId: 'Follow-up Visit',
      },
    });
    const timeSlot = slots.body.timeslots.find(
      (slot) => Date.parse(slot.startDateTime) > testNow() + 2 * 86_400_000,
    )!;
    const booked = await user.op('book', {
      body: {
        servicename: 'Follow-up Visit',
        providerId: sunriseId,
        timeslotId: timeSlot._id,
        date: timeSlot.date,
        index: String(index),
      },
    });
    expect(booked.body.appointment.status).toBe('scheduled');
    return { appointment: booked.body.appointment, timeSlot };
  };

  const messagesTo = (path: string) => peer.received.filter((request) => request.path === path);

  beforeAll(async () => {
    peer = await new HttpPeer((request) =>
      request.path.endsWith('/messages')
        ? {
            status: 200,
            body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.${peer.received.length}` }] },
          }
        : { status: 200, body: { ok: true } },
    ).start();
    test = await startTestPlatform({
      demoData: true,
      jobs: true,
      name: 'messaging',
      // The chat channel's webhook is the local peer: private addresses allowed, as in development.
      env: {
        WHATSAPP_API_URL: `${peer.url}/v18.0`,
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      },
    });
    admin = await test.signedIn('admin@example.com');
    user = await test.signedIn('user@example.com');
    sunriseId = (await admin.get<{ settings: { providerId: string } }>(PATHS.settings)).body.settings
      .providerId;
    // The person chooses WhatsApp messages in their profile.
    const { data: profile } = (await user.op('getProfile')).body;
    const saved = await user.op('updateProfile', {
      body: {
        name: profile.name,
        email: profile.email,
        phone: profile.phone,
        timezone: profile.timezone,
        language: profile.language,
        notificationPreferences: { ...profile.notificationPreferences, whatsapp: true },
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await test.stop();
    await peer.stop();
  });

  it('sends the confirmation as the approved template, once, retrying the API’s failures', async () => {
    await admin.call('PUT', PATHS.whatsapp, {
      ...DEFAULT_WHATSAPP,
      enabled: true,
      connectedNumber: '+91 99955 50100',
      phoneNumberId: '10987654321',
      accessToken: 'EAAG-sunrise-own-token-0001',
    });
    peer.answerNext({ status: 500, body: { error: { message: 'temporarily unavailable' } } });
    const { appointment } = await bookFollowUp(1);

    const sent = await eventually(
      () => messagesTo('/v18.0/10987654321/messages'),
      (requests) => requests.length >= 2,
    );
    expect(sent).toHaveLength(2);
    // The provider's own token, which opens only its own numbers; no platform-wide one.
    expect(sent[1]!.headers.authorization).toBe('Bearer EAAG-sunrise-own-token-0001');
    // Write-only: read back masked, by its admin too; sending the mask back keeps it.
    const read = (await admin.get<{ settings: IntegrationSettings }>(PATHS.settings)).body.settings.whatsapp;
    expect(read.accessToken).toBe('…0001');
    expect(JSON.stringify(read)).not.toContain('sunrise-own');
    expect(sent[1]!.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: expect.stringMatching(/^\d+$/),
      type: 'template',
      template: {
        name: 'appointment_confirmation',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Follow-up Visit' },
              { type: 'text', text: 'Sunrise Clinic' },
              { type: 'text', text: expect.stringMatching(/\d{4}/) },
              { type: 'text', text: expect.stringMatching(/^\d{2}:\d{2}$/) },
            ],
          },
        ],
      },
    });
    const recorded = await eventually(
      () => test.platform.store.readStream(remindersStream(appointment._id)),
      (events) => events.length > 0,
    );
    expect(recorded.map((event) => event.type)).toEqual(['WhatsAppMessageSent']);
    const log = await eventually(
      async () =>
        (await admin.get<{ messages: WhatsAppMessageRecord[] }>(PATHS.whatsappMessages)).body.messages.filter(
          (message) => message.appointmentId === appointment._id,
        ),
      (messages) => messages.length > 0,
    );
    expect(log).toEqual([
      expect.objectContaining({ kind: 'confirmation', status: 'sent', detail: 'appointment_confirmation' }),
    ]);
  });

  it('sends a reminder too, as text when its template is not approved, and records an API refusal', async () => {
    await admin.call('PUT', PATHS.whatsapp, {
      ...DEFAULT_WHATSAPP,
      enabled: true,
      phoneNumberId: '10987654321',
      templates: DEFAULT_WHATSAPP.templates.map((template) =>
        template.name === 'appointment_reminder' ? { ...template, status: 'pending' } : template,
      ),
    });
    const { appointment, timeSlot } = await bookFollowUp(2);
    await eventually(
      () => test.platform.store.readStream(remindersStream(appointment._id)),
      (events) => events.length > 0,
    );
    const before = messagesTo('/v18.0/10987654321/messages').length;
    const scheduledBy = (await test.platform.store.readStream(timeSlotStream(timeSlot._id))).find(
      (event) =>
        event.type === 'IntervalBooked' &&
        (event.data as { appointmentId: string }).appointmentId === appointment._id,
    )!.id;
    const dueAt = new Date(Date.parse(appointment.startDateTime) - 86_400_000);
    await runReminder(
      test.platform.store,
      {
        appointmentId: appointment._id,
        timeSlotId: timeSlot._id,
        kind: '24h',
        scheduledBy,
        dueAt: dueAt.toISOString(),
      },
      dueAt,
    );

    const reminder = await eventually(
      () => messagesTo('/v18.0/10987654321/messages').slice(before),
      (requests) => requests.length > 0,
    );
    expect(reminder[0]!.json).toMatchObject({
      type: 'text',
      text: {
        body: expect.stringMatching(
          /^Reminder: your appointment for Follow-up Visit at Sunrise Clinic is on /,
        ),
      },
    });

    // A refusal the API will not mend (400) is recorded with its message, not retried.
    peer.answerNext({
      status: 400,
      body: { error: { message: '(#131030) Recipient phone number not in allowed list' } },
    });
    const second = await bookFollowUp(3);
    const failed = await eventually(
      () => test.platform.store.readStream(remindersStream(second.appointment._id)),
      (events) => events.length > 0,
    );
    expect(failed.map((event) => [event.type, (event.data as { error?: string }).error])).toEqual([
      ['WhatsAppMessageFailed', '(#131030) Recipient phone number not in allowed list'],
    ]);
  });

  it('posts new bookings and status changes to the connected chat app', async () => {
    await admin.post(PATHS.chatAppConnect, {
      name: 'Front desk',
      description: '',
      webhookUrl: `${peer.url}/chat/front-desk`,
    });
    const { appointment } = await bookFollowUp(4);
    const posted = await eventually(
      () => messagesTo('/chat/front-desk'),
      (requests) => requests.length >= 1,
    );
    expect(posted[0]!.json).toEqual({
      text: expect.stringMatching(
        /^New booking: Follow-up Visit for Asha User on .+ at \d{2}:\d{2} \(scheduled\)$/,
      ),
    });
    expect(
      (await admin.op('updateStatus', { body: { id: appointment._id, status: 'cancelled' } })).status,
    ).toBe(200);
    const changed = await eventually(
      () => messagesTo('/chat/front-desk'),
      (requests) => requests.length >= 2,
    );
    expect(changed[1]!.json).toEqual({ text: expect.stringMatching(/: scheduled → cancelled$/) });

    // Disconnected: nothing more is posted.
    await admin.post(PATHS.chatAppDisconnect);
    await bookFollowUp(5);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messagesTo('/chat/front-desk')).toHaveLength(2);
  });
});
