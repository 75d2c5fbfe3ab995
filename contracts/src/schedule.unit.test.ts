import { differenceInCalendarDays, parseISO } from 'date-fns';
import fc from 'fast-check';
import { matchesLocation, matchesProviderFilters } from './catalogue';
import { translateMessage } from './message-translations';
import { earliestBookableStart } from './policy';
import {
  firstOpenSlot,
  generateIntervals,
  intervalOf,
  intervalOfSlot,
  isDayKey,
  minutesOf,
  occurrenceDates,
  intervalsTooShortMessage,
  placeTooShortMessage,
  proposedIntervals,
  withNotice,
  serviceTooLongFor,
  skippedDayMessage,
  timeOfDayIn,
  templateTimeSlots,
  defaultTemplate,
  TimeSlotForm,
  timeOfMinutes,
  zonedInstant,
  type TimeSlot,
} from './schedule';

const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Asia/Kolkata', 'UTC'];
/** Days around the 2026 DST changes in the US zones, and ordinary days. */
const DAYS = [
  '2026-03-07',
  '2026-03-08',
  '2026-03-09',
  '2026-06-15',
  '2026-10-31',
  '2026-11-01',
  '2026-11-02',
];

const silent = () => {
  const errors: string[] = [];
  return { errors, logger: { error: (message: string) => errors.push(message) } };
};

const timeSlot = fc
  .record({
    date: fc.constantFrom(...DAYS),
    timezone: fc.constantFrom(...ZONES),
    start: fc.integer({ min: 0, max: 23 * 60 + 58 }),
    length: fc.integer({ min: 1, max: 24 * 60 }),
    availableSlots: fc.integer({ min: 1, max: 60 }),
    taken: fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 10 }),
  })
  .filter(({ start, length }) => start + length <= 23 * 60 + 59)
  .map(({ date, timezone, start, length, availableSlots, taken }) => ({
    date,
    timezone,
    startTime: timeOfMinutes(start),
    endTime: timeOfMinutes(start + length),
    availableSlots,
    indexes: taken,
  }));

