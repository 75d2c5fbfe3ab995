import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { Appointment } from '@appointment/contracts/appointments';
import { readEvent } from '@appointment/contracts/events/read-event';
import type { IntervalBookedData } from '@appointment/contracts/events/time-slot';
import { MESSAGES } from '@appointment/contracts/messages';
import { FALLBACK_CURRENCY } from '@appointment/contracts/money';
import { timeOfDayIn } from '@appointment/contracts/schedule';
import { appointmentById, upcomingHeldBy } from '@appointment/projections/appointments.queries';
import type { Actor } from '../../accounts/accounts-context';
import { commandMetadata, handleCommand } from '../../domain/command-handler';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from '../../domain/errors';
import { timeSlotDecider, timeSlotStream, type TimeSlotCommand } from './time-slot.decider';
import { claimIdempotencyKey, type IdempotencyKey } from '../../idempotency/idempotency-keys';
import { appointmentNamed, type AppointmentsContext } from '../appointments-context';
import { orderPayment, type Booked } from '../payment/order';
import type { BookingRequest } from './booking-request';
import { timeSlotFor } from './time-slot-for';
import { placeRulesOf } from './place-rules';
import { mark } from '../../server-timing';

export const APPOINTMENT_NAMESPACE = '8d7f1c2a-3b4e-4f5a-9c6d-7e8f9a0b1c2d';

/** An appointment as its booking event records it, before anything else happens to it. */
export const appointmentOf = (d: IntervalBookedData): Appointment => {
  const startTime = timeOfDayIn(new Date(d.startDateTime), d.timezone);
  const endTime = timeOfDayIn(new Date(d.endDateTime), d.timezone);
  return {
    _id: d.appointmentId,
    userId: d.userId,
    email: d.email,
    username: d.username,
    providerId: d.providerId,
    providerName: d.providerName,
    serviceName: d.serviceName,
    timeslotId: d.timeSlotId,
    index: d.index,
    date: d.date,
    starttime: startTime,
    startTime,
    endtime: endTime,
    endTime,
    startDateTime: new Date(d.startDateTime).toISOString(),
    endDateTime: new Date(d.endDateTime).toISOString(),
    timezone: d.timezone,
    status: d.status,
    paymentNeeded: d.paymentNeeded,
    paid: false,
    amount: d.amount,
    currency: d.currency ?? FALLBACK_CURRENCY,
    ...(d.note ? { note: d.note } : {}),
    ...(d.imageUrl ? { imageUrl: d.imageUrl } : {}),
    createdAt: new Date(d.at).toISOString(),
    updatedAt: new Date(d.at).toISOString(),
    ...(d.policy ? { policy: d.policy } : {}),
    ...(d.series ? { series: d.series } : {}),
  };
};

/**
 * One account may hold only so many upcoming active appointments (one person must not hoard
 * a provider's free slots). Counted on the read model after this person's own last booking
 * is in it; bookings racing each other from one account may pass the limit by their number,
 * which a single person's browser does not reach. A request that adds none (`more` 0: a
 * preview, the same request again) is never refused; nor is one that `repeats` (asked only of a
 * request past the limit: the same request again, whose booking is already held).
 */
export const withinBookingLimit = async (
  context: AppointmentsContext,
  actor: Actor,
  more: number,
  repeats?: () => Promise<boolean>,
): Promise<void> => {
  const limit = context.deps.bookingLimit ?? 0;
  if (limit <= 0 || more <= 0) return;
  await context.reads.caughtUp(actor.userId);
  const held = await upcomingHeldBy(context.deps.pool, actor.userId, context.now(), limit);
  if (held + more > limit && !(await repeats?.())) throw new TooManyRequestsError(MESSAGES.tooManyBookings);
};

/**
 * A person books (and pays) only once their address is confirmed, so nobody books under an
 * address that is not theirs. The session says so; a person who confirmed it in the last
 * seconds is read again from the accounts read model before being refused.
 */
const confirmedAddress = async (context: AppointmentsContext, actor: Actor): Promise<void> => {
  if (actor.emailVerified !== false) return;
  const { rows } = await context.deps.pool.query<{ email_verified: boolean }>(
    'SELECT email_verified FROM rm_accounts.users WHERE id = $1',
    [actor.userId],
  );
  if (!rows[0]?.email_verified) throw new ForbiddenError(MESSAGES.emailNotVerified);
};

/**
 * Who books what, before any place is taken: the active provider, its service by the request's
 * name, and the person with a confirmed address, within the booking limit for `occurrences` more
 * bookings. A series passes 0 and counts its occurrences itself once it knows the request is not
 * one it answered before (issue 31: the same request again answers its series, at any count).
 */
