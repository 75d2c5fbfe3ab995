// @any-hour: reminders fall due 24 h and 1 h before a start; late ones are suppressed.
import type { Profile } from '@appointment/contracts/accounts';
import type { Provider } from '@appointment/contracts/catalogue';
import { timeSlotStream } from '../appointments/book/time-slot.decider';
import { readMailbox } from '../mail/mail-outbox';
import { startTestPlatform, type Caller, type TestPlatform } from '../testing/test-platform';
import { remindersStream, runReminder, type ReminderJob } from './reminders';
import { testNow } from '@appointment/infra/testing/clock';

/** Reminders: set when an appointment is scheduled, sent once, suppressed when stale. */
describe('reminders', () => {
  let test: TestPlatform;
  let user: Caller;
  let admin: Caller;
  let sunrise: Provider;

  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('timed out waiting');
  };

  /** Books Follow-up Visit (free, automatic: scheduled at once) and returns the reminder jobs it set. */
  const bookScheduled = async (index: number) => {
    const slots = await user.op('fetchSlot', {
      body: {
        providerId: sunrise.id,
        serviceId: 'Follow-up Visit',
      },
    });
    const timeSlot = slots.body.timeslots.find(
      (slot) => Date.parse(slot.startDateTime) > testNow() + 86_400_000,
    )!;
    const booked = await user.op('book', {
      body: {
        servicename: 'Follow-up Visit',
        providerId: sunrise.id,
        timeslotId: timeSlot._id,
        date: timeSlot.date,
        index: String(index),
      },
    });
    expect(booked.body.appointment.status).toBe('scheduled');
    const { appointment } = booked.body;
    const bookedEvent = (await test.platform.store.readStream(timeSlotStream(timeSlot._id))).find(
      (e) =>
        e.type === 'IntervalBooked' &&
        (e.data as { appointmentId: string }).appointmentId === appointment._id,
    )!;
    const job = (kind: '24h' | '1h'): ReminderJob => ({
      appointmentId: appointment._id,
      timeSlotId: timeSlot._id,
      kind,
      scheduledBy: bookedEvent.id,
      dueAt: new Date(
        Date.parse(appointment.startDateTime) - (kind === '24h' ? 86_400_000 : 3_600_000),
      ).toISOString(),
    });
    return { appointment, job };
  };

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'reminders', jobs: true });
    user = await test.signedIn('user@example.com');
    admin = await test.signedIn('admin@example.com');
    sunrise = (await user.op('fetchProviders', { body: { search: 'Sunrise' } })).body.providers[0]!;
  });
  afterAll(async () => {
    await test.stop();
  });

  it('sets a 24-hour and a 1-hour reminder job when an appointment becomes scheduled', async () => {
    await bookScheduled(1);
    // Both jobs wait for their time (the appointment is more than a day away).
    const counts = await eventually(
      () => test.platform.jobs!.counts('reminders'),
      (c) => c.delayed >= 2,
    );
    expect(counts.delayed).toBe(2);
  });

  it('sends a due reminder exactly once, however often its job runs', async () => {
    const { appointment, job } = await bookScheduled(2);
    const dueNow = new Date(Date.parse(job('1h').dueAt) + 1000);
    // The first run, then the same job again, as after a worker killed mid-job.
    expect(await runReminder(test.platform.store, job('1h'), dueNow)).toBe('sent');
    await runReminder(test.platform.store, job('1h'), dueNow);
    const decisions = await test.platform.store.readStream(remindersStream(appointment._id));
    expect(decisions.map((e) => e.type)).toEqual(['ReminderSent']);

    const reminders = await eventually(
      async () =>
        (await user.op('notifications')).body.notifications.filter((n) =>
          n.message.startsWith('Reminder: your appointment for Follow-up Visit at Sunrise Clinic'),
        ),
      (list) => list.length > 0,
    );
    expect(reminders).toHaveLength(1);
    const mails = await eventually(
      async () =>
        (await readMailbox(test.platform.pool, 'user@example.com')).filter((m) =>
          m.subject.startsWith('Reminder:'),
        ),
      (list) => list.length > 0,
    );
    expect(mails).toHaveLength(1);
  });

  it('suppresses, with its reason, a reminder for an appointment cancelled since', async () => {
    const { appointment, job } = await bookScheduled(3);
    await admin.op('updateStatus', { body: { id: appointment._id, status: 'cancelled' } });
    const dueNow = new Date(Date.parse(job('24h').dueAt) + 1000);
    expect(await runReminder(test.platform.store, job('24h'), dueNow)).toBe('suppressed');
    const [decision] = await test.platform.store.readStream(remindersStream(appointment._id));
    expect(decision).toMatchObject({
      type: 'ReminderSuppressed',
      data: { reason: 'the appointment is cancelled' },
    });

    // Scheduled again: the old job is stale, a new one (set by the new event) applies.
    await admin.op('updateStatus', { body: { id: appointment._id, status: 'scheduled' } });
    expect(
      await runReminder(test.platform.store, job('1h'), new Date(Date.parse(job('1h').dueAt) + 1000)),
    ).toBe('suppressed');
    const reasons = (await test.platform.store.readStream(remindersStream(appointment._id))).map(
      (e) => (e.data as { reason?: string }).reason,
    );
    expect(reasons).toEqual(['the appointment is cancelled', 'the appointment was scheduled again since']);
  });

  it('e-mails a reminder in the language saved on the account (issue 15)', async () => {
    const { data: profile } = (await user.op('getProfile')).body;
    const save = (language: Profile['language']) =>
      user.op('updateProfile', {
        body: {
          name: profile.name,
          email: profile.email,
          phone: profile.phone,
          timezone: profile.timezone,
          language,
          notificationPreferences: profile.notificationPreferences,
        },
      });
    expect((await save('es')).status).toBe(200);
    try {
      const { appointment, job } = await bookScheduled(4);
      const dueNow = new Date(Date.parse(job('1h').dueAt) + 1000);
      expect(await runReminder(test.platform.store, job('1h'), dueNow)).toBe('sent');
      const [mail] = await eventually(
        async () =>
          (await readMailbox(test.platform.pool, 'user@example.com')).filter((m) =>
            m.subject.startsWith('Recordatorio: Follow-up Visit el '),
          ),
        (list) => list.length > 0,
      );
      // The date as Spanish writes it, in the provider's zone.
      const [sent] = await test.platform.store.readStream(remindersStream(appointment._id));
      const { startDateTime, timezone } = sent!.data as { startDateTime: string; timezone: string };
      const when = new Intl.DateTimeFormat('es-ES', {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: timezone,
      }).format(new Date(startDateTime));
      expect(mail!.subject).toBe(`Recordatorio: Follow-up Visit el ${when}`);
      expect(mail!.text).toContain(
        `le recordamos su cita para Follow-up Visit en Sunrise Clinic el ${when}.`,
      );
    } finally {
      await save(profile.language);
    }
  });
});
