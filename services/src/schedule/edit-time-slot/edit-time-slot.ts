import { MESSAGES } from '@appointment/contracts/messages';
import {
  dayKeyIn,
  lastSchedulableDay,
  timeSlotShape,
  zonedInstant,
  type EditTimeSlotForm,
  type TimeSlot,
} from '@appointment/contracts/schedule';
import type { TimeSlotChangedData } from '@appointment/contracts/events/time-slot';
import { timeSlotsByIds } from '@appointment/projections/schedule.queries';
import type { Actor } from '../../accounts/accounts-context';
import { handleCommand, loadState } from '../../domain/command-handler';
import { NotFoundError, ValidationError } from '../../domain/errors';
import {
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotCommand,
  type TimeSlotDetails,
} from '../../appointments/book/time-slot.decider';
import { dayCopiesBeyond } from '../../appointments/waitlist/day-copies';
import { activeProvider, metadataOf, serviceNames, type ScheduleContext } from '../schedule-context';
import { entryOf, releaseWindows, reserveNewTimes } from '../time-slots/calendar-windows';
import { entryKey } from '../time-slots/provider-calendar.decider';
import { refuseShortPlaces, timeSlotsBeforeCalendar } from '../time-slots/add-time-slots';

/**
 * POST edittimeslot (issue 30): the admin changes one of the provider's time slots. New times are
 * reserved on the provider's calendar first (the overlap rule), then the time slot changes on its
 * own stream, where the bookings it would drop are refused (409, named) or cancelled with full
 * refunds in the same append; then the old times are given back, or, when the change was refused,
 * the new ones (docs/architecture.md §5, the two-stream pattern).
 */
export const editTimeSlot = async (
  context: ScheduleContext,
  actor: Actor,
  form: EditTimeSlotForm,
): Promise<{ timeslot: TimeSlot; cancelled: string[] }> => {
  const provider = await activeProvider(context, actor);
  const stream = timeSlotStream(form.id);
  const slot = await loadState(context.deps.store, stream, timeSlotDecider);
  if (slot.status === 'none' || slot.deleted || slot.providerId !== provider.providerId)
    throw new NotFoundError(MESSAGES.slotNotFound);
  const today = dayKeyIn(context.now(), slot.timezone);
  if (form.date < today)
    throw new ValidationError(MESSAGES.dateInPast, [{ field: 'date', message: MESSAGES.dateInPast }]);
  if (form.date > lastSchedulableDay(today))
    throw new ValidationError(MESSAGES.dateTooFarAhead, [
      { field: 'date', message: MESSAGES.dateTooFarAhead },
    ]);
  const { capacity, split } = timeSlotShape({ ...form, repeat: 'none' });
  const details: TimeSlotDetails = {
    timeSlotId: slot.timeSlotId,
    providerId: slot.providerId,
    serviceNames: serviceNames(provider, form.serviceIds),
    date: form.date,
    startTime: form.startTime,
    endTime: form.endTime,
    timezone: slot.timezone,
    startDateTime: zonedInstant(form.date, form.startTime, slot.timezone).toISOString(),
    endDateTime: zonedInstant(form.date, form.endTime, slot.timezone).toISOString(),
    capacity,
    split,
    ...(slot.seriesId ? { seriesId: slot.seriesId } : {}),
  };
  refuseShortPlaces(
    context,
    { ...details, capacity, split },
    provider.services.filter((service) => details.serviceNames.includes(service.name)),
  );
  const newTimes = entryOf(details);
  const moves = entryKey(newTimes) !== entryKey(entryOf(slot));
  if (moves)
    await reserveNewTimes(context, actor, provider.providerId, newTimes, () =>
      timeSlotsBeforeCalendar(context, provider.providerId),
    );
  let result;
  try {
    result = await handleCommand(
      context.deps.store,
      stream,
      timeSlotDecider,
      {
        type: 'ChangeTimeSlot',
        data: { details, cancelAffected: form.cancelAffected },
        metadata: metadataOf(context, actor),
      } satisfies TimeSlotCommand,
      // A place freed for a waitlist day entry closes its other copies (issue 31).
      { maxRetries: 10, beyond: dayCopiesBeyond(context.deps.store) },
    );
  } catch (error) {
    // The change was refused: the new times go back, unless the time slot holds them meanwhile.
    const now = await loadState(context.deps.store, stream, timeSlotDecider);
    if (moves && !(now.status === 'open' && entryKey(entryOf(now)) === entryKey(newTimes)))
      await releaseWindows(context, actor, provider.providerId, [newTimes]);
    throw error;
  }
  const changed = result.events.find((event) => event.type === 'TimeSlotChanged')?.data as
    TimeSlotChangedData | undefined;
  if (changed) {
    const old = entryOf({ timeSlotId: slot.timeSlotId, ...changed.previous });
    if (entryKey(old) !== entryKey(newTimes))
      await releaseWindows(context, actor, provider.providerId, [old]);
  }
  await context.reads.settled(result.position);
  const [timeslot] = await timeSlotsByIds(context.deps.pool, [slot.timeSlotId]);
  if (!timeslot) throw new NotFoundError(MESSAGES.slotNotFound);
  return {
    timeslot,
    cancelled: changed?.cancelled ?? [],
  };
};