export const bookingParty = async (
  context: AppointmentsContext,
  actor: Actor,
  request: Pick<BookingRequest, 'providerId' | 'serviceName'>,
  occurrences = 1,
  repeats?: () => Promise<boolean>,
) => {
  const { deps } = context;
  const provider = await context.providers.of(request.providerId);
  if (provider.status !== 'active') throw new NotFoundError(MESSAGES.providerNotFound);
  const service = provider.services.find(
    (s) => s.name.toLowerCase() === request.serviceName.trim().toLowerCase(),
  );
  if (!service) {
    throw new ValidationError(MESSAGES.serviceNotFound, [
      { field: 'servicename', message: MESSAGES.serviceNotFound },
    ]);
  }
  // Production without a card provider: a paid booking would hold a slot nobody can pay for.
  if (service.isPaymentNeeded && deps.payments.name === 'none')
    throw new ServiceUnavailableError(MESSAGES.paymentsUnavailable);
  await withinBookingLimit(context, actor, occurrences, repeats);
  await confirmedAddress(context, actor);
  const user =
    actor.email !== undefined && actor.name !== undefined
      ? { email: actor.email, name: actor.name }
      : (
          await deps.pool.query<{ email: string; name: string }>(
            'SELECT email, name FROM rm_accounts.users WHERE id = $1',
            [actor.userId],
          )
        ).rows[0];
  if (!user) throw new NotFoundError(MESSAGES.userNotFound);
  // What every booking of this party records: price and flags from the provider's service, never
  // from the form; the policy in force is the booking's (a later change of it changes no booking).
  const terms = {
    providerId: request.providerId,
    userId: actor.userId,
    email: user.email,
    username: user.name,
    providerName: provider.name,
    serviceName: service.name,
    serviceDuration: service.duration,
    paymentNeeded: service.isPaymentNeeded,
    automaticBooking: service.automaticBooking,
    amount: service.price,
    currency: provider.currency,
    policy: provider.policy,
  };
  return { provider, service, user, terms };
};

/**
 * docs/product.md §7.3 bookappointment. The interval is taken by one append to the time slot's stream with
 * its expected revision: of any number of racing requests exactly one wins an interval, the
 * others get 409. The same idempotency key books once. Price and flags come from the
 * provider's service, never from the booking form.
 */
export const book = async (
  context: AppointmentsContext,
  actor: Actor,
  request: BookingRequest,
  imageUrl?: string,
  idempotency?: IdempotencyKey,
): Promise<Booked> => {
  const { deps } = context;
  // The key is this caller's for booking, bound to this request; another request with it
  // is refused, so an appointment id never names two bookings.
  const idempotencyKey = idempotency && (await claimIdempotencyKey(deps.pool, actor, 'book', idempotency));
  // A claimed offer books one appointment, whatever the number of claims (issue 31).
  const appointmentId = request.offerId
    ? uuidv5(`offer:${request.offerId}`, APPOINTMENT_NAMESPACE)
    : idempotencyKey
      ? uuidv5(idempotencyKey, APPOINTMENT_NAMESPACE)
      : randomUUID();
  // The same request again answers its booking, at the booking limit too.
  const repeats =
    idempotencyKey || request.offerId
      ? async () => (await appointmentById(deps.pool, appointmentId, actor.userId)) !== undefined
      : undefined;
  mark('key');
  const { service, terms } = await bookingParty(context, actor, request, 1, repeats);
  mark('party');
  const [timeSlotId, placeRules] = await Promise.all([
    timeSlotFor(deps.pool, request),
    placeRulesOf(context, request.providerId),
  ]);
  mark('slot');
  const result = await lostRaceSeen(context, actor.userId, timeSlotId, () =>
    handleCommand(
      deps.store,
      timeSlotStream(timeSlotId),
      timeSlotDecider,
      {
        type: 'BookInterval',
        data: {
          appointmentId,
          ...terms,
          intervalNumber: request.intervalNumber ?? null,
          ...placeRules,
          ...(request.note ? { note: request.note } : {}),
          ...(imageUrl ? { imageUrl } : {}),
          ...(request.offerId ? { offerId: request.offerId } : {}),
        },
        // A repeated request finds its first booking's event and waits for it like the first did.
        metadata: commandMetadata(context.now(), actor, idempotencyKey ? { idempotencyKey } : {}),
      } satisfies TimeSlotCommand,
      context.onTimeSlot,
    ),
  );
  const booked = result.events
    .map((event) => readEvent('IntervalBooked', event, 'booking'))
    .find((data) => data?.appointmentId === appointmentId);
  mark('command');
  let appointment: Appointment;
  if (booked && !result.repeated && result.position) {
    // Just booked: the answer is the event itself. This person's next reads wait for the
    // read model to hold it (`caughtUp`); nobody waits here.
    appointment = appointmentOf(booked);
    context.reads.wrote(actor.userId, result.position);
    if (deps.answerAfterReadModel) await context.reads.caughtUp(actor.userId);
  } else {
    await context.reads.settled(result.position);
    appointment = await appointmentNamed(context, appointmentId);
  }
  if (!appointment.paymentNeeded || appointment.status === 'cancelled') {
    mark('answer');
    return { appointment };
  }
  const ordered = await orderPayment(context, actor, appointment, service);
  mark('order');
  return ordered;
};

/**
 * A lost race (409, "This slot was just booked") makes the slots the person reads next show the
 * interval taken: their next reads wait until the read models hold what won it (the position the
 * refusal was decided at, or, for a race lost to every retry, the time slot stream's last), as a
 * booker's next reads wait for their booking. The refusal itself answers at once (issue 28: under
 * load one booking in ten lost a race and waited a projector batch for its 409, the booking's
 * p99). Where the next read may reach another process (`answerAfterReadModel`), the refusal waits.
 */
const lostRaceSeen = async <T>(
  context: AppointmentsContext,
  userId: string,
  timeSlotId: string,
  book: () => Promise<T>,
): Promise<T> => {
  try {
    return await book();
  } catch (error) {
    if (error instanceof ConflictError) {
      const position =
        error.refusedAt ?? (await context.deps.store.readStream(timeSlotStream(timeSlotId))).at(-1)?.position;
      if (position && context.deps.answerAfterReadModel)
        await (context.deps.waitForSlots ?? context.deps.waitFor)(position);
      else if (position) context.reads.wrote(userId, position);
    }
    throw error;
  }
};
