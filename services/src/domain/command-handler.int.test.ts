import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import { handleCommand, StreamCache, type Command, type Decider } from './command-handler';
import { ConflictError, IllegalStateError } from './errors';

// A time slot with a fixed number of seats: the smallest aggregate with a capacity rule.
type Reserve = Command & { type: 'ReserveSeat'; data: { who: string } };
type Reserved = { type: 'SeatReserved'; data: { who: string; at: string } };
type TimeSlot = { capacity: number; taken: string[] };

const timeSlotDecider: Decider<Reserve, Reserved, TimeSlot> = {
  initialState: () => ({ capacity: 3, taken: [] }),
  evolve: (state, event) => ({ ...state, taken: [...state.taken, event.data.who] }),
  decide: (command, state) => {
    if (state.taken.includes(command.data.who)) throw new IllegalStateError('Already reserved');
    if (state.taken.length >= state.capacity) throw new ConflictError('This slot was just booked');
    return [{ type: 'SeatReserved', data: { who: command.data.who, at: command.metadata.now } }];
  },
};

const reserve = (who: string, idempotencyKey?: string): Reserve => ({
  type: 'ReserveSeat',
  data: { who },
  metadata: { now: '2026-11-22T09:00:00.000Z', userId: who, correlationId: randomUUID(), idempotencyKey },
});

describe('command handling', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('commands');
    store = await PostgresEventStore.connect({ connectionString: database.url });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('folds the stream, decides and appends with the clock and user from the command', async () => {
    const stream = `timeslot-${randomUUID()}`;
    const result = await handleCommand(store, stream, timeSlotDecider, reserve('asha'));
    expect(result.revision).toBe(0);
    expect(result.state.taken).toEqual(['asha']);
    const [event] = await store.readStream(stream);
    expect(event).toMatchObject({
      type: 'SeatReserved',
      data: { who: 'asha', at: '2026-11-22T09:00:00.000Z' },
      metadata: { userId: 'asha' },
    });
    expect(event!.metadata).not.toHaveProperty('now');
  });

  it('never exceeds capacity under concurrent commands, retrying lost races', async () => {
    const stream = `timeslot-${randomUUID()}`;
    const people = Array.from({ length: 12 }, (_, i) => `person-${i}`);
    const settled = await Promise.allSettled(
      people.map((who) => handleCommand(store, stream, timeSlotDecider, reserve(who), { maxRetries: 20 })),
    );
    const winners = settled.filter((outcome) => outcome.status === 'fulfilled');
    const losers = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(winners).toHaveLength(3);
    expect(losers).toHaveLength(9);
    expect(losers.every((error) => error instanceof ConflictError)).toBe(true);
    expect(await store.readStream(stream)).toHaveLength(3);
  });

  it('says where a refusal was decided: the position of the last event of the state it read', async () => {
    const stream = `timeslot-${randomUUID()}`;
    const cache = new StreamCache<TimeSlot>();
    let last;
    for (const who of ['asha', 'ben', 'chen'])
      last = await handleCommand(store, stream, timeSlotDecider, reserve(who));
    // Decided on the cache's state, refused, then believed only after reading the store.
    await handleCommand(store, stream, timeSlotDecider, reserve('dana'), { cache }).catch(() => undefined);
    const refusal = await handleCommand(store, stream, timeSlotDecider, reserve('eli'), { cache }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as ConflictError).refusedAt).toEqual(last!.position);
  });

  it('answers 409 after a bounded number of lost races', async () => {
    const stream = `timeslot-${randomUUID()}`;
    // Another writer always gets in between our read and our append.
    const contended: PostgresEventStore = Object.create(store, {
      append: {
        value: async (...args: Parameters<PostgresEventStore['append']>) => {
          await store.append(stream, [{ type: 'SeatReserved', data: { who: randomUUID(), at: '' } }]);
          return store.append(...args);
        },
      },
    });
    const roomy = { ...timeSlotDecider, initialState: () => ({ capacity: 1000, taken: [] }) };
    await expect(
      handleCommand(contended, stream, roomy, reserve('ben'), { maxRetries: 2, conflictMessage: 'Busy' }),
    ).rejects.toMatchObject({ status: 409, message: 'Busy' });
  });

  it('does not book twice when the same request is repeated', async () => {
    const stream = `timeslot-${randomUUID()}`;
    const first = await handleCommand(store, stream, timeSlotDecider, reserve('asha', 'key-1'));
    const repeat = await handleCommand(store, stream, timeSlotDecider, reserve('asha', 'key-1'));
    expect(repeat.events.map((event) => event.id)).toEqual(first.events.map((event) => event.id));
    expect(repeat.position).toEqual(first.position);
    expect(await store.readStream(stream)).toHaveLength(1);
    await expect(handleCommand(store, stream, timeSlotDecider, reserve('asha', 'key-2'))).rejects.toThrow(
      'Already reserved',
    );
  });

  describe('with a cache of streams', () => {
    it('decides on a kept state that others moved on from, yet never exceeds capacity', async () => {
      const stream = `timeslot-${randomUUID()}`;
      const cache = new StreamCache<TimeSlot>();
      // This process keeps the stream after its own reservation; another then takes the rest.
      await handleCommand(store, stream, timeSlotDecider, reserve('kept'), { cache });
      await handleCommand(store, stream, timeSlotDecider, reserve('other-1'));
      await handleCommand(store, stream, timeSlotDecider, reserve('other-2'));
      // The kept state says two seats are free: the append is refused, the store read, and the
      // rule holds.
      await expect(
        handleCommand(store, stream, timeSlotDecider, reserve('late'), { cache, maxRetries: 3 }),
      ).rejects.toBeInstanceOf(ConflictError);
      expect((await store.readStream(stream)).map((event) => event.data.who)).toEqual([
        'kept',
        'other-1',
        'other-2',
      ]);
    });

    it('takes the commands of one process on one stream in turn: none loses a race or reads again', async () => {
      const stream = `timeslot-${randomUUID()}`;
      const cache = new StreamCache<TimeSlot>();
      const reads: string[] = [];
      const counting = Object.create(store) as PostgresEventStore;
      counting.readStream = (name, options) => {
        reads.push(name);
        return store.readStream(name, options);
      };
      // Five at once for three seats, no retry allowed: each decides on what the one before left.
      const settled = await Promise.allSettled(
        ['a', 'b', 'c', 'd', 'e'].map((who) =>
          handleCommand(counting, stream, timeSlotDecider, reserve(who), { cache, maxRetries: 0 }),
        ),
      );
      expect(settled.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
      ]);
      expect((await store.readStream(stream)).map((event) => event.data.who)).toEqual(['a', 'b', 'c']);
      // The first fold, and the two refusals each believed once the store was read; no lost race.
      expect(reads).toHaveLength(3);
    });
  });
});
