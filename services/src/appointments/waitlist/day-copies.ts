import type { EventStore, StreamAppend } from '@appointment/contracts/event-store';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import { eventsBeyond, type Beyond, type Command, type DomainEvent } from '../../domain/command-handler';
import {
  timeSlotDecider,
  timeSlotStream,
  waitlistSlotOf,
  type TimeSlotState,
} from '../book/time-slot.decider';
import { closeCopy, copyWaits, dayCopiesElsewhere } from './waitlist.decider';

/**
 * A day entry's copies (issue 31, docs/architecture.md §5 "A day entry"): a time slot command that
 * offers a place to a day entry's copy closes the entry's other copies in the same atomic append
 * (`WaiterLeft`, servedElsewhere), each with the revision it was decided on; a copy elsewhere no
 * longer waiting (offered there first, left) closes the copy here instead, and the command is
 * decided again (the place goes to the next waiter). Any other command is left as it is.
 */
export const dayCopiesBeyond =
  (store: EventStore) =>
  async (decided: DomainEvent[], state: TimeSlotState, command: Command): Promise<Beyond> => {
    if (state.status === 'none' || !state.waitlist) return { also: [] };
    const wanted = dayCopiesElsewhere(state, decided);
    if (wanted.length === 0) return { also: [] };
    const now = command.metadata.now;
    const closings = new Map<string, { revision: number; events: TimeSlotEvent[] }>();
    const first: TimeSlotEvent[] = [];
    for (const { entryId, timeSlotIds } of wanted) {
      for (const timeSlotId of timeSlotIds) {
        const history = await store.readStream(timeSlotStream(timeSlotId));
        const other = (history as unknown as TimeSlotEvent[]).reduce(
          timeSlotDecider.evolve,
          timeSlotDecider.initialState(),
        );
        if (other.status === 'none' || !(other.waitlist?.waiters ?? []).some((w) => w.entryId === entryId))
          continue;
        if (!copyWaits(other, entryId)) {
          // Served elsewhere already, or left: the copy here closes, and nothing is offered to it.
          first.push(...closeCopy(waitlistSlotOf(state), entryId, now));
          break;
        }
        const closing = closings.get(timeSlotId) ?? { revision: history.at(-1)!.streamRevision, events: [] };
        closing.events.push(...closeCopy(waitlistSlotOf(other), entryId, now));
        closings.set(timeSlotId, closing);
      }
    }
    if (first.length > 0) return { first };
    const also: StreamAppend[] = [...closings].map(([timeSlotId, { revision, events }]) => ({
      streamName: timeSlotStream(timeSlotId),
      expectedRevision: revision,
      events: eventsBeyond(command.metadata, events),
    }));
    return { also };
  };
