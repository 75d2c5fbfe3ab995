/**
 * The kernel every decider shares, and all that `services/src/domain/` holds: the Decider type,
 * the command handler that folds a stream, decides and appends with the expected revision, the
 * error classes (`errors.ts`) and the decider test helper (`decider-spec.ts`). The deciders
 * themselves live beside the slices that use them (`services/src/<area>/<slice>/*.decider.ts`,
 * docs/architecture.md §10), so a use case reads in one folder.
 */
import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { Role } from '@appointment/contracts/roles';
import type { EventMetadata, LogPosition, RecordedEvent } from '@appointment/contracts/events';
import { actingContext, actorMetadata } from '../audit/actor-context';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type StreamAppend,
} from '@appointment/contracts/event-store';
import { ConflictError, DomainError } from './errors';
import { mark } from '../server-timing';
import { withFields } from '@appointment/contracts/objects';

/** An event as deciders produce it: type and data; ids and metadata are added on append. */
export interface DomainEvent {
  type: string;
  data: object;
}

export interface Command {
  type: string;
  data: object;
  /** The acting user and the clock arrive here, never from inside decide (docs/architecture.md §9). */
  metadata: EventMetadata & { now: string; idempotencyKey?: string };
}

/** A command's metadata: the clock's reading, a fresh correlation id and, if known, who acts. */
export const commandMetadata = (
  now: Date,
  actor?: { userId: string; role: Role; apiKeyId?: string },
  extra: Partial<EventMetadata> = {},
): Command['metadata'] => {
  // The request's (or job's) correlation id and acting party, when the entry point set them.
  const context = actingContext();
  return {
    now: now.toISOString(),
    ...(context?.actor && !actor ? actorMetadata(context.actor) : {}),
    correlationId: context?.correlationId ?? randomUUID(),
    ...(context?.causationId ? { causationId: context.causationId } : {}),
    ...(actor
      ? { userId: actor.userId, role: actor.role, ...(actor.apiKeyId ? { apiKeyId: actor.apiKeyId } : {}) }
      : {}),
    ...extra,
  };
};

/** The Decider pattern: pure functions, no I/O, no clock. */
export interface Decider<C extends Command, E extends DomainEvent, S> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  /** Returns the events the command causes; throws a DomainError for a broken rule. */
  decide: (command: C, state: S) => E[];
}

export interface HandleResult<S> {
  events: RecordedEventLike[];
  state: S;
  /** The revision of the stream after the command; -1 when the stream still does not exist. */
  revision: number;
  /** The position of the last event appended, for read-your-writes waits. */
  position?: LogPosition;
  /** The command had been handled before (same idempotency key): nothing new was appended. */
  repeated?: boolean;
}

export interface RecordedEventLike extends DomainEvent {
  id: string;
}

export interface HandleOptions<S = unknown> {
  /** How many times a lost optimistic race is retried before answering 409. */
  maxRetries?: number;
  conflictMessage?: string;
  /**
   * Streams this process decided on lately. The first attempt decides on the kept state without
   * reading; the append's expected revision still guards it, and a lost race reads only the
   * events after the kept revision. The commands of this process on one stream run in turn.
   */
  cache?: StreamCache<S>;
  /**
   * What the decided events change beyond this stream, in the same atomic append (issue 31: a
   * waitlist day entry's copies in other time slots): `also`, each stream with the revision it was
   * decided on; or `first`, events this stream records before the command, which is then decided
   * again on them. Asked only when events were decided.
   */
  beyond?: (decided: DomainEvent[], state: S, command: Command) => Promise<Beyond>;
}

/** See `HandleOptions.beyond`. */
export type Beyond = { also: StreamAppend[] } | { first: DomainEvent[] };

/** The events of a command recorded beyond its stream: fresh ids, the command's metadata. */
export const eventsBeyond = (
  { now: _now, idempotencyKey: _key, ...metadata }: Command['metadata'],
  events: readonly DomainEvent[],
): StreamAppend['events'] =>
  events.map((event) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: withFields(metadata, { causationId: metadata.causationId ?? metadata.correlationId }),
  }));

interface Folded<S> {
  state: S;
  revision: number;
  /** The position of the stream's last event: a refusal names it (read your writes). */
  position?: LogPosition;
  /**
   * The events of the stream recorded under each idempotency key, so a repeated command finds
   * what it recorded without the stream's history being kept. Owned by the folded stream: a
   * command appends to it in place (commands of one process on one stream run in turn).
   */
  keyed: Map<string, RecordedEvent[]>;
  /** Taken from the cache without reading the store. */
  kept?: boolean;
}

