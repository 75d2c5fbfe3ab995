import { randomUUID } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '@appointment/contracts/events';
import {
  AtomicAppendUnsupportedError,
  EventIdConflictError,
  WrongExpectedRevisionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
} from '@appointment/contracts/event-store';

/** An append that has started but not committed: the late-commit test holds one open. */
export interface HeldAppend {
  commit(): Promise<void>;
}

export interface ContractSubject {
  store: EventStore;
  /**
   * Starts an append in a transaction left open. Adapters whose log is ordered at commit
   * time by the server (EventStoreDB) append at `commit()` instead.
   */
  beginAppend(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<HeldAppend>;
  /** True when an open append must hide later commits from readers (the PostgreSQL fence). */
  holdsBackLaterCommits: boolean;
  teardown(): Promise<void>;
}

const stream = (prefix: string) => `${prefix}-${randomUUID()}`;
const event = (type: string, data: Record<string, unknown> = {}, id?: string): NewEvent => ({
  id: id ?? randomUUID(),
  type,
  data,
  metadata: { correlationId: 'contract' },
});

const readEverything = async (store: EventStore): Promise<RecordedEvent[]> => {
  const all: RecordedEvent[] = [];
  for (;;) {
    const batch = await store.readAll({ after: all.at(-1)?.position, limit: 500 });
    if (batch.length === 0) return all;
    all.push(...batch);
  }
};

/**
 * The read fence is cluster-wide: a write transaction of another test file still running
 * may hide a fresh event for a few milliseconds. Wait (bounded) until it is readable.
 */
const readEverythingIncluding = async (store: EventStore, id: string): Promise<RecordedEvent[]> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const all = await readEverything(store);
    if (all.some((e) => e.id === id) || Date.now() > deadline) return all;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * Reads on from a checkpoint the way a subscriber does, page after page, until every one of
 * `ids` has arrived (bounded): the cluster-wide fence may delay them, never skip them.
 */
const readFromUntil = async (
  store: EventStore,
  after: RecordedEvent['position'] | undefined,
  ids: string[],
): Promise<RecordedEvent[]> => {
  const read: RecordedEvent[] = [];
  const deadline = Date.now() + 10_000;
  let position = after;
  for (;;) {
    const batch = await store.readAll({ after: position, limit: 100 });
    read.push(...batch);
    position = read.at(-1)?.position ?? position;
    if (ids.every((id) => read.some((e) => e.id === id)) || Date.now() > deadline) return read;
    if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const outcomes = async <T>(promises: Promise<T>[]) => {
  const settled = await Promise.allSettled(promises);
  return {
    won: settled.filter((result) => result.status === 'fulfilled').length,
    errors: settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : [])),
  };
};

export const describeEventStoreContract = (
  adapter: string,
  connect: () => Promise<ContractSubject>,
): void => {
  describe(`event store contract: ${adapter}`, () => {
    let subject: ContractSubject;
    let store: EventStore;

    beforeAll(async () => {
      subject = await connect();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.teardown();
    });

    describe('appending and reading a stream', () => {
      it('appends to a new stream and reads the events back in revision order', async () => {
        const name = stream('order');
        const result = await store.append(name, [event('A', { n: 1 }), event('B', { n: 2 })], {
          expectedRevision: 'no_stream',
        });
        expect(result.nextExpectedRevision).toBe(1);
        expect(result.alreadyAppended).toBe(false);
        await store.append(name, [event('C', { n: 3 })], { expectedRevision: 1 });

        const events = await store.readStream(name);
        expect(events.map((e) => [e.type, e.streamRevision, e.data])).toEqual([
          ['A', 0, { n: 1 }],
          ['B', 1, { n: 2 }],
          ['C', 2, { n: 3 }],
        ]);
        expect(events.every((e) => e.streamName === name && e.metadata.correlationId === 'contract')).toBe(
          true,
        );
        expect((await store.readStream(name, { fromRevision: 2 })).map((e) => e.type)).toEqual(['C']);
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('rejects a wrong expected revision and reports the actual one', async () => {
        const name = stream('wrong');
        await store.append(name, [event('A')], { expectedRevision: 'no_stream' });
        await expect(
          store.append(name, [event('B')], { expectedRevision: 'no_stream' }),
        ).rejects.toMatchObject({
          name: 'WrongExpectedRevisionError',
          actual: 0,
        });
        await expect(store.append(name, [event('B')], { expectedRevision: 5 })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        await expect(
          store.append(stream('absent'), [event('B')], { expectedRevision: 'stream_exists' }),
        ).rejects.toMatchObject({ actual: -1 });
        const result = await store.append(name, [event('C')], { expectedRevision: 'any' });
        expect(result.nextExpectedRevision).toBe(1);
      });
    });

    describe('concurrency', () => {
      it('lets exactly one of many concurrent writers win each revision', async () => {
        const name = stream('race');
        const writers = 12;
        const rounds = 5;
        for (let round = 0; round < rounds; round++) {
          const expected: ExpectedRevision = round === 0 ? 'no_stream' : round - 1;
          const { won, errors } = await outcomes(
            Array.from({ length: writers }, (_, writer) =>
              store.append(name, [event('Claimed', { round, writer })], { expectedRevision: expected }),
            ),
          );
          expect(won).toBe(1);
          expect(errors).toHaveLength(writers - 1);
          expect(errors.every((error) => error instanceof WrongExpectedRevisionError)).toBe(true);
        }
        const events = await store.readStream(name);
        expect(events.map((e) => e.streamRevision)).toEqual([0, 1, 2, 3, 4]);
        expect(events.map((e) => e.data.round)).toEqual([0, 1, 2, 3, 4]);
      });

      it('keeps every event of concurrent writers that retry on conflict, with no revision twice', async () => {
        const name = stream('retry');
        const writers = 8;
        const perWriter = 5;
        const write = async (writer: number) => {
          for (let i = 0; i < perWriter; i++) {
            for (;;) {
              const current = await store.readStream(name);
              const expected = current.length === 0 ? 'no_stream' : current.length - 1;
              try {
                await store.append(name, [event('Written', { writer, i })], { expectedRevision: expected });
                break;
              } catch (error) {
                if (!(error instanceof WrongExpectedRevisionError)) throw error;
              }
            }
          }
        };
        await Promise.all(Array.from({ length: writers }, (_, writer) => write(writer)));
        const events = await store.readStream(name);
        expect(events.map((e) => e.streamRevision)).toEqual(
          Array.from({ length: writers * perWriter }, (_, i) => i),
        );
        const written = new Set(events.map((e) => `${e.data.writer}:${e.data.i}`));
        expect(written.size).toBe(writers * perWriter);
      });
    });

    describe('many streams at once', () => {
      // Concurrent appends at exact revisions may be carried out together (the PostgreSQL
      // adapter batches them under load); each still stands alone.
      it('lands concurrent appends to many streams, each at its own revision and position', async () => {
        const names = Array.from({ length: 40 }, () => stream('many'));
        await Promise.all(
          names.map((name) => store.append(name, [event('Opened')], { expectedRevision: 'no_stream' })),
        );
        const results = await Promise.all(
          names.map((name, n) =>
            store.append(name, [event('A', { n }), event('B', { n })], { expectedRevision: 0 }),
          ),
        );
        expect(results.map((result) => result.nextExpectedRevision)).toEqual(names.map(() => 2));
        expect(new Set(results.map((result) => result.position.globalPosition)).size).toBe(names.length);
        for (const [n, name] of names.entries()) {
          const events = await store.readStream(name);
          expect(events.map((e) => [e.type, e.streamRevision, e.data.n])).toEqual([
            ['Opened', 0, undefined],
            ['A', 1, n],
            ['B', 2, n],
          ]);
          // The answer's position is that of the append's last event.
          expect(events[2]!.position).toEqual(results[n]!.position);
        }
      });

      it('gives each of concurrent appends its own answer: made, refused, repeated or in conflict', async () => {
        const [made, refused, repeated, partial] = [stream('m'), stream('r'), stream('d'), stream('p')];
        const stored = event('Stored');
        for (const name of [made, refused, repeated]) {
          await store.append(name, [event('Opened')], { expectedRevision: 'no_stream' });
        }
        await store.append(partial, [stored], { expectedRevision: 'no_stream' });
        const again = event('Again');
        await store.append(repeated, [again], { expectedRevision: 0 });

        // 'Made' and 'Twin' race for the same revision of one stream: they may go on two
        // connections at once, so either may win, but exactly one does.
        const [first, late, retry, conflict, twin] = await Promise.allSettled([
          store.append(made, [event('Made')], { expectedRevision: 0 }),
          store.append(refused, [event('Late')], { expectedRevision: 3 }),
          store.append(repeated, [again], { expectedRevision: 0 }),
          store.append(partial, [stored, event('New')], { expectedRevision: 0 }),
          store.append(made, [event('Twin')], { expectedRevision: 0 }),
        ]);
        expect([late, retry, conflict].map((result) => result!.status)).toEqual([
          'rejected',
          'fulfilled',
          'rejected',
        ]);
        const racers = [
          { type: 'Made', result: first! },
          { type: 'Twin', result: twin! },
        ];
        const winners = racers.filter((racer) => racer.result.status === 'fulfilled');
        expect(winners).toHaveLength(1);
        const winner = winners[0]!;
        const loser = racers.find((racer) => racer !== winner)!;
        expect((winner.result as PromiseFulfilledResult<AppendResult>).value).toMatchObject({
          nextExpectedRevision: 1,
          alreadyAppended: false,
        });
        expect((loser.result as PromiseRejectedResult).reason).toMatchObject({
          name: 'WrongExpectedRevisionError',
          actual: 1,
        });
        expect((late as PromiseRejectedResult).reason).toMatchObject({
          name: 'WrongExpectedRevisionError',
          actual: 0,
        });
        expect((retry as PromiseFulfilledResult<AppendResult>).value).toMatchObject({
          nextExpectedRevision: 1,
          alreadyAppended: true,
        });
        expect((conflict as PromiseRejectedResult).reason).toBeInstanceOf(EventIdConflictError);
        expect((await store.readStream(made)).map((e) => e.type)).toEqual(['Opened', winner.type]);
        expect(await store.readStream(refused)).toHaveLength(1);
        expect(await store.readStream(repeated)).toHaveLength(2);
        expect(await store.readStream(partial)).toHaveLength(1);
      });
    });

    describe('idempotency', () => {
      it('treats a retry of the same event ids as a no-op, never a duplicate', async () => {
        const name = stream('idem');
        const batch = [event('A'), event('B')];
        const first = await store.append(name, batch, { expectedRevision: 'no_stream' });
        const retry = await store.append(name, batch, { expectedRevision: 'no_stream' });
        expect(retry).toEqual({ ...first, alreadyAppended: true });
        const again = await store.append(name, batch, { expectedRevision: 'any' });
        expect(again.alreadyAppended).toBe(true);
        expect((await store.readStream(name)).map((e) => e.id)).toEqual(batch.map((e) => e.id));
      });

      it('appends concurrent retries of the same ids once', async () => {
        const name = stream('idem-race');
        const batch = [event('A'), event('B'), event('C')];
        const results = await Promise.all(
          Array.from({ length: 6 }, () => store.append(name, batch, { expectedRevision: 'any' })),
        );
        expect(results.filter((result) => !result.alreadyAppended)).toHaveLength(1);
        expect(await store.readStream(name)).toHaveLength(3);
      });

      it('refuses a batch of which only some ids were appended', async () => {
        const name = stream('partial');
        const a = event('A');
        await store.append(name, [a], { expectedRevision: 'no_stream' });
        await expect(store.append(name, [a, event('B')], { expectedRevision: 0 })).rejects.toBeInstanceOf(
          EventIdConflictError,
        );
        expect(await store.readStream(name)).toHaveLength(1);
      });
    });

    describe('appending to several streams at once', () => {
      it('appends each stream its events, answering in the order asked', async () => {
        const [one, two] = [stream('fan-one'), stream('fan-two')];
        const [a, b, c] = [event('A'), event('B'), event('C')];
        const results = await store.appendToStreams([
          { streamName: two, events: [a] },
          { streamName: one, events: [b, c] },
        ]);
        expect(results.map((result) => [result.nextExpectedRevision, result.alreadyAppended])).toEqual([
          [0, false],
          [1, false],
        ]);
        expect((await store.readStream(one)).map((e) => e.id)).toEqual([b.id, c.id]);
        expect((await store.readStream(two)).map((e) => e.id)).toEqual([a.id]);
      });

      it('appends nothing twice when called again, even with the events cut differently', async () => {
        const [one, two] = [stream('fan-retry'), stream('fan-retry')];
        const [a, b, c] = [event('A'), event('B'), event('C')];
        await store.appendToStreams([{ streamName: one, events: [a] }]);
        const again = await store.appendToStreams([
          { streamName: one, events: [a] },
          { streamName: one, events: [b] },
          { streamName: two, events: [c] },
        ]);
        expect(again.at(-1)!.alreadyAppended).toBe(false);
        const retry = await store.appendToStreams([
          { streamName: one, events: [a] },
          { streamName: one, events: [b] },
          { streamName: two, events: [c] },
        ]);
        expect(retry.every((result) => result.alreadyAppended)).toBe(true);
        expect((await store.readStream(one)).map((e) => e.id)).toEqual([a.id, b.id]);
        expect((await store.readStream(two)).map((e) => e.id)).toEqual([c.id]);
      });

      it('appends at expected revisions all or nothing, or refuses and appends nothing (issue 31)', async () => {
        const [one, two] = [stream('atomic'), stream('atomic')];
        await store.append(one, [event('A')], { expectedRevision: 'no_stream' });
        await store.append(two, [event('B')], { expectedRevision: 'no_stream' });
        const [c, d] = [event('C'), event('D')];
        const wrong = await store
          .appendToStreams([
            { streamName: one, events: [c], expectedRevision: 0 },
            { streamName: two, events: [d], expectedRevision: 5 },
          ])
          .catch((error: unknown) => error);
        expect(
          wrong instanceof WrongExpectedRevisionError || wrong instanceof AtomicAppendUnsupportedError,
        ).toBe(true);
        expect(await store.readStream(one)).toHaveLength(1);
        expect(await store.readStream(two)).toHaveLength(1);
        const right = await store
          .appendToStreams([
            { streamName: one, events: [c], expectedRevision: 0 },
            { streamName: two, events: [d], expectedRevision: 0 },
          ])
          .catch((error: unknown) => error);
        if (right instanceof AtomicAppendUnsupportedError) {
          expect(await store.readStream(one)).toHaveLength(1);
          return;
        }
        expect((right as AppendResult[]).map((result) => result.nextExpectedRevision)).toEqual([1, 1]);
        expect((await store.readStream(one)).map((e) => e.id).at(-1)).toBe(c.id);
        expect((await store.readStream(two)).map((e) => e.id).at(-1)).toBe(d.id);
      });
    });

    describe('reading all events', () => {
      it('reads all events from a position, in one global order, in pages', async () => {
        const name = stream('all');
        const ids: string[] = [];
        for (let i = 0; i < 7; i++) {
          const e = event('Numbered', { i });
          ids.push(e.id!);
          await store.append(name, [e], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
        }
        const after = await readEverythingIncluding(store, ids.at(-1)!);
        // Earlier events may have been hidden by the fence a moment ago, so pick ours by stream.
        const fresh = after.filter((e) => e.streamName === name);
        expect(fresh.map((e) => e.id)).toEqual(ids);
        for (let i = 1; i < after.length; i++) {
          expect(comparePositions(after[i - 1]!.position, after[i]!.position)).toBe(-1);
        }
        const fromMiddle = await store.readAll({ after: fresh[2]!.position, limit: 3 });
        expect(fromMiddle.map((e) => e.data.i)).toEqual([3, 4, 5]);
        expect(await store.countAfter(fresh[2]!.position)).toBe(4);
      });

      it('never skips an event whose transaction commits late', async () => {
        const head = (await readEverything(store)).at(-1)?.position;
        const a = event('LateA');
        const b = event('EarlyB');
        const held = await subject.beginAppend(stream('late-a'), [a], 'no_stream');
        await store.append(stream('late-b'), [b], { expectedRevision: 'no_stream' });

        // Other tests' events may pass by too; only A and B are looked at.
        const ours = (events: RecordedEvent[]) =>
          events.filter((e) => e.id === a.id || e.id === b.id).map((e) => e.id);

        // A reader that checkpoints whatever it has seen...
        const seenBefore = await store.readAll({ after: head, limit: 100 });
        if (subject.holdsBackLaterCommits) expect(ours(seenBefore)).toEqual([]);

        await held.commit();
        // ...and continues from its checkpoint still receives A, and nothing twice.
        const seenAfter = await readFromUntil(store, seenBefore.at(-1)?.position ?? head, [a.id!, b.id!]);
        const seen = ours([...seenBefore, ...seenAfter]);
        expect([...seen].sort()).toEqual([a.id, b.id].sort());
        const fromStart = ours(await readFromUntil(store, head, [a.id!, b.id!]));
        expect(fromStart).toEqual(seen);
        if (subject.holdsBackLaterCommits) expect(fromStart).toEqual([a.id, b.id]);
      });
    });

    describe('subscribing', () => {
      it('catches up, then delivers new events live, in order', async () => {
        const head = (await readEverything(store)).at(-1)?.position;
        const name = stream('sub');
        await store.append(name, [event('Before')], { expectedRevision: 'no_stream' });
        const received: string[] = [];
        let resolveDone: () => void;
        const done = new Promise<void>((resolve) => (resolveDone = resolve));
        const subscription = store.subscribe({
          after: head,
          onBatch: async (events) => {
            received.push(...events.filter((e) => e.streamName === name).map((e) => e.type));
            if (received.length >= 3) resolveDone();
          },
        });
        await store.append(name, [event('Live1'), event('Live2')], { expectedRevision: 0 });
        await done;
        await subscription.close();
        expect(received).toEqual(['Before', 'Live1', 'Live2']);
      });
    });
  });
};
