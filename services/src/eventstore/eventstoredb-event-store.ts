import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type CurrentRevision,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type { LogPosition, NewEvent, RecordedEvent } from '@appointment/contracts/events';
import {
  AtomicAppendUnsupportedError,
  EventIdConflictError,
  WrongExpectedRevisionError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from '@appointment/contracts/event-store';
import { withActingContext } from '../audit/actor-context';

/**
 * Written into the metadata of the last event of every append and removed on read. EventStoreDB
 * answers an idempotent retry exactly like the first write (success, same revision), so reading
 * this marker back is what tells this append's own write from one that had already happened.
 */
export const APPEND_ATTEMPT_KEY = '@appendAttempt';

export interface EventStoreDbEventStoreOptions {
  /** An `esdb://` connection string (EVENTSTORE_URL). */
  connectionString: string;
  /** How long `connect` waits for the server's first answer. */
  connectTimeoutMs?: number;
  /** How long a failed subscription waits before it subscribes again. */
  resubscribeDelayMs?: number;
}

export const toEsdbExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`Expected revision must be a non-negative integer, got ${expected}`);
      }
      return BigInt(expected);
  }
};

/** The port's revision of a stream: -1 when it does not exist. */
export const toActualRevision = (current: CurrentRevision): number =>
  current === NO_STREAM ? -1 : Number(current);

export const toWrongExpectedRevisionError = (
  streamName: string,
  expected: ExpectedRevision,
  error: WrongExpectedVersionError,
): WrongExpectedRevisionError =>
  new WrongExpectedRevisionError(streamName, expected, toActualRevision(error.actualVersion));

/** $all's `{ commit, prepare }` is the port's `(transactionId, globalPosition)`: both order the log. */
export const toLogPosition = (position: Position): LogPosition => ({
  transactionId: position.commit.toString(),
  globalPosition: position.prepare.toString(),
});

export const toEsdbPosition = (position: LogPosition): Position => ({
  commit: BigInt(position.transactionId),
  prepare: BigInt(position.globalPosition),
});

/**
 * EventStoreDB's own events: `$`-typed ones (stats, metadata, links of system projections) and
 * anything in a `$` stream (projection state and results). Readers of the port never see them.
 */
export const isSystemEvent = (event: { type: string; streamId: string }): boolean =>
  event.type.startsWith('$') || event.streamId.startsWith('$');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

export const toRecordedEvent = (event: EsdbRecordedEvent): RecordedEvent => {
  if (!event.isJson || !isPlainObject(event.data)) {
    throw new Error(
      `Event ${event.id} in ${event.streamId} is not a JSON object; this store only reads JSON events`,
    );
  }
  if (!event.position) {
    throw new Error(
      `EventStoreDB returned event ${event.id} without its position; a server ≥ 22.6 is required`,
    );
  }
  const metadata: Record<string, unknown> = isPlainObject(event.metadata) ? { ...event.metadata } : {};
  delete metadata[APPEND_ATTEMPT_KEY];
  return {
    id: event.id,
    type: event.type,
    streamName: event.streamId,
    streamRevision: Number(event.revision),
    position: toLogPosition(event.position),
    data: event.data,
    metadata,
    createdAt: event.created.toISOString(),
  };
};

/** KurrentDB's `kurrentdb://` scheme is the same format; this client only parses `esdb://`. */
export const toEsdbConnectionString = (connectionString: string): string =>
  connectionString.replace(
    /^kurrentdb(\+discover)?:\/\//i,
    (_, discover?: string) => `esdb${discover ?? ''}://`,
  );

/** The connection string with any password hidden, for error messages. */
export const redactConnectionString = (connectionString: string): string =>
  connectionString.replace(/\/\/[^/@]*@/, '//***@');

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const readToEnd = async <T>(read: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
};

const recordOf = (resolved: AllStreamResolvedEvent): EsdbRecordedEvent & { position: Position } => {
  const record = resolved.event ?? resolved.link;
  if (!record) throw new Error('EventStoreDB returned an empty entry while reading $all');
  return record;
};

