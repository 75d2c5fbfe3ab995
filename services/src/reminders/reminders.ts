import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { systemClock, type Clock } from '@appointment/contracts/clock';
import type { RecordedEvent } from '@appointment/contracts/events';
import { ReminderSent, ReminderSuppressed } from '@appointment/contracts/events/reminders';
import {
  AppointmentMovedIn,
  AppointmentMovedOut,
  AppointmentStatusChanged,
  IntervalBooked,
} from '@appointment/contracts/events/time-slot';
import { readEvent, type EventSchemas } from '@appointment/projections/parse-event';
import { batchReactor, type Projection } from '@appointment/projections/projection';
import { timeSlotStream } from '../appointments/book/time-slot.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { QUEUE_NAMES, type JobQueues } from '../jobs/job-queues';
import { withFields } from '@appointment/contracts/objects';

/**
 * Reminders: when an appointment becomes scheduled, delayed jobs are set for 24 hours and 1
 * hour before it starts. When a job runs it decides, from the appointment's own stream, whether
 * the reminder still applies; the decision is an event on `reminders-<appointmentId>`
 * (ReminderSent or ReminderSuppressed with its reason) whose id comes from the job, so a job
 * that runs again (its worker was killed) decides nothing twice. The notification and the
 * e-mail follow from ReminderSent through their reactors.
 */
export const remindersStream = (appointmentId: string) => `reminders-${appointmentId}`;

export const REMINDERS = [
  { kind: '24h', beforeMs: 24 * 3600 * 1000 },
  { kind: '1h', beforeMs: 3600 * 1000 },
] as const;
export type ReminderKind = (typeof REMINDERS)[number]['kind'];

export interface ReminderJob {
  appointmentId: string;
  timeSlotId: string;
  kind: ReminderKind;
  /** The id of the event that made the appointment scheduled: a later one makes this job stale. */
  scheduledBy: string;
  dueAt: string;
}

/** A reminder that could only run this late after its due time is no longer worth sending. */
const LATE_LIMIT_MS = 10 * 60 * 1000;
const REMINDER_NAMESPACE = '6a0e2b4c-9d1f-4e3a-8b7c-2f5d6e8a9c01';

const SCHEMAS = {
  IntervalBooked: IntervalBooked.pick({
    appointmentId: true,
    timeSlotId: true,
    status: true,
    startDateTime: true,
  }),
  AppointmentStatusChanged: AppointmentStatusChanged.pick({
    appointmentId: true,
    timeSlotId: true,
    to: true,
  }),
  // A booking moved here (issue 29) is reminded of at its new time.
  AppointmentMovedIn: AppointmentMovedIn.pick({
    appointmentId: true,
    timeSlotId: true,
    status: true,
    startDateTime: true,
  }),
} satisfies EventSchemas;

/**
 * Sets the reminder jobs of each appointment that becomes scheduled. Job ids come from the event
 * and the kind, so a replayed event enqueues nothing twice.
 */
export const reminderScheduler = (
  store: EventStore,
  jobs: Pick<JobQueues, 'enqueueMany'>,
  now: Clock = systemClock,
): Projection => {
  /** The reminder jobs one event sets: none unless it makes an appointment scheduled. */
  const remindersOf = async (event: RecordedEvent) => {
    const read = readEvent('reminder_scheduler', SCHEMAS, event);
    if (!read) return [];
    const { type, data: d } = read;
    const booked = type === 'IntervalBooked' || type === 'AppointmentMovedIn';
    const becameScheduled = booked ? d.status === 'scheduled' : d.to === 'scheduled';
    if (!becameScheduled) return [];
    const known = booked ? d.startDateTime : undefined;
    const startsAt = await startOf(store, d.timeSlotId, d.appointmentId, known);
    if (startsAt === undefined) return [];
    return REMINDERS.map((reminder) => {
      const dueAt = startsAt - reminder.beforeMs;
      const job: ReminderJob = {
        appointmentId: d.appointmentId,
        timeSlotId: d.timeSlotId,
        kind: reminder.kind,
        scheduledBy: event.id,
        dueAt: new Date(dueAt).toISOString(),
      };
      return {
        name: 'send-reminder',
        data: job,
        options: {
          jobId: `reminder-${event.id}-${reminder.kind}`,
          delayMs: Math.max(0, dueAt - now().getTime()),
          attempts: 5,
          backoffMs: 1000,
        },
      };
    });
  };
  /** A batch's reminders are set in one call. */
  const applyBatch: NonNullable<Projection['applyBatch']> = async (events) => {
    const reminders = [];
    for (const event of events) reminders.push(...(await remindersOf(event)));
    if (reminders.length > 0) await jobs.enqueueMany<ReminderJob>(QUEUE_NAMES.reminders, reminders);
  };
  return batchReactor('reminder_scheduler', applyBatch);
};

