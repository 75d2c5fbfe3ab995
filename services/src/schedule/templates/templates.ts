import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@appointment/contracts/messages';
import { SCHEDULE_LIMITS } from '@appointment/contracts/constants';
import {
  dayKeyIn,
  lastSchedulableDay,
  skippedDayMessage,
  templateTimeSlots,
  zonedInstant,
  type SkippedDay,
  type TemplateTimeSlot,
  type ApplyTemplate,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
  type TimeSlot,
} from '@appointment/contracts/schedule';
import { templatesOf } from '@appointment/projections/schedule.queries';
import type { Actor } from '../../accounts/accounts-context';
import { ownProvider } from '../../catalogue/catalogue-context';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../idempotency/idempotency-keys';
import type { ActiveProvider } from '../../catalogue/providers/provider.decider';
import { activeProvider, onOwnProvider, serviceNames, type ScheduleContext } from '../schedule-context';
import { addTimeSlots, calendarOf, retriedTimeSlotId } from '../time-slots/add-time-slots';
import type { CalendarEntry, TimeOffEntry } from '../time-slots/provider-calendar.decider';

export const templates = (context: ScheduleContext, actor: Actor): Promise<ScheduleTemplate[]> =>
  templatesOf(context.deps.pool, ownProvider(actor));

const templateOf = (provider: ActiveProvider, id: string): ScheduleTemplate => {
  const template = provider.templates.find((candidate) => candidate.id === id);
  if (!template) throw new NotFoundError(MESSAGES.templateNotFound);
  return template;
};

export const saveTemplate = async (
  context: ScheduleContext,
  actor: Actor,
  input: ScheduleTemplateInput & { description: string },
): Promise<ScheduleTemplate> => {
  const provider = await activeProvider(context, actor);
  const existing = input.id ? templateOf(provider, input.id) : undefined;
  const template: ScheduleTemplate = {
    id: existing?.id ?? randomUUID(),
    name: input.name,
    description: input.description,
    isDefault: existing?.isDefault ?? false,
    workingHours: input.workingHours,
    breaks: input.breaks,
  };
  await onOwnProvider(context, actor, { type: 'SaveTemplate', data: { template } });
  return template;
};

/** A copy named "(Copy)" that is not the default (docs/product.md §2.8). */
export const duplicateTemplate = async (
  context: ScheduleContext,
  actor: Actor,
  id: string,
): Promise<ScheduleTemplate> => {
  const original = templateOf(await activeProvider(context, actor), id);
  const template: ScheduleTemplate = {
    ...original,
    id: randomUUID(),
    name: `${original.name} (Copy)`,
    isDefault: false,
  };
  await onOwnProvider(context, actor, { type: 'SaveTemplate', data: { template } });
  return template;
};

export const deleteTemplate = async (context: ScheduleContext, actor: Actor, id: string): Promise<void> => {
  await onOwnProvider(context, actor, { type: 'DeleteTemplate', data: { templateId: id } });
};

/** How often applying a week is decided again when another change of the calendar won a race. */
const APPLY_ATTEMPTS = 3;

/**
 * A week of time slots from a template (docs/product.md §4): every day that can be filled is, and
 * each day left out is reported with why: it overlaps a time slot, or it is already past. Split days
 * are cut into intervals as long as the longest chosen service, at least the template's 30 minutes.
 */
