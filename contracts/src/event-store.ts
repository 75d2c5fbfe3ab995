import type { LogPosition, NewEvent, RecordedEvent } from '@appointment/contracts/events';

/**
 * The expected revision of a stream before an append:
 * a number (the revision of its last event; revisions start at 0), `no_stream`,
 * `stream_exists`, or `any` (no check).
 */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface AppendResult {
  /** The revision of the stream's last event after the append. */
  nextExpectedRevision: number;
  /** The global position of the last event appended. */
  position: LogPosition;
  /** True when every event id was already stored: the append was a retry and did nothing. */
  alreadyAppended: boolean;
}

export interface StreamAppend {
  streamName: string;
  events: NewEvent[];
  /**
   * The stream's revision the events were decided on (issue 31). When any append names one, the
   * call is all or nothing: every stream is checked and either all events are appended in one
   * commit or none, with WrongExpectedRevisionError naming a stream that had moved on. A store
   * that cannot do so throws AtomicAppendUnsupportedError and appends nothing.
   */
  expectedRevision?: ExpectedRevision;
}

export interface ReadAllOptions {
  /** Read events strictly after this position; from the start when omitted. */
  after?: LogPosition;
  limit?: number;
}

export interface SubscribeOptions {
  after?: LogPosition;
  batchSize?: number;
  /** Handles one ordered batch; the subscription continues after the batch's last event. */
  onBatch: (events: RecordedEvent[]) => Promise<void>;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface EventStore {
  append(streamName: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /**
   * Appends to several streams without a revision check (`any`), as a reactor fanning one event
   * out to many recipients does; each stream's events are idempotent by id, as with `append`.
   * Results come in the order of `appends`. The PostgreSQL store does it all in one
   * transaction; another store may go stream by stream. With expected revisions (StreamAppend's
   * `expectedRevision`) it is atomic, or refused where the store cannot make it so.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamName: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /** Events in global order, never passing one whose transaction may still commit before it. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up then live delivery from a position. */
  subscribe(options: SubscribeOptions): Subscription;
  /** How many events lie after a position, counting at most `cap`. */
  countAfter(position: LogPosition | undefined, cap?: number): Promise<number>;
  close(): Promise<void>;
}

export const START: LogPosition = { transactionId: '0', globalPosition: '0' };

export const comparePositions = (a: LogPosition, b: LogPosition): number => {
  const tx = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.globalPosition) - BigInt(b.globalPosition);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
};

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual revision; -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamName} is at revision ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The store cannot append to several streams at once with expected revisions (EventStoreDB). */
export class AtomicAppendUnsupportedError extends Error {
  constructor() {
    super('This event store cannot append to several streams atomically');
    this.name = 'AtomicAppendUnsupportedError';
  }
}

export class EventIdConflictError extends Error {
  constructor(streamName: string) {
    super(`Some but not all of the event ids were already appended to ${streamName}`);
    this.name = 'EventIdConflictError';
  }
}