/** What a reminder reads of a booking. */
const BOOKING_FIELDS = {
  appointmentId: true,
  providerId: true,
  status: true,
  startDateTime: true,
  serviceName: true,
  providerName: true,
  userId: true,
  email: true,
  timezone: true,
  amount: true,
  currency: true,
} as const;
const BookingRead = IntervalBooked.pick(BOOKING_FIELDS);
const StatusRead = AppointmentStatusChanged.pick({ appointmentId: true, to: true });
/** What a reminder job reads of its time slot's stream: a booking moved away is not reminded of here. */
const APPOINTMENT_SCHEMAS = {
  IntervalBooked: BookingRead,
  AppointmentMovedIn: AppointmentMovedIn.pick(BOOKING_FIELDS),
  AppointmentStatusChanged: StatusRead,
  AppointmentMovedOut: AppointmentMovedOut.pick({ appointmentId: true }),
};

/** The booked interval's start, from the booking event in the time slot's stream. */
const startOf = async (
  store: EventStore,
  timeSlotId: string,
  appointmentId: string,
  known?: string,
): Promise<number | undefined> => {
  if (known) return Date.parse(known);
  const booked = (await store.readStream(timeSlotStream(timeSlotId)))
    .map((event) => readEvent('reminders', { IntervalBooked: BookingRead }, event)?.data)
    .find((booking) => booking?.appointmentId === appointmentId);
  return booked ? Date.parse(booked.startDateTime) : undefined;
};

/** The appointment as its time slot's stream tells it: status and the event that last scheduled it. */
const appointmentNow = (events: RecordedEvent[], appointmentId: string) => {
  let status: string | undefined;
  let scheduledBy: string | undefined;
  let startDateTime: string | undefined;
  let serviceName = '';
  let providerId = '';
  let providerName = '';
  let userId = '';
  let email = '';
  let timezone = 'UTC';
  let price: { amount: number; currency: string } | undefined;
  for (const event of events) {
    const read = readEvent('reminders', APPOINTMENT_SCHEMAS, event);
    const booked =
      read?.type === 'IntervalBooked' || read?.type === 'AppointmentMovedIn' ? read.data : undefined;
    const changed = read?.type === 'AppointmentStatusChanged' ? read.data : undefined;
    if (read?.type === 'AppointmentMovedOut' && read.data.appointmentId === appointmentId) {
      status = 'rescheduled';
      continue;
    }
    if (booked?.appointmentId === appointmentId) {
      ({ status, startDateTime, serviceName, providerId, providerName, userId, email, timezone } = booked);
      const { amount, currency } = booked;
      // Older bookings, recorded before prices had a currency, name none: their reminder names no price.
      price = amount > 0 && currency ? { amount, currency } : undefined;
      if (status === 'scheduled') scheduledBy = event.id;
    } else if (changed?.appointmentId === appointmentId) {
      status = changed.to;
      if (status === 'scheduled') scheduledBy = event.id;
    }
  }
  return {
    status,
    scheduledBy,
    startDateTime,
    serviceName,
    providerId,
    providerName,
    userId,
    email,
    timezone,
    price,
  };
};

/**
 * The reminder job. Sent only while the appointment is still scheduled by the same event and
 * has not started; otherwise suppressed with the reason. Either way one event, once.
 */
export const runReminder = async (
  store: EventStore,
  job: ReminderJob,
  now: Date = new Date(),
): Promise<'sent' | 'suppressed'> => {
  const appointment = appointmentNow(
    await store.readStream(timeSlotStream(job.timeSlotId)),
    job.appointmentId,
  );
  let reason: string | undefined;
  if (appointment.status !== 'scheduled') reason = `the appointment is ${appointment.status ?? 'unknown'}`;
  else if (appointment.scheduledBy !== job.scheduledBy) reason = 'the appointment was scheduled again since';
  else if (!appointment.startDateTime || Date.parse(appointment.startDateTime) <= now.getTime()) {
    reason = 'the appointment has started';
  } else if (now.getTime() - Date.parse(job.dueAt) > LATE_LIMIT_MS) reason = 'the reminder was due long ago';
  const id = uuidv5(`${job.scheduledBy}\u0001${job.kind}`, REMINDER_NAMESPACE);
  const at = now.toISOString();
  await store.append(
    remindersStream(job.appointmentId),
    [
      reason
        ? {
            id,
            type: 'ReminderSuppressed',
            data: withFields(job, { reason, at }) satisfies z.input<typeof ReminderSuppressed>,
            metadata: { causationId: job.scheduledBy },
          }
        : {
            id,
            type: 'ReminderSent',
            data: withFields(job, {
              userId: appointment.userId,
              email: appointment.email,
              serviceName: appointment.serviceName,
              // The provider's WhatsApp settings decide whether the reminder goes there too.
              providerId: appointment.providerId,
              providerName: appointment.providerName,
              startDateTime: appointment.startDateTime!,
              timezone: appointment.timezone,
              ...(appointment.price ?? {}),
              at,
            }) satisfies z.input<typeof ReminderSent>,
            metadata: { causationId: job.scheduledBy },
          },
    ],
    { expectedRevision: 'any' },
  );
  return reason ? 'suppressed' : 'sent';
};
