import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { SeriesBookedResponse, SeriesForm, SeriesOccurrence } from '@appointment/contracts/appointments';
import { MESSAGES } from '@appointment/contracts/messages';
import { timeOfDayIn } from '@appointment/contracts/schedule';
import type { Actor } from '../../accounts/accounts-context';
import { commandMetadata } from '../../domain/command-handler';
import {
  ConflictError,
  DomainError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../../domain/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../idempotency/idempotency-keys';
import { appointmentNamed, type AppointmentsContext } from '../appointments-context';
import { APPOINTMENT_NAMESPACE, appointmentOf, bookingParty, withinBookingLimit } from '../book/book';
import { bookingRequestOf } from '../book/booking-request';
import { placeRulesOf } from '../book/place-rules';
import { timeSlotFor } from '../book/time-slot-for';
import { orderPayment, type Booked } from '../payment/order';
import {
  decideSeries,
  occurrenceDays,
  placeAt,
  placeStart,
  type Folded,
  type OccurrencePlace,
} from './series.decider';
import { appendAtOnce, lastOf, slotsNow } from './slots-at-once';

/** A lost race of the whole series is decided again (all streams read anew) this many times. */
const SERIES_RETRIES = 20;

/** With the scoped Idempotency-Key, it makes a series' id. */
const SERIES_NAMESPACE = '5b0e9c4d-2f1a-4c7e-8d3b-9a6f0e1c2b7d';

/**
 * The ids of a series and of its occurrences' bookings: made from the scoped Idempotency-Key when
 * the request has one, so the same request again names the same bookings; new ones otherwise.
 */
interface SeriesIds {
  seriesId: string;
  appointmentIdOf: (occurrence: number) => string;
  /** Whether the same request again would name the same bookings. */
  repeatable: boolean;
}

const seriesIdsOf = (key: string | undefined): SeriesIds =>
  key
    ? {
        seriesId: uuidv5(key, SERIES_NAMESPACE),
        appointmentIdOf: (occurrence) => uuidv5(`${key}\u0001${occurrence}`, APPOINTMENT_NAMESPACE),
        repeatable: true,
      }
    : { seriesId: randomUUID(), appointmentIdOf: () => randomUUID(), repeatable: false };

/**
 * The series' places and their time slots as they are now: the first as the form names it, each
 * next one the place of the same service at the same time of day, every N days or weeks later.
 */
const placesNow = async (
  context: AppointmentsContext,
  form: SeriesForm,
  serviceName: string,
  read: boolean,
): Promise<{ places: OccurrencePlace[]; slots: Map<string, Folded> }> => {
  const request = bookingRequestOf({ ...form, servicename: serviceName });
  const firstId = await timeSlotFor(context.deps.pool, request);
  const first = (await slotsNow(context, [firstId], { read })).get(firstId)!;
  if (first.state.status !== 'open') throw new NotFoundError(MESSAGES.slotNotFound);
  const { timezone } = first.state;
  // An interval named by its number, or else by the time it starts.
  const asked = request.startTime?.includes('T')
    ? timeOfDayIn(new Date(request.startTime), timezone)
    : request.startTime?.slice(0, 5);
  const intervalNumber = first.state.split
    ? (request.intervalNumber ?? (asked ? placeAt(first.state, asked)?.intervalNumber : undefined) ?? null)
    : null;
  const start = placeStart(first.state, intervalNumber);
  if (!start) throw new ValidationError(MESSAGES.intervalRequired);
  const time = timeOfDayIn(new Date(start), timezone);
  // The read models name each occurrence's time slot; each of those streams is then read through
  // the cache once, as a single booking's is.
  const days = occurrenceDays(first.state.date, form).slice(1);
  const ids = await Promise.all(
    days.map((date) =>
      timeSlotFor(context.deps.pool, {
        providerId: form.providerId,
        serviceName,
        date,
        startTime: time,
      }).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }),
    ),
  );
  const slots = await slotsNow(
    context,
    ids.filter((id) => id !== undefined),
    { read },
  );
  slots.set(firstId, first);
  const places = days.map((date, k): OccurrencePlace => {
    const id = ids[k];
    const place = id === undefined ? undefined : placeAt(slots.get(id)!.state, time);
    return place
      ? { occurrence: k + 2, date, timeSlotId: id, ...place }
      : { occurrence: k + 2, date, intervalNumber: null };
  });
  return {
    places: [{ occurrence: 1, date: first.state.date, timeSlotId: firstId, intervalNumber }, ...places],
    slots,
  };
};

/** A series booked before by the same request: its bookings' ids, in the order of its places. */
interface Repeated {
  made: string[];
  service: Parameters<typeof orderPayment>[3];
  places: OccurrencePlace[];
}