describe('slot generation (docs/product.md §4)', () => {
  it('finds any one interval exactly as the whole generation makes it, taken or not', () => {
    fc.assert(
      fc.property(timeSlot, fc.integer({ min: -2, max: 64 }), (slot, index) => {
        const { logger } = silent();
        const strip = (interval?: { timeSlot: unknown }) => interval && { ...interval, timeSlot: undefined };
        const all = generateIntervals({ ...slot, indexes: [] }, logger);
        expect(strip(intervalOf(slot, index, logger))).toEqual(
          strip(all.find((interval) => interval.index === index)),
        );
      }),
    );
  });

  it("finds a stored time slot's interval from its times and capacity alone", () => {
    fc.assert(
      fc.property(timeSlot, fc.integer({ min: -2, max: 64 }), (slot, index) => {
        const { logger } = silent();
        const stored = { ...slot, capacity: slot.availableSlots, availableSlots: 0, indexes: [1, 2, 3] };
        const found = intervalOfSlot(stored, index, logger);
        const made = intervalOf({ ...slot, indexes: [] }, index, logger);
        expect(found && [found.startDateTime, found.endDateTime, found.availableSlots]).toEqual(
          made && [made.startDateTime, made.endDateTime, made.availableSlots],
        );
      }),
    );
  });

  it('splits a time slot into equal whole-minute parts and leaves out the taken ones', () => {
    fc.assert(
      fc.property(timeSlot, (slot) => {
        const { logger } = silent();
        const start = zonedInstant(slot.date, slot.startTime, slot.timezone).getTime();
        const end = zonedInstant(slot.date, slot.endTime, slot.timezone).getTime();
        const totalMinutes = Math.floor((end - start) / 60_000);
        const length = Math.floor(totalMinutes / slot.availableSlots);
        const intervals = generateIntervals(slot, logger);
        if (totalMinutes <= 0 || length <= 0) {
          expect(intervals).toEqual([]);
          return;
        }
        const free = Array.from({ length: slot.availableSlots }, (_, i) => i + 1).filter(
          (i) => !slot.indexes.includes(i),
        );
        expect(intervals.map((interval) => interval.index)).toEqual(free);
        for (const interval of intervals) {
          const from = Date.parse(interval.startDateTime);
          const to = Date.parse(interval.endDateTime);
          expect(to - from).toBe(length * 60_000);
          expect(from).toBe(start + (interval.index - 1) * length * 60_000);
          expect(from).toBeGreaterThanOrEqual(start);
          expect(to).toBeLessThanOrEqual(end);
          expect(interval.availableSlots).toBe(slot.availableSlots);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('measures a time slot across a DST change by the real clock', () => {
    const { logger } = silent();
    // 01:00-04:00 on the night clocks go forward in New York is two real hours.
    const spring = generateIntervals(
      {
        date: '2026-03-08',
        startTime: '01:00',
        endTime: '04:00',
        availableSlots: 4,
        indexes: [],
        timezone: 'America/New_York',
      },
      logger,
    );
    expect(spring.map((i) => [i.startDateTime, i.endDateTime])).toEqual([
      ['2026-03-08T06:00:00.000Z', '2026-03-08T06:30:00.000Z'],
      ['2026-03-08T06:30:00.000Z', '2026-03-08T07:00:00.000Z'],
      ['2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z'],
      ['2026-03-08T07:30:00.000Z', '2026-03-08T08:00:00.000Z'],
    ]);
    // 00:30-03:00 on the night they go back is three and a half real hours.
    const autumn = generateIntervals(
      {
        date: '2026-11-01',
        startTime: '00:30',
        endTime: '03:00',
        availableSlots: 7,
        indexes: [7],
        timezone: 'America/New_York',
      },
      logger,
    );
    expect(autumn).toHaveLength(6);
    expect(Date.parse(autumn[0]!.endDateTime) - Date.parse(autumn[0]!.startDateTime)).toBe(30 * 60_000);
    expect(autumn[0]!.startDateTime).toBe('2026-11-01T04:30:00.000Z');
  });

  it('gives nothing and logs an error for invalid input', () => {
    const bad = [
      { date: '2026-06-15', startTime: '10:00', endTime: '10:00', availableSlots: 1, indexes: [] },
      { date: '2026-06-15', startTime: '11:00', endTime: '10:00', availableSlots: 1, indexes: [] },
      { date: '2026-06-15', startTime: '10:00', endTime: '11:00', availableSlots: 0, indexes: [] },
      { date: '2026-06-15', startTime: '10:00', endTime: '11:00', availableSlots: -2, indexes: [] },
      { date: '2026-06-15', startTime: '10:00', endTime: '11:00', availableSlots: 1.5, indexes: [] },
      { date: '2026-06-15', startTime: '10:00', endTime: '10:03', availableSlots: 4, indexes: [] },
      { date: '2026-06-15', startTime: '25:00', endTime: '26:00', availableSlots: 1, indexes: [] },
      { date: 'not a date', startTime: '10:00', endTime: '11:00', availableSlots: 1, indexes: [] },
      {
        date: '2026-06-15',
        startTime: '10:00',
        endTime: '11:00',
        availableSlots: 1,
        indexes: [],
        timezone: 'Mars/Base',
      },
    ];
    for (const slot of bad) {
      const { errors, logger } = silent();
      expect(generateIntervals(slot, logger)).toEqual([]);
      expect(errors).toHaveLength(1);
    }
  });

  it('finds the first open interval after now, skipping taken and past ones', () => {
    const slot = (date: string, over: Partial<TimeSlot> = {}): TimeSlot => ({
      _id: date,
      providerId: 'p',
      serviceIds: ['s'],
      date,
      startTime: '09:00',
      endTime: '10:00',
      availableSlots: 2,
      capacity: 2,
      indexes: [],
      addAsSlot: true,
      timezone: 'UTC',
      startDateTime: `${date}T09:00:00.000Z`,
      endDateTime: `${date}T10:00:00.000Z`,
      ...over,
    });
    const { logger } = silent();
    const now = new Date('2026-06-15T09:10:00Z');
    expect(firstOpenSlot([slot('2026-06-15'), slot('2026-06-16')], now, logger)).toMatchObject({
      date: '2026-06-15',
      index: 2,
      intervalStart: '2026-06-15T09:30:00.000Z',
    });
    expect(
      firstOpenSlot([slot('2026-06-15', { indexes: [2] }), slot('2026-06-16')], now, logger),
    ).toMatchObject({
      date: '2026-06-16',
      index: 1,
    });
    const block = slot('2026-06-17', { addAsSlot: false, availableSlots: 0 });
    expect(firstOpenSlot([block], now, logger)).toBeNull();
  });
});

describe('time slot form (docs/product.md §4, §5)', () => {
  const base = { date: '2026-12-01', startTime: '09:00', endTime: '10:00', serviceIds: ['Consultation'] };
  const messages = (input: object) =>
    (TimeSlotForm.safeParse(input).error?.issues ?? []).map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );

  it('names every broken rule on its field', () => {
    expect(messages({ date: '', startTime: '', endTime: '', serviceIds: [] })).toEqual([
      'date: Date is required',
      'startTime: Start time is required',
      'endTime: End time is required',
      'serviceIds: At least one service must be selected',
    ]);
    expect(messages({ ...base, endTime: '08:00' })).toEqual(['endTime: End time must be after start time']);
    expect(messages({ ...base, addAsSlot: true })).toEqual([
      'availableSlots: Must have at least 1 available slot',
    ]);
    expect(messages({ ...base, addTotalSlot: true, totalSlots: 0 })).toEqual([
      'totalSlots: Must have at least 1 total slot',
    ]);
    expect(messages({ ...base, repeat: 'weekly' })).toEqual(['repeatUntil: Repeat until date is required']);
    expect(
      messages({ ...base, addAsSlot: true, availableSlots: 2, addTotalSlot: true, totalSlots: 2 }),
    ).toEqual(['addTotalSlot: Choose either equal slots or total slots, not both']);
  });

  it('makes one time slot per occurrence between the date and repeat-until', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2027-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 366 }),
        fc.constantFrom('none', 'daily', 'weekly', 'monthly'),
        (day, span, repeat) => {
          const date = day.toISOString().slice(0, 10);
          const until = new Date(Date.parse(`${date}T00:00:00Z`) + span * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const form = TimeSlotForm.parse({ ...base, date, repeat, repeatUntil: until });
          const dates = occurrenceDates(form);
          expect(dates[0]).toBe(date);
          expect([...dates].sort()).toEqual(dates);
          expect(new Set(dates).size).toBe(dates.length);
          expect(dates.every((d) => d >= date && d <= until)).toBe(true);
          const expected =
            repeat === 'none'
              ? 1
              : repeat === 'daily'
                ? span + 1
                : repeat === 'weekly'
                  ? Math.floor(span / 7) + 1
                  : undefined;
          if (expected !== undefined) expect(dates).toHaveLength(expected);
          else expect(dates.length).toBeGreaterThanOrEqual(Math.floor(span / 31) + 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a repeat longer than a year', () => {
    expect(messages({ ...base, repeat: 'daily', repeatUntil: '2028-01-01' })).toEqual([
      'repeatUntil: A repeating time slot may span at most one year',
    ]);
    expect(differenceInCalendarDays(parseISO('2027-12-02'), parseISO(base.date))).toBe(366);
    expect(messages({ ...base, repeat: 'daily', repeatUntil: '2027-12-02' })).toEqual([]);
  });
});

describe('templates', () => {
  it('cuts the breaks out of each working day of the week', () => {
    const timeSlots = templateTimeSlots(defaultTemplate(), '2026-11-22'); // a Sunday
    expect(timeSlots).toHaveLength(10);
    expect(timeSlots[0]).toEqual({
      date: '2026-11-23',
      startTime: '09:00',
      endTime: '12:00',
      capacity: 6,
      split: true,
    });
    expect(timeSlots[1]).toEqual({
      date: '2026-11-23',
      startTime: '13:00',
      endTime: '17:00',
      capacity: 8,
      split: true,
    });
    for (const t of timeSlots) expect(minutesOf(t.endTime)).toBeGreaterThan(minutesOf(t.startTime));
  });
});

describe('durations (docs/product.md §4)', () => {
  const services = [
    { name: 'Follow-up Visit', duration: 15 },
    { name: 'Deep Massage', duration: 45 },
    { name: 'General Consultation', duration: 30 },
  ];

  it('names the longest service an interval is too short for, and nothing when all fit', () => {
    expect(serviceTooLongFor(30, services)?.name).toBe('Deep Massage');
    expect(serviceTooLongFor(44, services.slice(0, 1))).toBeUndefined();
    expect(serviceTooLongFor(45, services)).toBeUndefined();
    expect(serviceTooLongFor(14, services)?.name).toBe('Deep Massage');
    expect(intervalsTooShortMessage(services[1]!)).toBe(
      'The intervals are shorter than a service they offer: Deep Massage (45 min)',
    );
    // The service's name and minutes are data: the rest is said in the viewer's language.
    expect(translateMessage(intervalsTooShortMessage(services[1]!), 'es')).toBe(
      'Los intervalos son más cortos que un servicio que ofrecen: Deep Massage (45 min)',
    );
  });

  it('proposes the window divided by the longest duration, rounded down, at least one', () => {
    expect(proposedIntervals('09:00', '12:00', [15, 45, 30])).toBe(4);
    expect(proposedIntervals('09:00', '12:00', [30])).toBe(6);
    expect(proposedIntervals('09:00', '09:50', [25])).toBe(2);
    expect(proposedIntervals('09:00', '09:20', [45])).toBe(1);
    expect(proposedIntervals('09:00', '12:00', [])).toBeUndefined();
    expect(proposedIntervals('12:00', '09:00', [30])).toBeUndefined();
    expect(proposedIntervals('', '12:00', [30])).toBeUndefined();
  });

  it('counts the provider’s buffer after each appointment in the proposed intervals', () => {
    // 180 min ÷ (45 + 15) = 3 intervals of 60 min, where without the buffer 4 of 45 would fit.
    expect(proposedIntervals('09:00', '12:00', [15, 45, 30], 15)).toBe(3);
    // 180 ÷ (30 + 10) = 4.5: rounded down.
    expect(proposedIntervals('09:00', '12:00', [30], 10)).toBe(4);
    // A buffer longer than the window still proposes one interval; no buffer is the rule above.
    expect(proposedIntervals('09:00', '09:30', [20], 60)).toBe(1);
    expect(proposedIntervals('09:00', '12:00', [30], 0)).toBe(6);
    // A buffer alone (no service chosen) proposes nothing.
    expect(proposedIntervals('09:00', '12:00', [], 15)).toBeUndefined();
  });

  it('makes template intervals as long as asked for', () => {
    const timeSlots = templateTimeSlots(defaultTemplate(), '2026-11-22', 45);
    expect(timeSlots.slice(0, 2).map((t) => t.capacity)).toEqual([4, 5]);
  });

  it("says why a template's day was skipped: an overlap, time off with or without its reason, the past", () => {
    expect(
      skippedDayMessage({ date: '2026-12-01', reason: 'overlap', startTime: '09:00', endTime: '12:00' }),
    ).toBe('Tue 1 Dec: overlaps 09:00–12:00');
    expect(skippedDayMessage({ date: '2026-12-02', reason: 'timeOff', timeOffReason: 'Holiday' })).toBe(
      'Wed 2 Dec: time off (Holiday)',
    );
    expect(skippedDayMessage({ date: '2026-12-02', reason: 'timeOff', timeOffReason: '' })).toBe(
      'Wed 2 Dec: time off',
    );
    expect(skippedDayMessage({ date: '2026-11-30', reason: 'past' })).toBe('Mon 30 Nov: already past');
  });
});

describe('provider filters (docs/product.md §5)', () => {
  it('matches a location only as a whole word of the address, whatever the case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Palakkad', 'Thrissur', 'Chicago', 'Houston', 'Miami'),
        fc.stringMatching(/^[A-Za-z0-9 ]{0,12}$/),
        (location, before) => {
          expect(matchesLocation(`${before}, ${location.toUpperCase()}, 12345`, location)).toBe(true);
          expect(matchesLocation(`${before} ${location}ville`, location)).toBe(
            before
              .toLowerCase()
              .split(/[^a-z0-9]+/)
              .includes(location.toLowerCase()),
          );
        },
      ),
    );
  });

  it('combines industry, location and name search', () => {
    const clinic = { name: 'Sunrise Clinic', address: '12 Stadium Road, Palakkad', industry: 'Healthcare' };
    expect(
      matchesProviderFilters(clinic, { industry: 'healthcare', location: 'palakkad', search: 'RISE' }),
    ).toBe(true);
    expect(matchesProviderFilters(clinic, { industry: 'Fitness' })).toBe(false);
    expect(matchesProviderFilters(clinic, { location: 'Pala' })).toBe(false);
    expect(matchesProviderFilters(clinic, { search: 'dental' })).toBe(false);
  });
});

describe('the minimum notice over the slots offered (issue 30)', () => {
  // Madrid leaves summer time on 2026-10-25 at 03:00; the time slot is 09:00–10:00 that day (UTC+1).
  const madrid = (over: Partial<TimeSlot> = {}): TimeSlot => ({
    _id: 't1',
    providerId: 'p1',
    serviceIds: ['Consultation'],
    date: '2026-10-25',
    startTime: '09:00',
    endTime: '10:00',
    availableSlots: 2,
    capacity: 2,
    indexes: [],
    addAsSlot: true,
    timezone: 'Europe/Madrid',
    startDateTime: '2026-10-25T08:00:00.000Z',
    endDateTime: '2026-10-25T09:00:00.000Z',
    ...over,
  });
  const day = { minimumNoticeMinutes: 1440 };
  const offered = (at: string, slot = madrid()) =>
    withNotice([slot], earliestBookableStart(day, new Date(at)), silent().logger)[0]!;

  it('offers an interval starting exactly at now + notice, and not one starting a minute sooner', () => {
    // Now + 24 h is 09:30 (08:30Z): the 09:30 interval is offered, the 09:00 one is not.
    expect(offered('2026-10-24T08:30:00.000Z').indexes).toEqual([1]);
    expect(offered('2026-10-24T08:31:00.000Z').indexes).toEqual([1, 2]);
    // A block starting sooner has no place left; one starting exactly then keeps its places.
    expect(offered('2026-10-24T08:00:00.000Z', madrid({ addAsSlot: false })).availableSlots).toBe(2);
    expect(offered('2026-10-24T08:01:00.000Z', madrid({ addAsSlot: false })).availableSlots).toBe(0);
  });

  it('counts elapsed minutes across a DST change, not the wall clock', () => {
    // 09:30 on the 24th in Madrid (07:30Z): by the wall clock 09:00 on the 25th is 23.5 hours
    // ahead, but 24.5 hours elapse: both intervals are offered under a day's notice.
    expect(offered('2026-10-24T07:30:00.000Z').indexes).toEqual([]);
    expect(offered('2026-10-24T08:01:00.000Z').indexes).toEqual([1]);
  });

  it('names the service a move’s place is too short for, in the viewer’s language', () => {
    const message = placeTooShortMessage({ name: 'Hot Stone', duration: 60 });
    expect(message).toBe('This slot is shorter than the booked service: Hot Stone (60 min)');
    expect(translateMessage(message, 'fr')).toBe(
      'Ce créneau est plus court que le service réservé: Hot Stone (60 min)',
    );
  });
});

describe('day keys and zoned times, counted and kept (docs/performance.md)', () => {
  /** The check isDayKey replaced: the day Date reads back is the one written. */
  const readBack = (value: string) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  };
  const pad = (n: number, width: number) => String(n).padStart(width, '0');

  it('a day key is valid exactly when Date reads the same day back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2200 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const key = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect(isDayKey(key)).toBe(readBack(key));
        },
      ),
      { numRuns: 5_000 },
    );
    for (const key of ['2024-02-29', '2000-02-29', '1900-02-29', '2100-02-29', '2026-04-31', '2026-12-31'])
      expect(isDayKey(key)).toBe(readBack(key));
    expect(isDayKey('1899-12-31')).toBe(false);
    expect(isDayKey('2026-1-01')).toBe(false);
  });

  it('a time of day formatted again is the same text, in every zone it was asked for', () => {
    const instant = new Date('2026-03-08T07:30:00.000Z');
    const first = ZONES.map((zone) => timeOfDayIn(instant, zone));
    // New York has just moved to summer time (07:00Z); Chicago moves at 08:00Z.
    expect(first).toEqual(['03:30', '01:30', '23:30', '13:00', '07:30']);
    expect(ZONES.map((zone) => timeOfDayIn(new Date(instant.getTime()), zone))).toEqual(first);
    expect(() => timeOfDayIn(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});
