import { MESSAGES } from '@appointment/contracts/messages';
import {
  dayKeyIn,
  occurrenceDates,
  timeSlotShape,
  type TimeSlot,
  type TimeSlotForm,
} from '@appointment/contracts/schedule';
import type { Actor } from '../../accounts/accounts.service';
import { ValidationError } from '../../domain/errors';
import { activeProvider, serviceNames, type ScheduleContext } from '../schedule-context';
import { addTimeSlots } from './add-time-slots';

/** docs/product.md §7.5 addtimeslot: one time slot per occurrence, in the provider's time zone. */
export const addTimeSlot = async (
  context: ScheduleContext,
  actor: Actor,
  form: TimeSlotForm,
  idempotencyKey?: string,
): Promise<TimeSlot[]> => {
  const provider = await activeProvider(context, actor);
  const today = dayKeyIn(context.now(), provider.timezone);
  if (form.date < today) {
    throw new ValidationError(MESSAGES.dateInPast, [{ field: 'date', message: MESSAGES.dateInPast }]);
  }
  const shape = timeSlotShape(form);
  const timeSlots = occurrenceDates(form).map((date) => ({
    date,
    startTime: form.startTime,
    endTime: form.endTime,
    ...shape,
  }));
  return addTimeSlots(
    context,
    actor,
    provider,
    timeSlots,
    serviceNames(provider, form.serviceIds),
    idempotencyKey,
  );
};
