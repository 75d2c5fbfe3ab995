import { availabilityRulesOf } from '@appointment/projections/schedule.queries';
import type { AppointmentsContext } from '../appointments-context';
import type { PlaceRules } from './time-slot.decider';

/**
 * The provider's time off that has not ended (issue 30), for a booking's or a move's command: the
 * time slot's decider refuses a place inside it beside the minimum notice. Read from the schedule's
 * read model, which holds a time off before its admin is answered (addtimeoff waits for it).
 */
export const placeRulesOf = async (context: AppointmentsContext, providerId: string): Promise<PlaceRules> => {
  const { timeOff } = await availabilityRulesOf(context.deps.pool, providerId, context.now());
  return timeOff.length > 0 ? { timeOff } : {};
};
