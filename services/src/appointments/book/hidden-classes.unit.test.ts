import { setFlagsFromString } from 'node:v8';
import { withFields } from '@appointment/contracts/objects';
import type { TimeSlotCommand, TimeSlotState } from './time-slot.decider';
import { timeSlotDecider } from './time-slot.decider';
import { FIXTURE_NOW, timeSlotAdded } from './time-slot.fixture';

// V8's own check of two objects' hidden classes (maps); the flag only lets this file ask it.
setFlagsFromString('--allow-natives-syntax');
// The natives syntax exists only in code compiled after the flag.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const now = FIXTURE_NOW;
const added = (timeSlotId: string) => timeSlotAdded({ timeSlotId });
const book = (appointmentId: string): TimeSlotCommand => ({
  type: 'BookInterval',
  data: {
    appointmentId,
    providerId: 'p1',
    userId: 'u1',
    email: 'u1@example.com',
    username: 'U One',
    providerName: 'Sunrise Clinic',
    serviceName: 'Consultation',
    intervalNumber: 1,
    paymentNeeded: false,
    automaticBooking: true,
    amount: 0,
  },
  metadata: { now, userId: 'u1' },
});

/** A booking of a fresh time slot: the event it records and the state it leaves. */
const bookingOf = (timeSlotId: string) => {
  const { evolve, decide, initialState } = timeSlotDecider;
  const slot = evolve(initialState(), added(timeSlotId));
  const [event] = decide(book(`a-${timeSlotId}`), slot);
  const state = evolve(slot, event!) as Extract<TimeSlotState, { status: 'open' }>;
  return { slot, event: event!, state };
};

// docs/performance.md, "One hidden class per event": in Node 20 a literal that begins with a
// spread and adds keys gets a map of its own every time, and every reader of it goes megamorphic.
// V8 takes its fast path for a spread once the site is warm: each check runs the code often first.
const WARM = 3_000;

describe('the booking path keeps one hidden class per kind of object', () => {
  it('two time slots, two bookings: their states, events and appointments share their maps', () => {
    for (let i = 0; i < WARM; i++) bookingOf(`warm-${i}`);
    const one = bookingOf('t1');
    const two = bookingOf('t2');
    expect(haveSameMap(one.slot, two.slot)).toBe(true);
    expect(haveSameMap(one.event.data, two.event.data)).toBe(true);
    expect(haveSameMap(one.state, two.state)).toBe(true);
    expect(haveSameMap(one.state.appointments[0]!, two.state.appointments[0]!)).toBe(true);
  });

  it('withFields: one map for every result, where the spread it replaces makes a new one each time', () => {
    const make = (id: string) => ({ id, name: 'n' });
    const spread = (base: { id: string; name: string }) => ({ ...base, at: now });
    for (let i = 0; i < WARM; i++) {
      spread(make(`${i}`));
      withFields(make(`${i}`), { at: now });
    }
    expect(haveSameMap(spread(make('1')), spread(make('2')))).toBe(false);
    expect(haveSameMap(withFields(make('1'), { at: now }), withFields(make('2'), { at: now }))).toBe(true);
    expect(withFields(make('1'), { name: 'm', at: now })).toEqual({ id: '1', name: 'm', at: now });
  });

  it('withFields copies a key named __proto__ as a key, never as the prototype', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "id": "1"}') as object;
    const result = withFields(hostile, { at: now }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(result.polluted).toBeUndefined();
    expect(Object.keys(result)).toEqual(['__proto__', 'id', 'at']);
  });
});