/** Adds the events recorded under an idempotency key to `keyed`. */
const remember = (keyed: Map<string, RecordedEvent[]>, events: readonly RecordedEvent[]) => {
  for (const event of events) {
    const key = event.metadata.idempotencyKey;
    if (typeof key !== 'string' || !key) continue;
    const done = keyed.get(key);
    if (done) done.push(event);
    else keyed.set(key, [event]);
  }
  return keyed;
};

/**
 * Folded streams kept in memory, the least recently used dropped past `limit`, and the commands
 * of this process on one stream taken in turn (`inTurn`).
 */
export class StreamCache<S> {
  private readonly entries = new Map<string, Folded<S>>();
  /** Per stream, the end of the queue of commands waiting to run on it. */
  private readonly turns = new Map<string, Promise<void>>();

  constructor(private readonly limit = 10_000) {}

  get(stream: string): Folded<S> | undefined {
    const entry = this.entries.get(stream);
    if (entry) {
      this.entries.delete(stream);
      this.entries.set(stream, entry);
    }
    return entry;
  }

  /** Keeps `entry` unless what is kept already is newer. */
  set(stream: string, entry: Folded<S>): void {
    const kept = this.entries.get(stream);
    if (kept && kept.revision > entry.revision) return;
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(stream: string): void {
    this.entries.delete(stream);
  }

  /**
   * Keeps the state the caller's own append left on a stream it decided on through this cache (an
   * atomic append to several streams, issue 31). A stream no longer kept stays unkept: what is
   * kept must hold every event recorded under an idempotency key.
   */
  appended(stream: string, state: S, result: { nextExpectedRevision: number; position: LogPosition }): void {
    const kept = this.entries.get(stream);
    if (!kept) return;
    this.set(stream, {
      keyed: kept.keyed,
      state,
      revision: result.nextExpectedRevision,
      position: result.position,
    });
  }

  /**
   * Runs `work` once every command of this process queued before it on `stream` has finished.
   * Two commands of one process on one stream would otherwise decide on the same revision, and
   * all but one would lose the append and read the stream again to retry: under load a queue of
   * such retries costs more than the bookings themselves. Taken in turn, each decides on the
   * state the one before it left. Other processes are still held off by the expected revision.
   */
  async inTurn<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const before = this.turns.get(stream);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const tail = before ? before.then(() => mine) : mine;
    this.turns.set(stream, tail);
    try {
      if (before) await before;
      return await work();
    } finally {
      done();
      if (this.turns.get(stream) === tail) this.turns.delete(stream);
    }
  }
}

/** The stream folded: from the cache on a first attempt, else what was kept plus what came after. */
const fold = async <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
  cache: StreamCache<S> | undefined,
  attempt: number,
): Promise<Folded<S>> => {
  const kept = cache?.get(stream);
  if (kept && attempt === 0) return withFields(kept, { kept: true });
  const fresh = await store.readStream(stream, kept ? { fromRevision: kept.revision + 1 } : {});
  const last = fresh.at(-1);
  const folded: Folded<S> = {
    state: (fresh as (RecordedEvent & E)[]).reduce(
      decider.evolve,
      kept ? kept.state : decider.initialState(),
    ),
    revision: last ? last.streamRevision : (kept?.revision ?? -1),
    position: last ? last.position : kept?.position,
    keyed: remember(kept ? kept.keyed : new Map(), fresh),
  };
  cache?.set(stream, folded);
  return folded;
};

/**
 * A stream's state as the store has it now, read through `cache`: only the events after what the
 * cache kept are read (a job settling what a command left, say).
 */
export const currentState = async <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
  cache: StreamCache<S>,
): Promise<S> => cache.inTurn(stream, async () => (await fold(store, stream, decider, cache, 1)).state);

/**
 * A stream's state and revision read through `cache` for a caller that appends itself (several
 * streams at once): with `read` false what the cache kept, unread (the append's expected revision
 * guards it, and a refusal on it is only believed once read); else the kept state with only the
 * events after it read.
 */
export const foldedThrough = async <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
  cache: StreamCache<S>,
  { read }: { read: boolean },
): Promise<{ state: S; revision: number; kept: boolean }> =>
  cache.inTurn(stream, async () => {
    const { state, revision, kept } = await fold(store, stream, decider, cache, read ? 1 : 0);
    return { state, revision, kept: kept ?? false };
  });

const IDEMPOTENCY_NAMESPACE = '5b0c2b3e-7a47-4c1e-9d1f-0b8a0c1d2e3f';

