import { addDays, format, parseISO } from 'date-fns';
import { Webhook as Verifier } from 'standardwebhooks';
import { dayKeyIn } from '@appointment/contracts/schedule';
import { testClock } from '@appointment/infra/testing/clock';
import { MESSAGES } from '@appointment/contracts/messages';
import { startWebhookReceiver, type WebhookReceiver } from '@appointment/infra/testing/webhook-receiver';
import {
  bookAtSunrise,
  startTestPlatform,
  sunriseTimeSlots,
  type Caller,
  type TestPlatform,
} from '../../testing/test-platform';
import { WEBHOOK_DISABLED_TEXT } from './webhook-dispatch';

/** Polls the API until `check` holds: deliveries happen in the background. */
const eventually = async <T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`still not so after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('webhooks (issue 10)', () => {
  let test: TestPlatform;
  let receiver: WebhookReceiver;
  let admin: Caller;
  let user: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({
      demoData: true,
      name: 'webhooks',
      jobs: true,
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1s,1s', BOOKING_LIMIT: '0' },
    });
    receiver = await startWebhookReceiver();
    admin = await test.signedIn('admin@example.com');
    user = await test.signedIn('user@example.com');
  });
  afterAll(async () => {
    await receiver.close();
    await test.stop();
  });

  const create = async (body: Record<string, unknown>) =>
    admin.op('createWebhook', {
      body: {
        name: 'CRM',
        url: receiver.url,
        eventTypes: ['appointment.booked'],
        ...body,
      },
    });
  const deliveries = (webhookId: string) => async () =>
    (await admin.op('webhookDeliveries', { params: { id: webhookId } })).body.deliveries;

  it('shows the secret once, then lists the webhook without it', async () => {
    const created = await create({ name: 'Listed' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const listed = await admin.op('listWebhooks');
    const mine = listed.body.webhooks.find((hook) => hook.id === created.body.webhook.id)!;
    expect(mine).toMatchObject({ name: 'Listed', url: receiver.url, active: true });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    const rotated = await admin.op('rotateWebhookSecret', { params: { id: mine.id } });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect((await admin.op('deleteWebhook', { params: { id: mine.id } })).body).toEqual({
      message: MESSAGES.webhookDeleted,
    });
  });

  it('refuses a bad form with the contracts’ messages', async () => {
    const bad = await create({ url: 'ftp://example.com', eventTypes: [] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MESSAGES.webhookUrlInvalid);
    expect(JSON.stringify(bad.body)).toContain(MESSAGES.webhookEventTypesRequired);
    expect((await user.opUnchecked('createWebhook')).status).toBe(403);
  });

  it('delivers a booking signed, retries a failing receiver with the same webhook-id, and redelivers', async () => {
    const created = await create({ name: 'Bookings' });
    const { webhook, secret } = created.body;
    receiver.answerNext(500, 503);
    const start = receiver.heard.length;
    const { appointment } = await bookAtSunrise(user, 'General Consultation');

    const log = await eventually(deliveries(webhook.id), (list) => list[0]?.status === 'succeeded');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ eventType: 'appointment.booked', attempts: 3, lastStatusCode: 200 });
    expect(log[0]!.lastResponse).toBe('{"received":true}');

    const attempts = receiver.heard.slice(start);
    expect(attempts.map((a) => a.answered)).toEqual([500, 503, 200]);
    expect(new Set(attempts.map((a) => a.webhookId))).toEqual(new Set([log[0]!.id]));
    const verifier = new Verifier(secret);
    for (const attempt of attempts) {
      const payload = verifier.verify(attempt.body, attempt.headers as Record<string, string>) as {
        type: string;
        data: { appointmentId: string };
      };
      expect(payload).toMatchObject({ type: 'appointment.booked', data: { appointmentId: appointment._id } });
    }

    const again = await admin.op('redeliverWebhook', { params: { id: webhook.id, deliveryId: log[0]!.id } });
    expect(again.status).toBe(202);
    const heard = await receiver.until((all) => all.length === start + 4);
    expect(heard[start + 3]!.webhookId).toBe(log[0]!.id);
    await eventually(
      deliveries(webhook.id),
      (list) => list[0]?.attempts === 4 && list[0]?.status === 'succeeded',
    );
    await admin.op('deleteWebhook', { params: { id: webhook.id } });
  });

  it("delivers the schedule's changes (issue 30): timeslot.changed, timeslot.deleted and timeoff.added", async () => {
    const created = await create({
      name: 'Schedule',
      eventTypes: ['timeslot.changed', 'timeslot.deleted', 'timeoff.added'],
    });
    const { webhook, secret } = created.body;
    const start = receiver.heard.length;
    const date = format(addDays(parseISO(dayKeyIn(testClock(), 'Asia/Kolkata')), 9), 'yyyy-MM-dd');
    const form = {
      date,
      startTime: '18:00',
      endTime: '20:00',
      addAsSlot: true,
      availableSlots: 4,
      serviceIds: ['General Consultation'],
    };
    const added = await admin.op('addTimeSlot', { body: form });
    expect(added.status).toBe(201);
    const id = added.body.timeslots[0]!._id;
    expect(
      (await admin.op('editTimeSlot', { body: { ...form, id, endTime: '19:00', availableSlots: 2 } })).status,
    ).toBe(200);
    expect((await admin.op('deleteTimeSlot', { body: { id } })).status).toBe(200);
    const off = await admin.op('addTimeOff', { body: { from: date, to: date, reason: 'Inventory' } });
    expect(off.status).toBe(201);

    const log = await eventually(
      deliveries(webhook.id),
      (list) => list.length === 3 && list.every((delivery) => delivery.status === 'succeeded'),
    );
    expect(new Set(log.map((delivery) => delivery.eventType))).toEqual(
      new Set(['timeslot.changed', 'timeslot.deleted', 'timeoff.added']),
    );
    const verifier = new Verifier(secret);
    const payloads = receiver.heard.slice(start).map(
      (attempt) =>
        verifier.verify(attempt.body, attempt.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
    const ofType = (type: string) => payloads.filter((payload) => payload.type === type);
    expect(ofType('timeslot.changed')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          timeSlotId: id,
          endTime: '19:00',
          availableSlots: 2,
          previous: expect.objectContaining({ endTime: '20:00', availableSlots: 4 }),
          cancelledAppointments: [],
        }),
      }),
    ]);
    expect(ofType('timeslot.deleted')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ timeSlotId: id, cancelledAppointments: [] }),
      }),
    ]);
    expect(ofType('timeoff.added')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ timeOffId: off.body.timeOff._id, from: date, to: date }),
      }),
    ]);
    await admin.op('deleteWebhook', { params: { id: webhook.id } });
  });

  it('turns a webhook off after 20 failed deliveries in a row, and tells the admin', async () => {
    const created = await create({ name: 'Broken', url: `${receiver.url}?broken` });
    const webhook = created.body.webhook;
    receiver.answerAlways(500);
    try {
      // Twenty bookings: each delivery fails its three attempts.
      const { sunrise, timeSlots } = await sunriseTimeSlots(user, 'Follow-up Visit');
      let booked = 0;
      for (const timeSlot of timeSlots) {
        for (let index = 1; booked < 20 && index <= 4; index++) {
          const reply = await user.op('book', {
            body: {
              servicename: 'Follow-up Visit',
              providerId: sunrise.id,
              timeslotId: timeSlot._id,
              date: timeSlot.date,
              index: String(index),
            },
          });
          if (reply.status === 200 || reply.status === 201) booked++;
          else break;
        }
        if (booked === 20) break;
      }
      expect(booked).toBe(20);
      const off = await eventually(
        async () => (await admin.op('listWebhooks')).body.webhooks.find((hook) => hook.id === webhook.id)!,
        (hook) => !hook.active,
        90_000,
      );
      expect(off.disabledReason).toBe('20 failed deliveries in a row');
      const list = await deliveries(webhook.id)();
      expect(list.filter((delivery) => delivery.status === 'failed')).toHaveLength(20);
      const notices = await eventually(
        async () => (await admin.op('notifications')).body,
        (body) => body.notifications.some((n) => n.message === WEBHOOK_DISABLED_TEXT('Broken', 20)),
      );
      expect(
        notices.notifications.filter((n) => n.message === WEBHOOK_DISABLED_TEXT('Broken', 20)),
      ).toHaveLength(1);
    } finally {
      receiver.answerAlways(undefined);
    }
  }, 120_000);
});

describe('webhooks to private addresses (issue 10)', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'webhooks_guard' });
  });
  afterAll(async () => {
    await test.stop();
  });

  it('are refused when saved', async () => {
    const admin = await test.signedIn('admin@example.com');
    for (const url of [
      'http://127.0.0.1:9/hooks',
      'http://169.254.169.254/latest',
      'http://localhost/x',
      // Only global unicast addresses.
      'http://[::127.0.0.1]/hooks',
      'http://[::169.254.169.254]/latest',
      'http://[64:ff9b:1::a9fe:a9fe]/latest',
      'http://[fec0::1]/hooks',
      'http://[2002:a9fe:a9fe::1]/latest',
    ]) {
      const reply = await admin.op('createWebhook', {
        body: {
          name: 'Inside',
          url,
          eventTypes: ['appointment.booked'],
        },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ message: MESSAGES.webhookUrlUnsafe });
    }
  });

  it("answers the form's mistakes with the spec's texts, and a host that does not resolve as such", async () => {
    const admin = await test.signedIn('admin@example.com');
    const create = (body: Record<string, unknown>) => admin.op('createWebhook', { body: body as never });
    const fields = (reply: { body: unknown }) =>
      Object.fromEntries(
        ((reply.body as { errors?: { field: string; message: string }[] }).errors ?? []).map((e) => [
          e.field,
          e.message,
        ]),
      );
    const empty = await create({ name: ' ', url: 'not a url', eventTypes: [] });
    expect(empty.status).toBe(400);
    expect(fields(empty)).toMatchObject({
      name: 'Name is required',
      url: 'Valid URL is required',
      eventTypes: 'At least one event must be selected',
    });
    // RFC 2606: .invalid never resolves.
    const nowhere = await create({
      name: 'Nowhere',
      url: 'https://no-such-host.invalid/hooks',
      eventTypes: ['appointment.booked'],
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body).toMatchObject({ message: MESSAGES.webhookUrlUnresolvable });
  });
});
