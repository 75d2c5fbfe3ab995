import type { Availability } from '@appointment/contracts/schedule';
import type { Actor } from '../../accounts/accounts-context';
import { activeProvider, onOwnProvider, type ScheduleContext } from '../schedule-context';

/** The provider's working hours, breaks and time zone. */
export const workingHours = async (context: ScheduleContext, actor: Actor): Promise<Availability> => {
  const provider = await activeProvider(context, actor);
  return { workingHours: provider.workingHours, breaks: provider.breaks, timezone: provider.timezone };
};

export const setWorkingHours = async (
  context: ScheduleContext,
  actor: Actor,
  availability: Availability,
): Promise<Availability> => {
  const state = await onOwnProvider(context, actor, { type: 'SetAvailability', data: availability });
  return { workingHours: state.workingHours, breaks: state.breaks, timezone: state.timezone };
};
