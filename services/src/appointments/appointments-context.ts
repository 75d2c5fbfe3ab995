import type pg from 'pg';
import type { Appointment } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { appointmentById } from '@appointment/projections/appointments.queries';
import type { Actor } from '../accounts/accounts-context';
import { commandMetadata, handleCommand, StreamCache, type HandleOptions } from '../domain/command-handler';
import { NotFoundError } from '../domain/errors';
import {
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotCommand,
  type TimeSlotState,
} from './book/time-slot.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import type { JobQueues } from '../jobs/job-queues';
import type { PaymentGateway } from '../payments/payment-gateway';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';
import { ProviderStates } from './book/provider-states';
import { TimeOffKept } from './book/place-rules';
import { dayCopiesBeyond } from './waitlist/day-copies';
import { withFields } from '@appointment/contracts/objects';

export interface AppointmentsDependencies {
  store: EventStore;
  pool: pg.Pool;
  waitFor: WaitFor;
  /**
   * Waits for the read models the slot lists come from (rm_schedule): a lost race answers once
   * they hold what won it. Defaults to `waitFor`.
   */
  waitForSlots?: WaitFor;
  payments: PaymentGateway;
  /** Payment confirmation and the unpaid-booking timeout run here (BullMQ). */
  jobs?: JobQueues;
  paymentTimeoutMs: number;
  /** Upcoming active appointments one account may hold (no hoarding); 0: no limit. */
  bookingLimit?: number;
  now?: () => Date;
  /**
   * Keep providers' states and time off in memory between bookings. Only for a process whose
   * projector tells `providers.changed` and `timeOff.changed` of every batch: that is what drops a
   * changed provider.
   */
  keepProviders?: boolean;
  /**
   * The booker's next read may reach another process (several API processes): a booking then
   * answers only once the read model holds it, as every other command does.
   */
  answerAfterReadModel?: boolean;
}

/** Bookings of one time slot race on its stream; each lost race is decided again, a bounded number of times. */
const BOOKING_RETRIES = 60;

/** What every appointments slice shares: its dependencies, the clock, the caches, read-your-writes. */
export interface AppointmentsContext {
  deps: AppointmentsDependencies;
  now: () => Date;
  /** How every command on a time slot is handled: lost races decided again, then 409. */
  onTimeSlot: HandleOptions<TimeSlotState>;
  providers: ProviderStates;
  /** Providers' time off, which no booking or move enters (issue 30). */
  timeOff: TimeOffKept;
  reads: ReadYourWrites;
}

export const appointmentsContext = (deps: AppointmentsDependencies): AppointmentsContext => ({
  deps,
  now: deps.now ?? (() => new Date()),
  onTimeSlot: {
    maxRetries: BOOKING_RETRIES,
    conflictMessage: MESSAGES.slotJustBooked,
    // Time slots this process booked on lately: a booking usually decides without reading.
    cache: new StreamCache<TimeSlotState>(),
    // An offer to a waitlist day entry closes its other copies in the same append (issue 31).
    beyond: dayCopiesBeyond(deps.store),
  },
  providers: new ProviderStates(deps.store, deps.keepProviders ?? false),
  timeOff: new TimeOffKept(deps.keepProviders ?? false),
  reads: new ReadYourWrites(deps.waitFor),
});

/**
 * A command on an appointment's time slot, answered once the read models hold its events (unless
 * `settle` is false: a step of a use case whose last step waits for them).
 */
export const onTimeSlot = async (
  context: AppointmentsContext,
  actor: Actor | undefined,
  timeSlotId: string,
  command: Omit<TimeSlotCommand, 'metadata'>,
  { settle = true }: { settle?: boolean } = {},
): Promise<TimeSlotState> => {
  const result = await handleCommand(
    context.deps.store,
    timeSlotStream(timeSlotId),
    timeSlotDecider,
    withFields(command, { metadata: commandMetadata(context.now(), actor) }) as TimeSlotCommand,
    context.onTimeSlot,
  );
  if (settle) await context.reads.settled(result.position);
  return result.state;
};

/** When an unpaid booking of a paid service stops being held (its unpaid timeout). */
export const payByOf = (context: AppointmentsContext, appointment: Appointment): string | undefined => {
  if (!appointment.paymentNeeded || appointment.paid || appointment.status !== 'pending') return undefined;
  return new Date(Date.parse(appointment.createdAt) + context.deps.paymentTimeoutMs).toISOString();
};

/** An appointment with its pay-by instant, when it still waits for its payment. */
export const withPayBy = (context: AppointmentsContext, appointment: Appointment): Appointment => {
  const payBy = payByOf(context, appointment);
  return payBy ? withFields(appointment, { payBy }) : appointment;
};

/**
 * One appointment from the read model. One not there yet may be a booking this process has
 * just answered (someone else acting on it at once): that is waited for, once.
 */
export const appointmentNamed = async (context: AppointmentsContext, id: string): Promise<Appointment> => {
  let found = await appointmentById(context.deps.pool, id);
  if (!found && (await context.reads.lastWriteSettled()))
    found = await appointmentById(context.deps.pool, id);
  if (!found) throw new NotFoundError(MESSAGES.appointmentNotFound);
  return withPayBy(context, found.appointment);
};