export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();

  private constructor(
    readonly client: EventStoreDBClient,
    private readonly options: EventStoreDbEventStoreOptions,
  ) {}

  /** Connects and reads one event of $all, so a wrong URL or an absent server fails at start. */
  static async connect(options: EventStoreDbEventStoreOptions): Promise<EventStoreDbEventStore> {
    const where = redactConnectionString(options.connectionString);
    let client: EventStoreDBClient;
    try {
      client = EventStoreDBClient.connectionString(toEsdbConnectionString(options.connectionString));
    } catch (error) {
      const message = `EVENTSTORE_URL is not a valid EventStoreDB connection string (${where})`;
      throw new Error(`${message}: ${errorMessage(error)}`, { cause: error });
    }
    const timeoutMs = options.connectTimeoutMs ?? 5_000;
    const probe = readToEnd(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([probe, timeout]);
    } catch (error) {
      probe.catch(() => undefined);
      await client.dispose().catch(() => undefined);
      const message = `Cannot use EventStoreDB at ${where} (EVENTSTORE_URL)`;
      throw new Error(`${message}: ${errorMessage(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    return new EventStoreDbEventStore(client, options);
  }

  appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    // EventStoreDB has no transaction across streams: appends checked against revisions would be
    // made stream by stream, and a failure could leave some made (docs/decisions.md, issue 31).
    if (appends.some(({ expectedRevision }) => expectedRevision !== undefined && expectedRevision !== 'any'))
      return Promise.reject(new AtomicAppendUnsupportedError());
    return Promise.all(
      appends.map(({ streamName, events }) => this.append(streamName, events, { expectedRevision: 'any' })),
    );
  }

  async append(streamName: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    const ids = events.map((event) => event.id ?? randomUUID());

    // The server's own id check covers only a retry at the same expected revision (and is a
    // best-effort cache under `any`); ids stored anywhere in the stream must count, so look first.
    // Ids generated here cannot be stored yet.
    if (events.some((event) => event.id !== undefined)) {
      const stored = await this.storedAppend(streamName, ids);
      if (stored) return stored;
    }

    const attempt = randomUUID();
    const last = events.length - 1;
    const proposed = events.map((event, index) =>
      jsonEvent({
        id: ids[index]!,
        type: event.type,
        data: event.data,
        metadata:
          index === last
            ? { ...withActingContext(event.metadata), [APPEND_ATTEMPT_KEY]: attempt }
            : withActingContext(event.metadata),
      }),
    );
    let nextExpectedRevision: bigint;
    try {
      ({ nextExpectedRevision } = await this.client.appendToStream(streamName, proposed, {
        expectedRevision: toEsdbExpectedRevision(expected),
      }));
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // The check failed; these very ids, appended before or concurrently, may be why.
      const stored = await this.storedAppend(streamName, ids);
      if (stored) return stored;
      throw toWrongExpectedRevisionError(streamName, expected, error);
    }

    // Success means the ids end at `nextExpectedRevision`, written now or by an earlier attempt.
    const found = await this.findIds(streamName, ids, nextExpectedRevision, ids.length);
    const lastEvent = found.get(ids[last]!);
    if (found.size < new Set(ids).size || !lastEvent) {
      throw new Error(
        `EventStoreDB acknowledged the append to ${streamName}, but its events are not in the stream`,
      );
    }
    const written = isPlainObject(lastEvent.metadata) && lastEvent.metadata[APPEND_ATTEMPT_KEY] === attempt;
    return this.resultOf(lastEvent, !written);
  }

  async readStream(streamName: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    try {
      const resolved = await readToEnd(
        this.client.readStream(streamName, {
          direction: FORWARDS,
          fromRevision: BigInt(options.fromRevision ?? 0),
        }),
      );
      return resolved.flatMap((entry) => (entry.event ? [toRecordedEvent(entry.event)] : []));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? 1000;
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    for await (const event of this.eventsAfter(options.after, Math.min(Math.max(limit + 1, 64), 1000))) {
      events.push(event);
      if (events.length >= limit) break;
    }
    return events;
  }

  async countAfter(position: LogPosition | undefined, cap = 1_000_000): Promise<number> {
    let count = 0;
    if (cap <= 0) return count;
    for await (const _event of this.eventsAfter(position, 1000)) {
      count++;
      if (count >= cap) break;
    }
    return count;
  }

  subscribe(options: SubscribeOptions): Subscription {
    const batchSize = Math.max(1, options.batchSize ?? 1000);
    const resubscribeDelayMs = this.options.resubscribeDelayMs ?? 1000;
    let running = true;
    let position = options.after;
    let wake: () => void = () => undefined;
    const waitForWake = (timeoutMs?: number) =>
      new Promise<void>((resolve) => {
        const timer = timeoutMs === undefined ? undefined : setTimeout(resolve, timeoutMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });

    /** Delivers ordered batches until the subscription fails, ends, or is closed. */
    const consume = async (live: AllStreamSubscription): Promise<void> => {
      let failure: unknown;
      let ended = false;
      live.on('readable', () => wake());
      live.on('error', (error) => {
        failure ??= error;
        wake();
      });
      live.on('end', () => {
        ended = true;
        wake();
      });
      while (running) {
        const batch: RecordedEvent[] = [];
        let taken = 0;
        for (let entry: AllStreamResolvedEvent | null; taken < batchSize; taken++) {
          entry = live.read() as AllStreamResolvedEvent | null;
          if (entry === null) break;
          const record = recordOf(entry);
          if (isSystemEvent(record)) continue;
          const event = toRecordedEvent(record);
          // The subscription starts after `position`; never deliver it or anything before twice.
          if (position && comparePositions(event.position, position) <= 0) continue;
          batch.push(event);
        }
        if (batch.length > 0) {
          await options.onBatch(batch);
          position = batch.at(-1)!.position;
          continue;
        }
        if (taken > 0) continue;
        if (failure !== undefined) throw failure;
        if (ended) throw new Error('EventStoreDB ended the subscription to $all');
        await waitForWake();
      }
    };

    const loop = async () => {
      while (running) {
        const live = this.client.subscribeToAll({
          fromPosition: position ? toEsdbPosition(position) : START,
          filter: excludeSystemEvents(),
        });
        try {
          await consume(live);
        } catch (error) {
          if (running) options.onError?.(error);
        } finally {
          await live.unsubscribe().catch(() => undefined);
          live.destroy();
        }
        if (running) await waitForWake(resubscribeDelayMs);
      }
    };

    const finished = loop();
    const subscription: Subscription = {
      close: async () => {
        running = false;
        wake();
        await finished;
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  /** Non-system events of $all strictly after `after`, read forwards in pages. */
  private async *eventsAfter(
    after: LogPosition | undefined,
    pageSize: number,
  ): AsyncGenerator<RecordedEvent> {
    let cursor = after;
    for (;;) {
      // A read from a position may include the event at that position: pages overlap by one.
      const page = await readToEnd(
        this.client.readAll({
          direction: FORWARDS,
          fromPosition: cursor ? toEsdbPosition(cursor) : START,
          maxCount: pageSize,
        }),
      );
      for (const entry of page) {
        const record = recordOf(entry);
        const position = toLogPosition(record.position);
        if (cursor && comparePositions(position, cursor) <= 0) continue;
        cursor = position;
        if (!isSystemEvent(record)) yield toRecordedEvent(record);
      }
      if (page.length < pageSize) return;
    }
  }

  /**
   * Looks for `ids` in the stream, reading backwards from `fromRevision` (its end by default)
   * until all are found or the stream's start is reached.
   */
  private async findIds(
    streamName: string,
    ids: string[],
    fromRevision?: bigint,
    pageSize = Math.max(ids.length, 100),
  ): Promise<Map<string, EsdbRecordedEvent>> {
    const wanted = new Set(ids);
    const found = new Map<string, EsdbRecordedEvent>();
    let from: bigint | typeof END = fromRevision ?? END;
    for (;;) {
      let page;
      try {
        page = await readToEnd(
          this.client.readStream(streamName, {
            direction: BACKWARDS,
            fromRevision: from,
            maxCount: pageSize,
          }),
        );
      } catch (error) {
        if (error instanceof StreamNotFoundError) return found;
        throw error;
      }
      for (const { event } of page) {
        if (event && wanted.has(event.id) && !found.has(event.id)) found.set(event.id, event);
      }
      const oldest = page.at(-1)?.event?.revision;
      if (found.size === wanted.size || page.length < pageSize || oldest === undefined || oldest === 0n) {
        return found;
      }
      from = oldest - 1n;
    }
  }

  /** The answer to an append whose ids are all stored already; throws when only some are. */
  private async storedAppend(streamName: string, ids: string[]): Promise<AppendResult | undefined> {
    const found = await this.findIds(streamName, ids);
    if (found.size === 0) return undefined;
    if (found.size < new Set(ids).size) throw new EventIdConflictError(streamName);
    const last = [...found.values()].reduce((a, b) => (b.revision > a.revision ? b : a));
    return this.resultOf(last, true);
  }

  private resultOf(last: EsdbRecordedEvent, alreadyAppended: boolean): AppendResult {
    const recorded = toRecordedEvent(last);
    return { nextExpectedRevision: recorded.streamRevision, position: recorded.position, alreadyAppended };
  }
}