export const applyTemplate = async (
  context: ScheduleContext,
  actor: Actor,
  request: ApplyTemplate,
  idempotency?: IdempotencyKey,
): Promise<{ timeslots: TimeSlot[]; skipped: SkippedDay[] }> => {
  const provider = await activeProvider(context, actor);
  const template = templateOf(provider, request.id);
  const chosen = request.serviceNames ?? request.serviceIds;
  const names = chosen?.length ? chosen : provider.services.map((s) => s.name);
  if (names.length === 0) {
    const field = request.serviceNames ? 'serviceNames' : 'serviceIds';
    throw new ValidationError(MESSAGES.serviceSelectionRequired, [
      { field, message: MESSAGES.serviceSelectionRequired },
    ]);
  }
  const today = dayKeyIn(context.now(), provider.timezone);
  const last = lastSchedulableDay(today);
  if (request.weekStart > last) {
    throw new ValidationError(MESSAGES.dateTooFarAhead, [
      { field: 'weekStart', message: MESSAGES.dateTooFarAhead },
    ]);
  }
  const chosenNames = serviceNames(provider, names);
  const longest = Math.max(
    0,
    ...provider.services.filter((s) => chosenNames.includes(s.name)).map((s) => s.duration),
  );
  const week = templateTimeSlots(
    template,
    request.weekStart,
    Math.max(SCHEDULE_LIMITS.templateIntervalMinutes, longest),
  ).filter((slot) => slot.date <= last);
  const past = [...new Set(week.filter((slot) => slot.date < today).map((slot) => slot.date))].map(
    (date): SkippedDay => ({ date, reason: 'past', message: skippedDayMessage({ date, reason: 'past' }) }),
  );
  const days = week.filter((slot) => slot.date >= today);
  if (days.length === 0) {
    throw new ValidationError(MESSAGES.templateWeekEmpty, [
      { field: 'weekStart', message: MESSAGES.templateWeekEmpty },
    ]);
  }
  const idempotencyKey =
    idempotency && (await claimIdempotencyKey(context.deps.pool, actor, 'applyTemplate', idempotency));
  for (let attempt = 1; ; attempt++) {
    // A retried request (same idempotency key) finds its own time slots there: they overlap nothing.
    const own = new Set(
      idempotencyKey ? days.map((slot) => retriedTimeSlotId(provider.providerId, slot, idempotencyKey)) : [],
    );
    const calendar = await calendarOf(context, provider.providerId);
    const taken = calendar.timeSlots.filter((entry) => !own.has(entry.timeSlotId));
    const overlapping = overlapsOf(days, taken, calendar.timeOff, provider.timezone);
    const skipped = [...past, ...overlapping].sort((a, b) => a.date.localeCompare(b.date));
    const fill = days.filter((slot) => !overlapping.some((day) => day.date === slot.date));
    if (fill.length === 0) {
      const message = `${MESSAGES.templateWeekAllSkipped}: ${skipped.map((day) => day.message).join('; ')}`;
      throw new ConflictError(message, [{ field: 'weekStart', message }]);
    }
    try {
      const timeslots = await addTimeSlots(context, actor, provider, fill, chosenNames, idempotencyKey);
      return { timeslots, skipped };
    } catch (error) {
      // Another change of the calendar came between the read and the reservation: decided again.
      if (!(error instanceof ConflictError) || attempt >= APPLY_ATTEMPTS) throw error;
    }
  }
};

/**
 * The days of `slots` one of whose time slots falls in the provider's time off or overlaps one of
 * its time slots, with the first such: the calendar would refuse them (docs/product.md §4).
 */
const overlapsOf = (
  slots: TemplateTimeSlot[],
  taken: CalendarEntry[],
  timeOff: TimeOffEntry[],
  timeZone: string,
): SkippedDay[] => {
  const skipped: SkippedDay[] = [];
  for (const slot of slots) {
    if (skipped.some((day) => day.date === slot.date)) continue;
    const from = zonedInstant(slot.date, slot.startTime, timeZone).getTime();
    const to = zonedInstant(slot.date, slot.endTime, timeZone).getTime();
    const within = (entry: { startDateTime: string; endDateTime: string }) =>
      Date.parse(entry.startDateTime) < to && from < Date.parse(entry.endDateTime);
    const off = timeOff.find(within);
    if (off) {
      const day = { date: slot.date, reason: 'timeOff' as const, timeOffReason: off.reason };
      skipped.push({ ...day, message: skippedDayMessage(day) });
      continue;
    }
    const clash = taken.find(within);
    if (clash) {
      const day = {
        date: slot.date,
        reason: 'overlap' as const,
        startTime: clash.startTime,
        endTime: clash.endTime,
      };
      skipped.push({ ...day, message: skippedDayMessage(day) });
    }
  }
  return skipped;
};