/** Deterministic ids make a repeated request (same idempotency key) append nothing twice. */
const eventIds = (stream: string, command: Command, count: number): string[] =>
  Array.from({ length: count }, (_, index) =>
    command.metadata.idempotencyKey
      ? uuidv5(`${stream}\u0000${command.metadata.idempotencyKey}\u0000${index}`, IDEMPOTENCY_NAMESPACE)
      : randomUUID(),
  );

/** The current state of an aggregate: its stream folded with the decider's evolve. */
export const loadState = async <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
): Promise<S> => {
  const history = (await store.readStream(stream)) as (RecordedEvent & E)[];
  return history.reduce(decider.evolve, decider.initialState());
};

/**
 * Read the stream, fold evolve, decide, append with the expected revision; on a lost race,
 * do it all again (decide sees the new state), a bounded number of times.
 */
export const handleCommand = <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
  command: C,
  options: HandleOptions<S> = {},
): Promise<HandleResult<S>> =>
  options.cache
    ? options.cache.inTurn(stream, () => runCommand(store, stream, decider, command, options))
    : runCommand(store, stream, decider, command, options);

/** The command's attempts: fold, decide, append; again on a lost race, up to `maxRetries`. */
const runCommand = async <C extends Command, E extends DomainEvent, S>(
  store: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
  command: C,
  options: HandleOptions<S>,
): Promise<HandleResult<S>> => {
  const maxRetries = options.maxRetries ?? 5;
  const { now: _now, idempotencyKey: _key, ...metadata } = command.metadata;
  mark('turn');
  for (let attempt = 0; ; attempt++) {
    const { keyed, state, revision, position, kept } = await fold(
      store,
      stream,
      decider,
      options.cache,
      attempt,
    );
    mark('fold');

    if (command.metadata.idempotencyKey) {
      const [firstId] = eventIds(stream, command, 1);
      const done = keyed.get(command.metadata.idempotencyKey) ?? [];
      if (done.some((event) => event.id === firstId)) {
        return {
          events: done,
          state,
          revision,
          position: done[done.length - 1]!.position,
          repeated: true,
        };
      }
    }

    let decided: E[];
    try {
      decided = decider.decide(command, state);
    } catch (error) {
      // A refusal on a kept state is only believed once the store has been read.
      if (kept) continue;
      if (error instanceof DomainError) error.refusedAt = position;
      throw error;
    }
    if (decided.length === 0) {
      if (kept) continue;
      return { events: [], state, revision };
    }
    let also: StreamAppend[] = [];
    if (options.beyond) {
      const first: E[] = [];
      for (let round = 0; ; round++) {
        const beyond = await options.beyond(decided, first.reduce(decider.evolve, state), command);
        if ('also' in beyond) {
          also = beyond.also;
          break;
        }
        if (round >= 10) throw new ConflictError(options.conflictMessage ?? 'Please try again.');
        first.push(...(beyond.first as E[]));
        decided = decider.decide(command, first.reduce(decider.evolve, state));
      }
      decided = [...first, ...decided];
    }

    const ids = eventIds(stream, command, decided.length);
    const events = decided.map((event, index) => ({
      id: ids[index]!,
      type: event.type,
      data: event.data as Record<string, unknown>,
      metadata: withFields(metadata, {
        causationId: command.metadata.causationId ?? command.metadata.correlationId,
        ...(command.metadata.idempotencyKey ? { idempotencyKey: command.metadata.idempotencyKey } : {}),
      }),
    }));
    mark('decide');
    try {
      const expectedRevision = revision === -1 ? ('no_stream' as const) : revision;
      const result =
        also.length === 0
          ? await store.append(stream, events, { expectedRevision })
          : (await store.appendToStreams([{ streamName: stream, events, expectedRevision }, ...also]))[0]!;
      mark('append');
      const next = decided.reduce(decider.evolve, state);
      if (options.cache && !result.alreadyAppended) {
        // A command with an idempotency key leaves its events where a repetition finds them.
        if (command.metadata.idempotencyKey)
          remember(
            keyed,
            events.map((event, index) =>
              withFields(event, {
                streamName: stream,
                streamRevision: revision + 1 + index,
                // Only the last event's position is ever asked for (read-your-writes waits).
                position: result.position,
                createdAt: command.metadata.now,
              }),
            ),
          );
        options.cache.set(stream, {
          keyed,
          state: next,
          revision: result.nextExpectedRevision,
          position: result.position,
        });
      }
      return {
        events,
        state: next,
        ...(result.alreadyAppended ? { repeated: true } : {}),
        revision: result.nextExpectedRevision,
        position: result.position,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) {
        options.cache?.delete(stream);
        throw error;
      }
      if (attempt >= maxRetries) {
        throw new ConflictError(
          options.conflictMessage ?? 'The data changed while saving. Please try again.',
        );
      }
    }
  }
};
