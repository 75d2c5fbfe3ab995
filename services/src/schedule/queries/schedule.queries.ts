import type { OpenHours } from '@appointment/contracts/catalogue';
import { dayKeyIn, type TimeSlot } from '@appointment/contracts/schedule';
import { openHoursOf, timeSlotsOfProvider } from '@appointment/projections/schedule.queries';
import type { Actor } from '../../accounts/accounts-context';
import { ownProvider } from '../../catalogue/catalogue-context';
import type { ScheduleContext } from '../schedule-context';

/**
 * When the provider's time slots of the next four weeks open, per weekday (earliest start,
 * latest end, on the provider's clock). A provider's detail shows these hours, so they never
 * contradict what can be booked.
 */
export const openHours = (
  context: ScheduleContext,
  providerId: string,
  timezone: string,
): Promise<OpenHours[]> => openHoursOf(context.deps.pool, providerId, dayKeyIn(context.now(), timezone));

/** The provider's time slots in time order, optionally only those offering one service. */
export const timeSlots = (
  context: ScheduleContext,
  actor: Actor,
  serviceName?: string,
): Promise<TimeSlot[]> =>
  timeSlotsOfProvider(
    context.deps.pool,
    ownProvider(actor),
    serviceName?.trim() ? serviceName.trim() : undefined,
  );