/** The series' booking party and the decision, made on the time slots as they are now. */
const decideNow = async (
  context: AppointmentsContext,
  actor: Actor,
  form: SeriesForm,
  ids: SeriesIds,
  mode: 'all' | 'freeOnly' | 'preview',
  read: boolean,
) => {
  const { service, terms } = await bookingParty(
    context,
    actor,
    { providerId: form.providerId, serviceName: form.servicename },
    0,
  );
  if (!service.allowRecurring) throw new IllegalStateError(MESSAGES.seriesNotAllowed);
  // Time off (issue 30) refuses an occurrence inside it, as it refuses a booking.
  const [{ places, slots }, placeRules] = await Promise.all([
    placesNow(context, form, service.name, read),
    placeRulesOf(context, form.providerId),
  ]);
  // The same request again (its Idempotency-Key): the bookings it made, found in their time slots.
  if (ids.repeatable) {
    const made = places.flatMap((place) => {
      const slot = place.timeSlotId === undefined ? undefined : slots.get(place.timeSlotId)?.state;
      const appointmentId = ids.appointmentIdOf(place.occurrence);
      return slot?.status === 'open' && slot.appointments.some((a) => a.appointmentId === appointmentId)
        ? [appointmentId]
        : [];
    });
    if (made.length > 0) return { kind: 'repeated' as const, made, service, places };
  }
  // Only a request that books anew counts against the booking limit, each occurrence as one.
  await withinBookingLimit(context, actor, mode === 'preview' ? 0 : form.count);
  const metadata = commandMetadata(context.now(), actor);
  const decision = decideSeries(
    {
      seriesId: ids.seriesId,
      places,
      slots,
      metadata,
      booking: (place) => ({
        appointmentId: ids.appointmentIdOf(place.occurrence),
        ...terms,
        ...placeRules,
        ...(form.note ? { note: form.note } : {}),
      }),
    },
    mode,
  );
  return { kind: 'decided' as const, decision, service, metadata, places };
};

/** Issue 31: every occurrence of the series, each marked free or not; nothing is held. */
export const previewSeries = async (
  context: AppointmentsContext,
  actor: Actor,
  form: SeriesForm,
): Promise<{ occurrences: SeriesOccurrence[] }> => {
  const preview = await decideNow(context, actor, form, seriesIdsOf(undefined), 'preview', true);
  if (preview.kind !== 'decided') throw new Error('a preview never repeats a series');
  const { decision } = preview;
  return { occurrences: decision.occurrences.map(({ booked: _booked, ...occurrence }) => occurrence) };
};

/**
 * Issue 31 POST /api/appointments/series: every occurrence decided by its time slot's decider,
 * then all the events in ONE atomic append with each time slot's expected revision: the series is
 * held all at once or not at all. A lost race (a stream moved on) decides the whole series again
 * on what the store has then. Each paid occurrence then gets its own order, as a booking does.
 */
export const bookSeries = async (
  context: AppointmentsContext,
  actor: Actor,
  form: SeriesForm,
  idempotency?: IdempotencyKey,
): Promise<Omit<SeriesBookedResponse, 'message'>> => {
  // The key is this caller's for booking a series, bound to this request (as a booking's is).
  const key =
    idempotency && (await claimIdempotencyKey(context.deps.pool, actor, 'book-series', idempotency));
  const ids = seriesIdsOf(key);
  const { seriesId } = ids;
  for (let attempt = 0; ; attempt++) {
    // The first attempt decides on the time slots as this process kept them, as a single booking
    // does; a refusal on them, or a lost race, decides again on what the store has then.
    let now;
    try {
      now = await decideNow(context, actor, form, ids, form.freeOnly ? 'freeOnly' : 'all', attempt > 0);
    } catch (error) {
      if (attempt === 0 && error instanceof DomainError) continue;
      throw error;
    }
    if (now.kind === 'repeated') return repeated(context, actor, ids, now);
    const { decision, service, metadata } = now;
    // An occurrence skipped on a kept state (freeOnly) is only skipped once its stream is read.
    if (attempt === 0 && decision.occurrences.some((o) => !o.free)) continue;
    const results = await appendAtOnce(context, metadata, decision.appends);
    if (!results) {
      if (attempt >= SERIES_RETRIES) throw new ConflictError(MESSAGES.slotJustBooked);
      continue;
    }
    const last = lastOf(results);
    // As a single booking: this person's next reads wait for the read model to hold the series.
    context.reads.wrote(actor.userId, last);
    const booked = decision.occurrences.flatMap((o) => (o.booked ? [appointmentOf(o.booked)] : []));
    const bookings: Booked[] = [];
    for (const appointment of booked)
      bookings.push(
        appointment.paymentNeeded
          ? await orderPayment(context, actor, appointment, service)
          : { appointment },
      );
    if (context.deps.answerAfterReadModel) await context.reads.caughtUp(actor.userId);
    return {
      seriesId,
      bookings,
      skipped: decision.occurrences.filter((o) => !o.free),
    };
  }
};

/**
 * The answer to the same request again (its Idempotency-Key): the series it booked, as the read
 * model holds it now (each paid occurrence with its order, made once per appointment); the
 * occurrences it did not book are the skipped ones.
 */
const repeated = async (
  context: AppointmentsContext,
  actor: Actor,
  ids: SeriesIds,
  { made, service, places }: Repeated,
): Promise<Omit<SeriesBookedResponse, 'message'>> => {
  await context.reads.caughtUp(actor.userId);
  const bookings: Booked[] = [];
  for (const appointmentId of made) {
    const appointment = await appointmentNamed(context, appointmentId);
    bookings.push(
      appointment.paymentNeeded && appointment.status !== 'cancelled'
        ? await orderPayment(context, actor, appointment, service)
        : { appointment },
    );
  }
  const skipped: SeriesOccurrence[] = places
    .filter((place) => !made.includes(ids.appointmentIdOf(place.occurrence)))
    .map((place) => ({
      occurrence: place.occurrence,
      date: place.date,
      ...(place.timeSlotId ? { timeslotId: place.timeSlotId, index: place.intervalNumber } : {}),
      free: false,
      reason: MESSAGES.slotJustBooked,
    }));
  return { seriesId: ids.seriesId, bookings, skipped };
};
