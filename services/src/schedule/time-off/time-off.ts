import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  dayKeyIn,
  lastSchedulableDay,
  timeOffSpan,
  type BookingInTimeOff,
  type TimeOff,
  type TimeOffAddedAnswer,
  type TimeOffRequest,
} from '@appointment/contracts/schedule';
import { heldDuring } from '@appointment/projections/appointments.queries';
import { timeOffOf } from '@appointment/projections/schedule.queries';
import type { Actor } from '../../accounts/accounts-context';
import { ownProvider } from '../../catalogue/catalogue-context';
import { handleCommand, loadState } from '../../domain/command-handler';
import { ValidationError } from '../../domain/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../idempotency/idempotency-keys';
import { activeProvider, metadataOf, type ScheduleContext } from '../schedule-context';
import { timeSlotsBeforeCalendar } from '../time-slots/add-time-slots';
import {
  providerCalendarDecider,
  providerCalendarStream,
  type ProviderCalendarCommand,
} from '../time-slots/provider-calendar.decider';

const TIME_OFF_NAMESPACE = '5b0c7e2a-9d41-4c3f-b8e6-2a7f1d9c4e63';
/** The longest time off: a year and a day. */
const MAX_TIME_OFF_MS = 366 * 86_400_000;

const refused = (field: 'from' | 'to', message: string) => new ValidationError(message, [{ field, message }]);

/**
 * Issue 30: the admin takes time off, on the provider's calendar (the boundary for its times). `from`
 * and `to` are day keys for whole days (`to` inclusive) or YYYY-MM-DDTHH:mm wall-clock times
 * (`to` exclusive) in the provider's zone. Time slots and bookings inside it stay: the answer lists
 * the bookings for the admin to cancel or keep; fetchslot offers nothing inside it from then on.
 */
export const addTimeOff = async (
  context: ScheduleContext,
  actor: Actor,
  request: TimeOffRequest,
  idempotency?: IdempotencyKey,
): Promise<TimeOffAddedAnswer> => {
  const provider = await activeProvider(context, actor);
  const { timezone, providerId } = provider;
  const span = timeOffSpan(request.from, request.to, timezone);
  const start = Date.parse(span.startDateTime);
  const end = Date.parse(span.endDateTime);
  if (end <= start) throw refused('to', MESSAGES.timeOffEndAfterStart);
  if (end <= context.now().getTime()) throw refused('to', MESSAGES.timeOffInPast);
  if (end - start > MAX_TIME_OFF_MS) throw refused('to', MESSAGES.timeOffTooLong);
  if (request.from.slice(0, 10) > lastSchedulableDay(dayKeyIn(context.now(), timezone)))
    throw refused('from', MESSAGES.dateTooFarAhead);
  const idempotencyKey =
    idempotency && (await claimIdempotencyKey(context.deps.pool, actor, 'addTimeOff', idempotency));
  const timeOffId = idempotencyKey
    ? uuidv5(`${providerId}\u0000${idempotencyKey}`, TIME_OFF_NAMESPACE)
    : randomUUID();
  const timeOff = {
    timeOffId,
    from: request.from,
    to: request.to,
    reason: request.reason,
    timezone,
    ...span,
  };
  const stream = providerCalendarStream(providerId);
  const calendar = await loadState(context.deps.store, stream, providerCalendarDecider);
  const existing = calendar.opened ? undefined : await timeSlotsBeforeCalendar(context, providerId);
  const result = await handleCommand(
    context.deps.store,
    stream,
    providerCalendarDecider,
    {
      type: 'AddTimeOff',
      data: { providerId, timeOff, ...(existing ? { existing } : {}) },
      metadata: metadataOf(context, actor),
    } satisfies ProviderCalendarCommand,
    { maxRetries: 10 },
  );
  await context.reads.settled(result.position);
  const bookings = (await heldDuring(context.deps.pool, providerId, span)).map(
    (appointment): BookingInTimeOff => ({
      _id: appointment._id,
      username: appointment.username,
      serviceName: appointment.serviceName,
      date: appointment.date,
      startTime: appointment.startTime,
      endTime: appointment.endTime,
      startDateTime: appointment.startDateTime,
      status: appointment.status,
    }),
  );
  const { timeOffId: _id, ...listed } = timeOff;
  return { message: MESSAGES.timeOffAdded, timeOff: { _id, ...listed }, bookings };
};

/** The provider's time off that has not ended, by start. */
export const timeOffList = (context: ScheduleContext, actor: Actor): Promise<TimeOff[]> =>
  timeOffOf(context.deps.pool, ownProvider(actor), context.now());

/** Deletes a time off of the actor's provider: its times may be offered again. */
export const deleteTimeOff = async (context: ScheduleContext, actor: Actor, id: string): Promise<void> => {
  const { providerId } = await activeProvider(context, actor);
  const result = await handleCommand(
    context.deps.store,
    providerCalendarStream(providerId),
    providerCalendarDecider,
    {
      type: 'DeleteTimeOff',
      data: { providerId, timeOffId: id },
      metadata: metadataOf(context, actor),
    } satisfies ProviderCalendarCommand,
    { maxRetries: 10 },
  );
  await context.reads.settled(result.position);
};
