import { MESSAGES } from '@appointment/contracts/messages';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import type { Command } from '../../domain/command-handler';
import { ConflictError } from '../../domain/errors';
import { timeSlotDecider, type TimeSlotState } from '../book/time-slot.decider';
import type { Appointment } from '@appointment/contracts/appointments';
import { decideMoves, type Move } from './reschedule-following';
import {
  decideSeries,
  occurrenceDays,
  placeAt,
  type Folded,
  type OccurrencePlace,
  type SlotAppends,
} from './series.decider';

const now = '2026-11-22T09:00:00.000Z';
const metadata: Command['metadata'] = { now, userId: 'u1' };

/** A split time slot of two 30-minute intervals, 09:00–10:00 UTC on `date`. */
const slotOn = (id: string, date: string): TimeSlotEvent => ({
  type: 'TimeSlotAdded',
  data: {
    timeSlotId: id,
    providerId: 'p1',
    serviceIds: ['Consultation'],
    date,
    startTime: '09:00',
    endTime: '10:00',
    timezone: 'UTC',
    startDateTime: `${date}T09:00:00.000Z`,
    endDateTime: `${date}T10:00:00.000Z`,
    availableSlots: 2,
    addAsSlot: true,
    at: now,
  },
});

const fold = (events: TimeSlotEvent[]): Folded => ({
  state: events.reduce(timeSlotDecider.evolve, timeSlotDecider.initialState() as TimeSlotState),
  revision: events.length - 1,
});

let next = 0;
const booking = () => ({
  appointmentId: `a${++next}`,
  providerId: 'p1',
  userId: 'u1',
  email: 'u1@example.com',
  username: 'U One',
  providerName: 'Clinic',
  serviceName: 'Consultation',
  serviceDuration: 30,
  paymentNeeded: false,
  automaticBooking: true,
  amount: 0,
});

const days = occurrenceDays('2026-12-01', { every: 1, unit: 'weeks', count: 3 });
const places: OccurrencePlace[] = days.map((date, k) => ({
  occurrence: k + 1,
  date,
  timeSlotId: `t${k + 1}`,
  intervalNumber: 2,
}));
const free = () => new Map(days.map((date, k) => [`t${k + 1}`, fold([slotOn(`t${k + 1}`, date)])]));

