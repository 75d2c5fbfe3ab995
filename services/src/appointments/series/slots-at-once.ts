import { randomUUID } from 'node:crypto';
import {
  AtomicAppendUnsupportedError,
  WrongExpectedRevisionError,
  type AppendResult,
  type StreamAppend,
} from '@appointment/contracts/event-store';
import { MESSAGES } from '@appointment/contracts/messages';
import { foldedThrough, type Command } from '../../domain/command-handler';
import { ServiceUnavailableError } from '../../domain/errors';
import type { AppointmentsContext } from '../appointments-context';
import { timeSlotDecider, timeSlotStream } from '../book/time-slot.decider';
import type { Folded, SlotAppends } from './series.decider';

/**
 * Several time slots decided on together and appended at once (issue 31: a series booked, its
 * following occurrences moved). Their states come through the time slots' cache, as a single
 * booking's do: with `read` false as kept (nothing read; the append's expected revisions guard
 * them), else with only the events after what was kept read. Each is read once, however many
 * occurrences it has.
 */
export const slotsNow = async (
  context: AppointmentsContext,
  timeSlotIds: Iterable<string>,
  { read }: { read: boolean },
): Promise<Map<string, Folded>> => {
  const ids = [...new Set(timeSlotIds)];
  const folded = await Promise.all(
    ids.map((id) =>
      foldedThrough(context.deps.store, timeSlotStream(id), timeSlotDecider, context.onTimeSlot.cache!, {
        read,
      }),
    ),
  );
  return new Map(ids.map((id, k) => [id, folded[k]!]));
};

/**
 * The decided events in ONE atomic append, each time slot at the revision they were decided on;
 * the states they leave are kept in the cache. Undefined when a stream moved on meanwhile (a lost
 * race: decide again on what the store has then).
 */
export const appendAtOnce = async (
  context: AppointmentsContext,
  metadata: Command['metadata'],
  decided: SlotAppends,
): Promise<AppendResult[] | undefined> => {
  const { now: _now, idempotencyKey: _key, ...recorded } = metadata;
  const appends: StreamAppend[] = decided.map(({ timeSlotId, expectedRevision, events }) => ({
    streamName: timeSlotStream(timeSlotId),
    expectedRevision: expectedRevision === -1 ? 'no_stream' : expectedRevision,
    events: events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data as unknown as Record<string, unknown>,
      metadata: { ...recorded, causationId: metadata.causationId ?? metadata.correlationId },
    })),
  }));
  let results: AppendResult[];
  try {
    results = await context.deps.store.appendToStreams(appends);
  } catch (error) {
    if (error instanceof AtomicAppendUnsupportedError)
      throw new ServiceUnavailableError(MESSAGES.seriesUnavailable);
    if (error instanceof WrongExpectedRevisionError) return undefined;
    throw error;
  }
  decided.forEach(({ timeSlotId, state }, k) =>
    context.onTimeSlot.cache!.appended(timeSlotStream(timeSlotId), state, results[k]!),
  );
  return results;
};

/** The last position of an atomic append: the booker's next reads wait for it. */
export const lastOf = (results: AppendResult[]) =>
  results
    .map((result) => result.position)
    .reduce((a, b) => (BigInt(a.globalPosition) >= BigInt(b.globalPosition) ? a : b));
