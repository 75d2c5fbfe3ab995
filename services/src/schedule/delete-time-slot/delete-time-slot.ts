import type { LogPosition } from '@appointment/contracts/events';
import { dayCopiesBeyond } from '../../appointments/waitlist/day-copies';
import { comparePositions } from '@appointment/contracts/event-store';
import type { TimeSlotDeletedData } from '@appointment/contracts/events/time-slot';
import type { FieldError } from '@appointment/contracts/errors';
import { MESSAGES } from '@appointment/contracts/messages';
import type { DeleteTimeSlotRequest } from '@appointment/contracts/schedule';
import { laterInSeries } from '@appointment/projections/schedule.queries';
import type { Actor } from '../../accounts/accounts-context';
import { handleCommand, loadState } from '../../domain/command-handler';
import { ConflictError, NotFoundError } from '../../domain/errors';
import {
  decide,
  timeSlotDecider,
  timeSlotStream,
  type TimeSlotCommand,
  type TimeSlotState,
} from '../../appointments/book/time-slot.decider';
import { activeProvider, metadataOf, type ScheduleContext } from '../schedule-context';
import { entryOf, releaseWindows } from '../time-slots/calendar-windows';

type Found = Extract<TimeSlotState, { status: 'open' }>;

/**
 * POST deletetimeslot (issue 30): the admin deletes one of the provider's time slots, or it and
 * the rest of its repeating series. On each time slot's stream, its upcoming bookings are refused
 * (409, all of them named before anything is deleted) or cancelled with full refunds in the
 * deletion's own append; then the times are given back on the provider's calendar (a second
 * append: a retry gives them back, and a later reservation that meets them frees them).
 */
export const deleteTimeSlot = async (
  context: ScheduleContext,
  actor: Actor,
  request: DeleteTimeSlotRequest,
): Promise<{ deleted: string[]; cancelled: string[] }> => {
  const provider = await activeProvider(context, actor);
  const first = await loadState(context.deps.store, timeSlotStream(request.id), timeSlotDecider);
  if (first.status === 'none' || first.providerId !== provider.providerId)
    throw new NotFoundError(MESSAGES.slotNotFound);
  const rest =
    request.series && first.seriesId
      ? (
          await laterInSeries(context.deps.pool, provider.providerId, first.seriesId, first.startDateTime)
        ).filter((id) => id !== first.timeSlotId)
      : [];
  const slots: Found[] = [first];
  for (const id of rest) {
    const slot = await loadState(context.deps.store, timeSlotStream(id), timeSlotDecider);
    if (slot.status === 'open' && slot.providerId === provider.providerId) slots.push(slot);
  }
  const cancelAffected = request.cancelAffected ?? false;
  const metadata = metadataOf(context, actor);
  // Every booking of the series is named at once, before any time slot goes.
  if (!cancelAffected) {
    const named: FieldError[] = [];
    for (const slot of slots) {
      try {
        decide({ type: 'DeleteTimeSlot', data: { cancelAffected }, metadata }, slot);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        named.push(...(error.errors ?? []));
      }
    }
    if (named.length > 0) throw new ConflictError(MESSAGES.slotChangeDropsBookings, named);
  }
  const deleted: string[] = [];
  const cancelled: string[] = [];
  const positions: LogPosition[] = [];
  const times = [];
  for (const slot of slots) {
    const result = await handleCommand(
      context.deps.store,
      timeSlotStream(slot.timeSlotId),
      timeSlotDecider,
      { type: 'DeleteTimeSlot', data: { cancelAffected }, metadata } satisfies TimeSlotCommand,
      // Bookings racing the deletion each win an append; it is decided again until it is recorded.
      { maxRetries: 100, beyond: dayCopiesBeyond(context.deps.store) },
    );
    if (result.position) positions.push(result.position);
    const event = result.events.find((e) => e.type === 'TimeSlotDeleted')?.data as
      TimeSlotDeletedData | undefined;
    if (event) cancelled.push(...event.cancelled);
    times.push(entryOf(event ?? slot));
    deleted.push(slot.timeSlotId);
  }
  // Their times are free on the calendar (nothing for those given back before).
  await releaseWindows(context, actor, provider.providerId, times);
  await context.reads.settled(positions.sort(comparePositions).at(-1));
  return { deleted, cancelled };
};
