import { MESSAGES } from '@appointment/contracts/messages';
import {
  dayKeyIn,
  lastSchedulableDay,
  occurrenceDates,
  timeSlotShape,
  type TimeSlot,
  type TimeSlotForm,
} from '@appointment/contracts/schedule';
import type { Actor } from '../../accounts/accounts-context';
import { ValidationError } from '../../domain/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../idempotency/idempotency-keys';
import { activeProvider, serviceNames, type ScheduleContext } from '../schedule-context';
import { addTimeSlots } from './add-time-slots';

/** docs/product.md §7.5 addtimeslot: one time slot per occurrence, in the provider's time zone. */
export const addTimeSlot = async (
  context: ScheduleContext,
  actor: Actor,
  form: TimeSlotForm,
  idempotency?: IdempotencyKey,
): Promise<TimeSlot[]> => {
  const provider = await activeProvider(context, actor);
  const today = dayKeyIn(context.now(), provider.timezone);
  if (form.date < today) {
    throw new ValidationError(MESSAGES.dateInPast, [{ field: 'date', message: MESSAGES.dateInPast }]);
  }
  const dates = occurrenceDates(form);
  if (dates.at(-1)! > lastSchedulableDay(today)) {
    const field = dates.length > 1 ? 'repeatUntil' : 'date';
    throw new ValidationError(MESSAGES.dateTooFarAhead, [{ field, message: MESSAGES.dateTooFarAhead }]);
  }
  const shape = timeSlotShape(form);
  const timeSlots = dates.map((date) => ({
    date,
    startTime: form.startTime,
    endTime: form.endTime,
    ...shape,
  }));
  const names = serviceNames(provider, form.serviceIds);
  const idempotencyKey =
    idempotency && (await claimIdempotencyKey(context.deps.pool, actor, 'addTimeSlot', idempotency));
  return addTimeSlots(context, actor, provider, timeSlots, names, idempotencyKey, dates.length > 1);
};