describe('series decider (issue 31)', () => {
  it('lists the days of a series every N days or weeks', () => {
    expect(days).toEqual(['2026-12-01', '2026-12-08', '2026-12-15']);
    expect(occurrenceDays('2026-12-30', { every: 2, unit: 'days', count: 3 })).toEqual([
      '2026-12-30',
      '2027-01-01',
      '2027-01-03',
    ]);
  });

  it('finds the place that starts at the same time of day: the interval, or none', () => {
    const { state } = fold([slotOn('t1', '2026-12-01')]);
    expect(placeAt(state, '09:30')).toEqual({ intervalNumber: 2 });
    expect(placeAt(state, '09:15')).toBeUndefined();
  });

  it('books every occurrence on its own time slot, each stream on the revision it was decided on', () => {
    const decision = decideSeries({ seriesId: 's1', places, slots: free(), booking, metadata }, 'all');
    expect(decision.appends.map((a) => [a.timeSlotId, a.expectedRevision, a.events.length])).toEqual([
      ['t1', 0, 1],
      ['t2', 0, 1],
      ['t3', 0, 1],
    ]);
    expect(decision.appends.map((a) => (a.events[0]!.data as { series?: unknown }).series)).toEqual([
      { seriesId: 's1', occurrence: 1, count: 3 },
      { seriesId: 's1', occurrence: 2, count: 3 },
      { seriesId: 's1', occurrence: 3, count: 3 },
    ]);
    expect(decision.occurrences.map((o) => o.startDateTime)).toEqual([
      '2026-12-01T09:30:00.000Z',
      '2026-12-08T09:30:00.000Z',
      '2026-12-15T09:30:00.000Z',
    ]);
  });

  const withSecondTaken = () => {
    const slots = free();
    const second = fold([slotOn('t2', days[1]!)]);
    const taken = timeSlotDecider.decide(
      { type: 'BookInterval', data: { ...booking(), userId: 'u2', intervalNumber: 2 }, metadata },
      second.state,
    );
    slots.set('t2', fold([slotOn('t2', days[1]!), ...taken]));
    return slots;
  };

  it('refuses the whole series when one occurrence is not free, naming it', () => {
    const refused = (() => {
      try {
        decideSeries({ seriesId: 's1', places, slots: withSecondTaken(), booking, metadata }, 'all');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).message).toBe(MESSAGES.seriesNotFree);
    expect((refused as ConflictError).errors).toEqual([
      { field: 'occurrence 2', message: `2026-12-08: ${MESSAGES.slotJustBooked}` },
    ]);
  });

  it('books only the free ones when asked, numbering them among the booked', () => {
    const decision = decideSeries(
      { seriesId: 's1', places, slots: withSecondTaken(), booking, metadata },
      'freeOnly',
    );
    expect(decision.appends.map((a) => [a.timeSlotId, a.expectedRevision])).toEqual([
      ['t1', 0],
      ['t3', 0],
    ]);
    expect(decision.occurrences.map((o) => [o.occurrence, o.free, o.booked?.series?.occurrence])).toEqual([
      [1, true, 1],
      [2, false, undefined],
      [3, true, 2],
    ]);
  });

  it('previews every occurrence, marking a taken one and a day with no place, and holds nothing', () => {
    const noPlace = places.map((p) => (p.occurrence === 3 ? { ...p, timeSlotId: undefined } : p));
    const decision = decideSeries(
      { seriesId: 's1', places: noPlace, slots: withSecondTaken(), booking, metadata },
      'preview',
    );
    expect(decision.appends).toEqual([]);
    expect(decision.occurrences.map((o) => [o.free, o.reason])).toEqual([
      [true, undefined],
      [false, MESSAGES.slotJustBooked],
      [false, MESSAGES.seriesNoPlace],
    ]);
  });

  it('refuses a series none of whose occurrences is free, even the free ones only', () => {
    const slots = withSecondTaken();
    expect(() =>
      decideSeries({ seriesId: 's1', places: [places[1]!], slots, booking, metadata }, 'freeOnly'),
    ).toThrow(MESSAGES.seriesNothingFree);
  });

  it('decides two occurrences in one time slot on the state the first left', () => {
    const slots = new Map([['t1', fold([slotOn('t1', '2026-12-01')])]]);
    const twice: OccurrencePlace[] = [
      { occurrence: 1, date: '2026-12-01', timeSlotId: 't1', intervalNumber: 1 },
      { occurrence: 2, date: '2026-12-01', timeSlotId: 't1', intervalNumber: 1 },
    ];
    expect(() => decideSeries({ seriesId: 's1', places: twice, slots, booking, metadata }, 'all')).toThrow(
      MESSAGES.seriesNotFree,
    );
  });
});

describe('moving an occurrence and the following ones (issue 31)', () => {
  /** A series of three booked at 09:00 (interval 1), and each occurrence's move to `to(k)`. */
  const bookedSeries = () => {
    const decision = decideSeries(
      {
        seriesId: 's2',
        places: places.map((place) => ({ ...place, intervalNumber: 1 })),
        slots: free(),
        booking,
        metadata,
      },
      'all',
    );
    const slots = new Map<string, Folded>(
      decision.appends.map((a) => [
        a.timeSlotId,
        { state: a.state, revision: a.expectedRevision + a.events.length },
      ]),
    );
    const moves = (to: (k: number) => Move['to']): Move[] =>
      decision.occurrences.map((o, k) => ({
        appointment: {
          _id: o.booked!.appointmentId,
          timeslotId: o.timeslotId!,
          date: o.date,
          startDateTime: o.startDateTime!,
          series: { seriesId: 's2', occurrence: o.occurrence, count: 3 },
        } as Appointment,
        date: days[k + 1] ?? '2026-12-22',
        time: '09:00',
        to: to(k),
      }));
    return { slots, moves };
  };
  const by = { role: 'user' as const, userId: 'u1' };
  const types = (appends: SlotAppends) => appends.map((a) => [a.timeSlotId, a.events.map((e) => e.type)]);

  it('moves each within its time slot in one step of the reschedule lifecycle', () => {
    const { slots, moves } = bookedSeries();
    const appends = decideMoves(
      slots,
      moves((k) => ({ timeSlotId: `t${k + 1}`, index: 2 })),
      by,
      {},
      metadata,
    );
    expect(types(appends)).toEqual([
      ['t1', ['AppointmentMovedOut', 'AppointmentMovedIn']],
      ['t2', ['AppointmentMovedOut', 'AppointmentMovedIn']],
      ['t3', ['AppointmentMovedOut', 'AppointmentMovedIn']],
    ]);
    expect(appends.map((a) => a.expectedRevision)).toEqual([1, 1, 1]);
  });

  it('moves each a week later, the last first, so each takes the place the next one leaves', () => {
    const { slots, moves } = bookedSeries();
    const t4 = fold([slotOn('t4', '2026-12-22')]);
    slots.set('t4', t4);
    const later = moves((k) => ({ timeSlotId: `t${k + 2}`, index: 1 })).reverse();
    const appends = decideMoves(slots, later, by, {}, metadata);
    expect(types(appends)).toEqual([
      ['t3', ['RescheduleRequested', 'AppointmentMovedOut', 'AppointmentMovedIn']],
      ['t4', ['AppointmentMovedIn']],
      ['t2', ['RescheduleRequested', 'AppointmentMovedOut', 'AppointmentMovedIn']],
      ['t1', ['RescheduleRequested', 'AppointmentMovedOut']],
    ]);
    // In the first's order the second still holds the place the first would take: refused, named.
    const refused = (() => {
      try {
        decideMoves(slots, later.reverse(), by, {}, metadata);
      } catch (error) {
        return error as ConflictError;
      }
    })();
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused?.message).toBe(MESSAGES.seriesNotMovable);
    expect(refused?.errors?.map((e) => e.field)).toEqual(['occurrence 1', 'occurrence 2']);
  });
});
