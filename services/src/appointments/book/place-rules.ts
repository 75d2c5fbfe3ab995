import type { TimeSpan } from '@appointment/contracts/schedule';
import { availabilityRulesOf } from '@appointment/projections/schedule.queries';
import type { AppointmentsContext } from '../appointments-context';
import { KeptStates } from './kept-states';
import type { PlaceRules } from './time-slot.decider';

/** The events that change a provider's time off (issue 30). */
const TIME_OFF_EVENTS = new Set(['TimeOffAdded', 'TimeOffDeleted']);

/**
 * Providers' time off as bookings and moves read it: kept between them when this process's
 * projector tells of every change (`changed`, after the schedule's read model commits, before
 * anyone waiting for it is answered), else read every time. A booking path that read it on every
 * request cost one more statement per booking (issue 28).
 */
export class TimeOffKept {
  private readonly kept: KeptStates<readonly TimeSpan[]>;

  constructor(keep: boolean) {
    this.kept = new KeptStates(keep);
  }

  changed(events: readonly { type: string; data: unknown }[]): void {
    for (const event of events) {
      if (!TIME_OFF_EVENTS.has(event.type)) continue;
      const { providerId } = event.data as { providerId?: unknown };
      if (typeof providerId === 'string') this.kept.drop(providerId);
    }
  }

  of(context: AppointmentsContext, providerId: string): Promise<readonly TimeSpan[]> {
    return this.kept.of(
      providerId,
      async () => (await availabilityRulesOf(context.deps.pool, providerId, context.now())).timeOff,
    );
  }
}

/**
 * The provider's time off that has not ended (issue 30), for a booking's or a move's command: the
 * time slot's decider refuses a place inside it beside the minimum notice. Read from the schedule's
 * read model, which holds a time off before its admin is answered (addtimeoff waits for it).
 */
export const placeRulesOf = async (context: AppointmentsContext, providerId: string): Promise<PlaceRules> => {
  const now = context.now().getTime();
  const timeOff = (await context.timeOff.of(context, providerId)).filter(
    (off) => Date.parse(off.endDateTime) > now,
  );
  return timeOff.length > 0 ? { timeOff } : {};
};
