import { createServer } from 'node:net';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  type JSONRecordedEvent,
} from '@eventstore/db-client';
import { WrongExpectedRevisionError, comparePositions } from '@appointment/contracts/event-store';
import { describeEventStoreContract } from './event-store.contract';
import {
  APPEND_ATTEMPT_KEY,
  EventStoreDbEventStore,
  isSystemEvent,
  redactConnectionString,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toLogPosition,
  toEsdbConnectionString,
  toRecordedEvent,
  toWrongExpectedRevisionError,
} from './eventstoredb-event-store';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = await EventStoreDbEventStore.connect({ connectionString: url });
    return {
      store,
      // EventStoreDB orders the log at commit: an append in flight hides nothing from readers.
      holdsBackLaterCommits: false,
      beginAppend: async (stream, events, expected) => ({
        commit: async () => {
          await store.append(stream, events, { expectedRevision: expected });
        },
      }),
      teardown: () => store.close(),
    };
  });
} else {
  console.log(
    'EventStoreDB contract suite not run: set EVENTSTORE_URL=esdb://localhost:2113?tls=false (a KurrentDB or EventStoreDB server)',
  );
}

const recorded = (overrides: Partial<JSONRecordedEvent> = {}): JSONRecordedEvent =>
  ({
    streamId: 'appointment-1',
    id: '5b0f9e9c-3d5a-4a7e-9d53-1f1a0c6f2b11',
    isJson: true,
    revision: 3n,
    type: 'AppointmentBooked',
    created: new Date('2030-01-02T03:04:05.678Z'),
    data: { slot: 'a' },
    metadata: { correlationId: 'c-1', [APPEND_ATTEMPT_KEY]: 'attempt' },
    position: { commit: 9_007_199_254_740_993n, prepare: 9_007_199_254_740_995n },
    ...overrides,
  }) as JSONRecordedEvent;

/** A local port that nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });

describe('EventStoreDB adapter mapping', () => {
  it('maps every expected revision of the port to the client', () => {
    expect(toEsdbExpectedRevision(0)).toBe(0n);
    expect(toEsdbExpectedRevision(41)).toBe(41n);
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(() => toEsdbExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toEsdbExpectedRevision(1.5)).toThrow(RangeError);
  });

  it('maps $all positions to the port and back without losing 64-bit precision', () => {
    const position = { commit: 9_007_199_254_740_993n, prepare: 9_007_199_254_740_995n };
    expect(toLogPosition(position)).toEqual({
      transactionId: '9007199254740993',
      globalPosition: '9007199254740995',
    });
    expect(toEsdbPosition(toLogPosition(position))).toEqual(position);
  });

  it('keeps the order of $all: commit position first, then prepare position', () => {
    const inLogOrder = [
      { commit: 100n, prepare: 100n },
      { commit: 100n, prepare: 180n },
      { commit: 260n, prepare: 120n },
      { commit: 1_000n, prepare: 1_000n },
    ].map(toLogPosition);
    for (let i = 1; i < inLogOrder.length; i++) {
      expect(comparePositions(inLogOrder[i - 1]!, inLogOrder[i]!)).toBe(-1);
    }
  });

  it('filters out system events and the contents of system streams', () => {
    expect(isSystemEvent({ type: '$statsCollected', streamId: '$stats-127.0.0.1:2113' })).toBe(true);
    expect(isSystemEvent({ type: '$>', streamId: '$ce-appointment' })).toBe(true);
    expect(isSystemEvent({ type: '$metadata', streamId: '$$appointment-1' })).toBe(true);
    expect(isSystemEvent({ type: 'Result', streamId: '$projections-counts-result' })).toBe(true);
    expect(isSystemEvent({ type: 'AppointmentBooked', streamId: 'appointment-1' })).toBe(false);
  });

  it("maps WrongExpectedVersionError to the port's error, -1 when the stream does not exist", () => {
    const existing = toWrongExpectedRevisionError(
      'appointment-1',
      'no_stream',
      new WrongExpectedVersionError(undefined, {
        streamName: 'appointment-1',
        expected: NO_STREAM,
        current: 4n,
      }),
    );
    expect(existing).toBeInstanceOf(WrongExpectedRevisionError);
    expect(existing).toMatchObject({
      name: 'WrongExpectedRevisionError',
      streamName: 'appointment-1',
      expected: 'no_stream',
      actual: 4,
    });
    const missing = toWrongExpectedRevisionError(
      'appointment-2',
      'stream_exists',
      new WrongExpectedVersionError(undefined, {
        streamName: 'appointment-2',
        expected: STREAM_EXISTS,
        current: NO_STREAM,
      }),
    );
    expect(missing).toMatchObject({ expected: 'stream_exists', actual: -1 });
  });

  it("converts a recorded event to the port's shape, hiding the append marker", () => {
    expect(toRecordedEvent(recorded())).toEqual({
      id: '5b0f9e9c-3d5a-4a7e-9d53-1f1a0c6f2b11',
      type: 'AppointmentBooked',
      streamName: 'appointment-1',
      streamRevision: 3,
      position: { transactionId: '9007199254740993', globalPosition: '9007199254740995' },
      data: { slot: 'a' },
      metadata: { correlationId: 'c-1' },
      createdAt: '2030-01-02T03:04:05.678Z',
    });
    expect(toRecordedEvent(recorded({ metadata: undefined })).metadata).toEqual({});
    expect(() => toRecordedEvent(recorded({ data: 'not an object' }))).toThrow(/not a JSON object/);
  });

  it('accepts the kurrentdb:// scheme as esdb://', () => {
    expect(toEsdbConnectionString('kurrentdb://db:2113?tls=false')).toBe('esdb://db:2113?tls=false');
    expect(toEsdbConnectionString('kurrentdb+discover://db:2113')).toBe('esdb+discover://db:2113');
    expect(toEsdbConnectionString('esdb://db:2113')).toBe('esdb://db:2113');
  });

  it('hides the password of a connection string', () => {
    expect(redactConnectionString('esdb://admin:changeit@db:2113?tls=false')).toBe(
      'esdb://***@db:2113?tls=false',
    );
    expect(redactConnectionString('esdb://db:2113?tls=false')).toBe('esdb://db:2113?tls=false');
  });

  it('fails fast at connect, naming EVENTSTORE_URL, when the URL is malformed or no server answers', async () => {
    await expect(EventStoreDbEventStore.connect({ connectionString: 'http://db:2113' })).rejects.toThrow(
      /EVENTSTORE_URL/,
    );
    const started = Date.now();
    const connecting = EventStoreDbEventStore.connect({
      connectionString: `esdb://127.0.0.1:${await closedPort()}?tls=false`,
    });
    await expect(connecting).rejects.toThrow(/EVENTSTORE_URL.*UNAVAILABLE/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
