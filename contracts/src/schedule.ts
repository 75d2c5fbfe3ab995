import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addYears, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { z } from 'zod';
import {
  DEFAULT_BREAK,
  DEFAULT_WORKING_HOURS,
  REPEAT_OPTIONS,
  SCHEDULE_LIMITS,
  WEEKDAYS,
  type Weekday,
} from './constants';
import type { Service } from './catalogue';
import { MESSAGES } from './messages';
import { inDateRange, SCHEDULE_AHEAD_YEARS } from './ranges';
import { isTimeZone, TimeZone } from './time-zones';
import { withFields } from './objects';

export { isTimeZone };

/**
 * Schedules: working hours, breaks, templates, time slots and the time slot form
 * (docs/product.md §3, §4, §5, §7.5). Times of day are HH:mm in the provider's time zone; instants are
 * stored in UTC (docs/architecture.md §5).
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** How the API document (OpenAPI) describes a day key and an HH:mm time checked by a refinement. */
export const DAY_KEY_FORMAT = { format: 'date' } as const;
export const TIME_OF_DAY_FORMAT = { pattern: TIME.source } as const;

/** A valid calendar date written YYYY-MM-DD (the day key of docs/product.md §9), in DATE_RANGE. */
export const isDayKey = (value: string): boolean => {
  if (!DATE.test(value) || !inDateRange(value)) return false;
  // Counted rather than parsed: every booking and time slot checks its day (a Date and its ISO
  // text cost about 5 µs a time).
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
};

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
/** The days of a month (1–12) of the Gregorian calendar. */
const daysInMonth = (year: number, month: number): number =>
  month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
export const isTimeOfDay = (value: string): boolean => TIME.test(value);

/** Minutes after midnight of an HH:mm time. */
export const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

const timeField = (requiredMessage: string) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage })
    .refine(isTimeOfDay, { message: MESSAGES.timeFormat })
    .meta(TIME_OF_DAY_FORMAT);

const startTime = timeField(MESSAGES.startTimeRequired);
const endTime = timeField(MESSAGES.endTimeRequired);

const endAfterStart = (value: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  if (isTimeOfDay(value.startTime) && isTimeOfDay(value.endTime) && value.endTime <= value.startTime) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.endAfterStart, path: ['endTime'] });
  }
};

/** docs/product.md §3 Working hours entry; the end comes after the start on available days. */
export const WorkingHoursEntry = z
  .object({
    day: z.enum(WEEKDAYS),
    startTime,
    endTime,
    isAvailable: z.boolean(),
    /** Templates may give a capacity per day: how many people one time slot takes. */
    capacity: z.number().int().min(1).max(SCHEDULE_LIMITS.maxAvailableSlots).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.isAvailable) endAfterStart(value, ctx);
  });
export type WorkingHoursEntry = z.infer<typeof WorkingHoursEntry>;

/** Seven entries, one per weekday, in order. */
export const WorkingHours = z
  .array(WorkingHoursEntry)
  .length(WEEKDAYS.length)
  .refine((entries) => entries.every((entry, i) => entry.day === WEEKDAYS[i]), {
    message: 'Working hours need one entry per weekday, Monday to Sunday',
  });
export type WorkingHours = z.infer<typeof WorkingHours>;

export const Break = z.object({ startTime, endTime }).superRefine(endAfterStart);
export type Break = z.infer<typeof Break>;
export const Breaks = z.array(Break).max(10);

export const defaultWorkingHours = (): WorkingHours => DEFAULT_WORKING_HOURS.map((entry) => ({ ...entry }));
export const defaultBreaks = (): Break[] => [{ ...DEFAULT_BREAK }];

/** Manage Availability: a provider's working hours, breaks and time zone. */
export const Availability = z.object({
  workingHours: WorkingHours,
  breaks: Breaks,
  timezone: TimeZone,
});
export type Availability = z.infer<typeof Availability>;

/** docs/product.md §3 Schedule template; id is absent when a new one is saved. */
export const ScheduleTemplateInput = z.object({
  id: z.string().max(100).optional(),
  name: z
    .string({ message: MESSAGES.templateNameRequired })
    .trim()
    .min(1, { message: MESSAGES.templateNameRequired })
    .max(100),
  description: z.string().trim().max(500).default(''),
  workingHours: WorkingHours,
  breaks: Breaks,
});
export type ScheduleTemplateInput = z.input<typeof ScheduleTemplateInput>;
export type ScheduleTemplate = z.output<typeof ScheduleTemplateInput> & { id: string; isDefault: boolean };

export const DEFAULT_TEMPLATE_ID = 'standard-work-week';
export const defaultTemplate = (): ScheduleTemplate => ({
  id: DEFAULT_TEMPLATE_ID,
  name: SCHEDULE_LIMITS.templateDefaultName,
  description: 'Monday to Friday, 09:00 to 17:00, with a lunch break',
  isDefault: true,
  workingHours: defaultWorkingHours(),
  breaks: defaultBreaks(),
});

export const ApplyTemplate = z.object({
  id: z.string().min(1),
  /** The first day of the week to fill (YYYY-MM-DD); the week is that day and the six after. */
  weekStart: z.string().refine(isDayKey, { message: MESSAGES.dateRequired }).meta(DAY_KEY_FORMAT),
  /** Service names the new time slots offer; every service of the provider when absent. */
  serviceNames: z.array(z.string()).optional(),
  /** The same as serviceNames, as the seed's clients name it; serviceNames wins when both come. */
  serviceIds: z.array(z.string()).optional(),
});
export type ApplyTemplate = z.infer<typeof ApplyTemplate>;

export const RepeatOption = z.enum(REPEAT_OPTIONS);
export type RepeatOption = z.infer<typeof RepeatOption>;

/** The fields of the time slot form (docs/product.md §3). */
const TimeSlotFormFields = z.object({
  date: z
    .string({ message: MESSAGES.dateRequired })
    .trim()
    .min(1, { message: MESSAGES.dateRequired })
    .meta(DAY_KEY_FORMAT),
  startTime: z
    .string({ message: MESSAGES.startTimeRequired })
    .trim()
    .min(1, { message: MESSAGES.startTimeRequired })
    .meta(TIME_OF_DAY_FORMAT),
  endTime: z
    .string({ message: MESSAGES.endTimeRequired })
    .trim()
    .min(1, { message: MESSAGES.endTimeRequired })
    .meta(TIME_OF_DAY_FORMAT),
  availableSlots: z.coerce.number().int().max(SCHEDULE_LIMITS.maxAvailableSlots).optional(),
  totalSlots: z.coerce.number().int().max(SCHEDULE_LIMITS.maxAvailableSlots).optional(),
  repeat: RepeatOption.default('none'),
  repeatUntil: z.string().trim().meta(DAY_KEY_FORMAT).optional(),
  serviceIds: z.array(z.string().trim().min(1)).max(50),
  addAsSlot: z.boolean().default(false),
  addTotalSlot: z.boolean().default(false),
});

const timeSlotFormRules = (
  form: Omit<z.output<typeof TimeSlotFormFields>, 'repeat'> & { repeat?: RepeatOption },
  ctx: z.RefinementCtx,
) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (form.date && !isDayKey(form.date)) issue('date', MESSAGES.dateRequired);
  if (form.startTime && !isTimeOfDay(form.startTime)) issue('startTime', MESSAGES.timeFormat);
  if (form.endTime && !isTimeOfDay(form.endTime)) issue('endTime', MESSAGES.timeFormat);
  endAfterStart(form, ctx);
  if (form.serviceIds.length === 0) issue('serviceIds', MESSAGES.serviceSelectionRequired);
  if (form.addAsSlot && form.addTotalSlot) issue('addTotalSlot', MESSAGES.slotOptionsExclusive);
  if (form.addAsSlot && !(form.availableSlots !== undefined && form.availableSlots >= 1)) {
    issue('availableSlots', MESSAGES.availableSlotMin);
  }
  if (form.addTotalSlot && !(form.totalSlots !== undefined && form.totalSlots >= 1)) {
    issue('totalSlots', MESSAGES.totalSlotMin);
  }
  if (!form.addAsSlot && !form.addTotalSlot && form.availableSlots !== undefined && form.availableSlots < 1) {
    issue('availableSlots', MESSAGES.availableSlotMin);
  }
  if (form.repeat !== undefined && form.repeat !== 'none') {
    if (!form.repeatUntil) issue('repeatUntil', MESSAGES.repeatUntilRequired);
    else if (!isDayKey(form.repeatUntil)) issue('repeatUntil', MESSAGES.repeatUntilRequired);
    else if (isDayKey(form.date)) {
      const span = differenceInCalendarDays(parseISO(form.repeatUntil), parseISO(form.date));
      if (span < 0) issue('repeatUntil', MESSAGES.repeatUntilAfterDate);
      else if (span > SCHEDULE_LIMITS.repeatMaxDays) issue('repeatUntil', MESSAGES.repeatTooLong);
    }
  }
};

/**
 * docs/product.md §3 Time slot form with the §5 rules. addAsSlot splits each time slot into
 * availableSlots equal intervals; addTotalSlot makes one block taking totalSlots people; neither
 * makes one block for availableSlots people (1 unless given).
 */
export const TimeSlotForm = TimeSlotFormFields.superRefine(timeSlotFormRules);
export type TimeSlotFormInput = z.input<typeof TimeSlotForm>;
export type TimeSlotForm = z.output<typeof TimeSlotForm>;

/**
 * POST edittimeslot (issue 30): one time slot, as the time slot form gives it (no repeat), and
 * whether the bookings the change would drop are to be cancelled (with full refunds).
 */
export const EditTimeSlotForm = TimeSlotFormFields.omit({ repeat: true, repeatUntil: true })
  .extend({
    id: z.string().trim().min(1, { message: MESSAGES.slotNotFound }).max(100),
    cancelAffected: z.boolean().default(false),
  })
  .superRefine(timeSlotFormRules);
export type EditTimeSlotFormInput = z.input<typeof EditTimeSlotForm>;
export type EditTimeSlotForm = z.output<typeof EditTimeSlotForm>;

/** POST deletetimeslot (issue 30): one time slot, or it and the rest of its repeating series. */
export const DeleteTimeSlotRequest = z.object({
  id: z.string().trim().min(1, { message: MESSAGES.slotNotFound }).max(100),
  series: z.boolean().default(false),
  cancelAffected: z.boolean().default(false),
});
export type DeleteTimeSlotRequest = z.input<typeof DeleteTimeSlotRequest>;

/** A service as the duration rule reads it: its name and its duration in minutes. */
export interface TimedService {
  name: string;
  duration: number;
}

/**
 * docs/product.md §4 duration rule: an interval is at least as long as the service booked into it.
 * The longest of `services` that an interval of `intervalMinutes` is too short for, or undefined
 * when every one fits.
 */
export const serviceTooLongFor = <S extends TimedService>(
  intervalMinutes: number,
  services: readonly S[],
): S | undefined =>
  services
    .filter((service) => service.duration > intervalMinutes)
    .reduce<S | undefined>(
      (longest, service) => (!longest || service.duration > longest.duration ? service : longest),
      undefined,
    );

/** A message followed by the service it names and its duration: "…: Deep Massage (45 min)". */
const namingService = (message: string, service: TimedService): string =>
  `${message}: ${service.name} (${service.duration} min)`;

/** The refusal of the duration rule, naming the service: "…: Deep Massage (45 min)". */
export const intervalsTooShortMessage = (service: TimedService): string =>
  namingService(MESSAGES.intervalsTooShortForService, service);

/** The duration rule refusing a move (issue 30): the place is shorter than the booked service. */
export const placeTooShortMessage = (service: TimedService): string =>
  namingService(MESSAGES.placeTooShortForService, service);

/**
 * The time slot form's proposal (docs/product.md §4, issue 30): as many intervals as the chosen
 * services' longest duration plus the provider's buffer after each appointment fits in the window,
 * rounded down (at least one); undefined while the window or the durations are not known. The
 * admin may lower it.
 */
export const proposedIntervals = (
  startTime: string,
  endTime: string,
  durations: readonly number[],
  /** The provider's bufferMinutes (its booking policy); 0 when none. */
  bufferMinutes = 0,
): number | undefined => {
  const longest = Math.max(0, ...durations.filter((duration) => Number.isFinite(duration)));
  if (!isTimeOfDay(startTime) || !isTimeOfDay(endTime) || longest <= 0) return undefined;
  const window = minutesOf(endTime) - minutesOf(startTime);
  if (window <= 0) return undefined;
  const buffer = Number.isFinite(bufferMinutes) ? Math.max(0, bufferMinutes) : 0;
  return Math.max(1, Math.floor(window / (longest + buffer)));
};

/** The last day a time slot may be on, given the provider's today. */
export const lastSchedulableDay = (today: string): string =>
  format(addYears(parseISO(today), SCHEDULE_AHEAD_YEARS), 'yyyy-MM-dd');

/** The days a valid form creates time slots on: one per occurrence (docs/product.md §4). */
export const occurrenceDates = (form: Pick<TimeSlotForm, 'date' | 'repeat' | 'repeatUntil'>): string[] => {
  const first = parseISO(form.date);
  if (form.repeat === 'none' || !form.repeatUntil) return [form.date];
  const until = form.repeatUntil;
  const dates: string[] = [];
  for (let k = 0; k <= SCHEDULE_LIMITS.repeatMaxDays; k++) {
    const day =
      form.repeat === 'daily'
        ? addDays(first, k)
        : form.repeat === 'weekly'
          ? addDays(first, 7 * k)
          : addMonths(first, k);
    // Compared as dates: past year 9999 the keys' text no longer sorts as the dates.
    if (differenceInCalendarDays(day, parseISO(until)) > 0) break;
    const key = format(day, 'yyyy-MM-dd');
    if (!dates.includes(key)) dates.push(key);
  }
  return dates;
};

/** The capacity of each time slot a form makes and whether it is split (docs/product.md §3 Time slot). */
export const timeSlotShape = (form: TimeSlotForm): { capacity: number; split: boolean } => {
  if (form.addAsSlot) return { capacity: form.availableSlots!, split: true };
  if (form.addTotalSlot) return { capacity: form.totalSlots!, split: false };
  return { capacity: form.availableSlots ?? 1, split: false };
};

/** The UTC instant of a wall-clock date and time in a time zone (DST resolved forward). */
export const zonedInstant = (date: string, time: string, timeZone: string): Date => {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year!, month! - 1, day!, hours!, minutes!, timeZone).getTime());
};

/** How many formatted instants a formatter keeps before it starts afresh. */
const KEPT_TEXTS = 10_000;

/**
 * A formatter of instants in any time zone, with these locale and options. Building an
 * Intl.DateTimeFormat costs far more than using one, so one is kept per zone.
 */
export const zonedFormatter = (
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): ((instant: Date, timeZone: string) => string) => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  // A booking's instants are formatted again by its answer, its read models and its e-mail, and
  // formatting costs about 3 µs: the last texts are kept, by zone and instant.
  const texts = new Map<string, string>();
  return (instant, timeZone) => {
    const key = `${timeZone} ${instant.getTime()}`;
    const known = texts.get(key);
    if (known !== undefined) return known;
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formats.set(timeZone, format);
    }
    const text = format.format(instant);
    if (texts.size >= KEPT_TEXTS) texts.clear();
    texts.set(key, text);
    return text;
  };
};

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export const dayKeyIn = zonedFormatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The wall-clock time (HH:mm, 24-hour) of an instant in a time zone. */
export const timeOfDayIn = zonedFormatter('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The weekday of a day key. */
export const weekdayOf = (date: string): Weekday => {
  const index = parseISO(date).getDay(); // 0 is Sunday
  return WEEKDAYS[(index + 6) % 7]!;
};

/** docs/product.md §3 Time slot, as stored and listed (the API's shape). */
export const TimeSlot = z.object({
  _id: z.string(),
  providerId: z.string(),
  /** The names of the services the time slot offers. */
  serviceIds: z.array(z.string()),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** For a split time slot its capacity (its number of intervals); for a block its places left. */
  availableSlots: z.number(),
  /** How many appointments the time slot can hold at once. */
  capacity: z.number(),
  /** The interval numbers already taken. */
  indexes: z.array(z.number()),
  /** Whether the time slot is split into intervals (else it is a block). */
  addAsSlot: z.boolean(),
  timezone: z.string(),
  /** The time slot's start and end as UTC instants. */
  startDateTime: z.string(),
  endDateTime: z.string(),
  /** The repeating series it was added with (issue 30), if any: deletetimeslot may take the rest of it. */
  seriesId: z.string().optional(),
});
export type TimeSlot = z.infer<typeof TimeSlot>;

/** docs/product.md §3 Generated interval. */
export interface GeneratedInterval {
  /** The interval number. */
  index: number;
  startDateTime: string;
  endDateTime: string;
  /** The time slot's capacity: how many intervals it is split into. */
  availableSlots: number;
  timeSlot: SplitTimeSlot;
}

/** What splitting a time slot into intervals needs of it: `availableSlots` is its capacity. */
export type SplitTimeSlot = Pick<TimeSlot, 'date' | 'startTime' | 'endTime' | 'availableSlots' | 'indexes'> &
  Partial<Pick<TimeSlot, 'timezone' | '_id' | 'addAsSlot' | 'startDateTime' | 'endDateTime'>>;

export interface SlotLogger {
  error: (message: string) => void;
}

/**
 * docs/product.md §4 slot generation: the time slot is split into as many equal intervals as its
 * capacity, each as long as the time slot's length in whole minutes divided by the capacity,
 * rounded down; intervals whose number is in indexes (taken) are omitted. The length is measured
 * between the real instants in its time zone, so a time slot across a DST change is as long as
 * the clock says. Invalid input gives an empty list and a logged error.
 */
export const generateIntervals = (
  timeSlot: SplitTimeSlot,
  logger: SlotLogger = console,
): GeneratedInterval[] => {
  const split = splitOf(timeSlot, logger);
  if (!split) return [];
  const taken = new Set(timeSlot.indexes);
  const intervals: GeneratedInterval[] = [];
  for (let intervalNumber = 1; intervalNumber <= split.intervals; intervalNumber++) {
    if (!taken.has(intervalNumber)) intervals.push(intervalAt(timeSlot, split, intervalNumber));
  }
  return intervals;
};

/**
 * Interval `intervalNumber` (from 1) of the time slot as generateIntervals makes it, taken or
 * not; undefined when the time slot has no such interval. For deciding on one interval without
 * making them all.
 */
export const intervalOf = (
  timeSlot: SplitTimeSlot,
  intervalNumber: number,
  logger: SlotLogger = console,
): GeneratedInterval | undefined => {
  const split = splitOf(timeSlot, logger);
  if (!split || !Number.isInteger(intervalNumber) || intervalNumber < 1 || intervalNumber > split.intervals)
    return undefined;
  return intervalAt(timeSlot, split, intervalNumber);
};

/** A stored time slot's times and capacity: what its intervals are made from. */
export type SlotTimes = Pick<TimeSlot, 'date' | 'startTime' | 'endTime'> &
  Partial<Pick<TimeSlot, 'timezone' | 'startDateTime' | 'endDateTime'>> & { capacity: number };

/**
 * Interval `intervalNumber` (from 1) of a stored time slot, split into its capacity's intervals,
 * taken or not; undefined when it has no such interval. Reads only the times and the capacity.
 */
export const intervalOfSlot = (
  slot: SlotTimes,
  intervalNumber: number,
  logger: SlotLogger = console,
): GeneratedInterval | undefined =>
  intervalOf(
    {
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      timezone: slot.timezone,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
      availableSlots: slot.capacity,
      indexes: [],
    },
    intervalNumber,
    logger,
  );

interface Split {
  /** The time slot's first instant, in ms. */
  start: number;
  /** How many intervals: the time slot's capacity. */
  intervals: number;
  /** Each interval's length in whole minutes. */
  length: number;
}

/** The time slot's start, intervals and interval length; undefined (and logged) when it cannot be split. */
const splitOf = (timeSlot: SplitTimeSlot, logger: SlotLogger): Split | undefined => {
  const timeZone = timeSlot.timezone ?? 'UTC';
  if (
    !isDayKey(timeSlot.date) ||
    !isTimeOfDay(timeSlot.startTime) ||
    !isTimeOfDay(timeSlot.endTime) ||
    !isTimeZone(timeZone)
  ) {
    logger.error(
      `Invalid start or end time: ${timeSlot.date} ${timeSlot.startTime}-${timeSlot.endTime} ${timeZone}`,
    );
    return undefined;
  }
  // A stored time slot carries its instants, worked out from the same wall-clock times when it was made.
  const start = timeSlot.startDateTime
    ? Date.parse(timeSlot.startDateTime)
    : zonedInstant(timeSlot.date, timeSlot.startTime, timeZone).getTime();
  const end = timeSlot.endDateTime
    ? Date.parse(timeSlot.endDateTime)
    : zonedInstant(timeSlot.date, timeSlot.endTime, timeZone).getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) {
    logger.error(`Invalid start or end time: ${timeSlot.startDateTime ?? ''}-${timeSlot.endDateTime ?? ''}`);
    return undefined;
  }
  const totalMinutes = Math.floor((end - start) / 60_000);
  const intervals = timeSlot.availableSlots;
  if (!Number.isInteger(intervals) || intervals <= 0 || totalMinutes <= 0) {
    logger.error(`Invalid availableSlots or totalMinutes: ${intervals} slots over ${totalMinutes} minutes`);
    return undefined;
  }
  const length = Math.floor(totalMinutes / intervals);
  if (length <= 0) {
    logger.error(`Invalid availableSlots or totalMinutes: ${intervals} slots over ${totalMinutes} minutes`);
    return undefined;
  }
  return { start, intervals, length };
};

const intervalAt = (
  timeSlot: SplitTimeSlot,
  { start, intervals, length }: Split,
  intervalNumber: number,
): GeneratedInterval => {
  const from = start + (intervalNumber - 1) * length * 60_000;
  return {
    index: intervalNumber,
    startDateTime: new Date(from).toISOString(),
    endDateTime: new Date(from + length * 60_000).toISOString(),
    availableSlots: intervals,
    timeSlot,
  };
};

/**
 * docs/product.md §4 durations: the minutes one booking of a time slot takes, its interval's length
 * (or the block's); 0 when it cannot be split. A service longer than this is not offered in it.
 */
export const bookedMinutes = (timeSlot: TimeSlot, logger: SlotLogger = console): number => {
  const stretch = timeSlot.addAsSlot ? intervalOf({ ...timeSlot, indexes: [] }, 1, logger) : timeSlot;
  if (!stretch) return 0;
  return (Date.parse(stretch.endDateTime) - Date.parse(stretch.startDateTime)) / 60_000;
};

/** The first interval (or block with room) that starts after `now`, over time slots in time order. */
export const firstOpenSlot = (
  timeSlots: TimeSlot[],
  now: Date,
  logger: SlotLogger = console,
): (TimeSlot & { index?: number; intervalStart: string; intervalEnd: string }) | null => {
  const at = now.getTime();
  for (const timeSlot of timeSlots) {
    if (Date.parse(timeSlot.endDateTime) <= at) continue;
    if (timeSlot.addAsSlot) {
      const open = generateIntervals(timeSlot, logger).find(
        (interval) => Date.parse(interval.startDateTime) > at,
      );
      if (open) {
        return withFields(timeSlot, {
          index: open.index,
          intervalStart: open.startDateTime,
          intervalEnd: open.endDateTime,
        });
      }
    } else if (timeSlot.availableSlots > 0 && Date.parse(timeSlot.startDateTime) > at) {
      return withFields(timeSlot, {
        intervalStart: timeSlot.startDateTime,
        intervalEnd: timeSlot.endDateTime,
      });
    }
  }
  return null;
};

/** Two UTC instants: a time slot, an interval, a time off. */
export interface TimeSpan {
  startDateTime: string;
  endDateTime: string;
}

/** Whether two spans share a minute (touching ends do not overlap). */
export const spansOverlap = (a: TimeSpan, b: TimeSpan): boolean =>
  Date.parse(a.startDateTime) < Date.parse(b.endDateTime) &&
  Date.parse(b.startDateTime) < Date.parse(a.endDateTime);

/**
 * The time slots as offered once time off is taken out (issue 30): a block that meets time off
 * is not offered; a split time slot offers only its intervals outside it (the others read as
 * taken), and none at all when all of them meet it.
 */
export const withoutTimeOff = (
  timeSlots: TimeSlot[],
  timeOff: readonly TimeSpan[],
  logger: SlotLogger = console,
): TimeSlot[] => {
  if (timeOff.length === 0) return timeSlots;
  const offered: TimeSlot[] = [];
  for (const timeSlot of timeSlots) {
    const clashes = timeOff.filter((off) => spansOverlap(timeSlot, off));
    if (clashes.length === 0) {
      offered.push(timeSlot);
      continue;
    }
    if (!timeSlot.addAsSlot) continue;
    const intervals = generateIntervals({ ...timeSlot, indexes: [] }, logger);
    const off = intervals
      .filter((interval) => clashes.some((clash) => spansOverlap(interval, clash)))
      .map((interval) => interval.index);
    if (off.length === intervals.length) continue;
    offered.push({ ...timeSlot, indexes: [...new Set([...timeSlot.indexes, ...off])] });
  }
  return offered;
};

/**
 * The time slots as offered at a minimum notice (issue 30), over time slots in time order:
 * intervals starting before `earliest` (ms) read as taken and a block starting before it has no
 * place left. Only the time slots starting before `earliest` change; the others are the same objects.
 */
export const withNotice = (
  timeSlots: TimeSlot[],
  earliest: number,
  logger: SlotLogger = console,
): TimeSlot[] => {
  let changed = 0;
  while (changed < timeSlots.length && Date.parse(timeSlots[changed]!.startDateTime) < earliest) changed++;
  if (changed === 0) return timeSlots;
  const soon = timeSlots.slice(0, changed).map((timeSlot): TimeSlot => {
    if (!timeSlot.addAsSlot) return { ...timeSlot, availableSlots: 0 };
    const tooSoon = generateIntervals(timeSlot, logger)
      .filter((interval) => Date.parse(interval.startDateTime) < earliest)
      .map((interval) => interval.index);
    return tooSoon.length === 0 ? timeSlot : { ...timeSlot, indexes: [...timeSlot.indexes, ...tooSoon] };
  });
  return [...soon, ...timeSlots.slice(changed)];
};

const TIME_OFF_POINT = /^(\d{4}-\d{2}-\d{2})(?:T(([01]\d|2[0-3]):[0-5]\d))?$/;

/** A time off's `from` or `to`: a day key, or a day key and a wall-clock time (YYYY-MM-DDTHH:mm). */
export const isTimeOffPoint = (value: string): boolean => {
  const match = TIME_OFF_POINT.exec(value);
  return match !== null && isDayKey(match[1]!);
};

/**
 * The UTC instants of a time off given in the provider's zone (issue 30): a day key `from` starts
 * at that day's midnight and a day key `to` ends at the next day's (the day is off as a whole); a
 * YYYY-MM-DDTHH:mm `from` or `to` is that wall-clock time.
 */
export const timeOffSpan = (from: string, to: string, timeZone: string): TimeSpan => {
  const point = (value: string, end: boolean): Date => {
    const [, day, time] = TIME_OFF_POINT.exec(value)!;
    if (time) return zonedInstant(day!, time, timeZone);
    const date = end ? format(addDays(parseISO(day!), 1), 'yyyy-MM-dd') : day!;
    return zonedInstant(date, '00:00', timeZone);
  };
  return { startDateTime: point(from, false).toISOString(), endDateTime: point(to, true).toISOString() };
};

/** POST addtimeoff (issue 30): whole days as day keys, hours as YYYY-MM-DDTHH:mm in the provider's zone. */
export const TimeOffRequest = z.object({
  from: z
    .string({ message: MESSAGES.timeOffFromRequired })
    .trim()
    .refine(isTimeOffPoint, { message: MESSAGES.timeOffFromRequired })
    .meta({
      description: 'YYYY-MM-DD (from the start of that day) or YYYY-MM-DDTHH:mm, in the provider’s zone',
    }),
  to: z
    .string({ message: MESSAGES.timeOffToRequired })
    .trim()
    .refine(isTimeOffPoint, { message: MESSAGES.timeOffToRequired })
    .meta({ description: 'YYYY-MM-DD (to the end of that day) or YYYY-MM-DDTHH:mm, in the provider’s zone' }),
  reason: z
    .string({ message: MESSAGES.timeOffReasonTooLong })
    .trim()
    .max(200, { message: MESSAGES.timeOffReasonTooLong })
    .default(''),
});
export type TimeOffRequest = z.output<typeof TimeOffRequest>;

/** A time off as listed: as given, and its UTC instants. */
export const TimeOff = z.object({
  _id: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  timezone: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
});
export type TimeOff = z.infer<typeof TimeOff>;

export const TimeOffList = z.object({ timeOff: z.array(TimeOff) });
export type TimeOffList = z.infer<typeof TimeOffList>;

/** A booking inside a time off just added, for its admin to cancel or keep. */
export const BookingInTimeOff = z.object({
  _id: z.string(),
  username: z.string(),
  serviceName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startDateTime: z.string(),
  status: z.string(),
});
export type BookingInTimeOff = z.infer<typeof BookingInTimeOff>;

export const TimeOffAddedAnswer = z.object({
  message: z.string(),
  timeOff: TimeOff,
  /** The active bookings inside it: kept until the admin cancels them. */
  bookings: z.array(BookingInTimeOff),
});
export type TimeOffAddedAnswer = z.infer<typeof TimeOffAddedAnswer>;

export const TimeOffId = z.object({ id: z.string().min(1).max(100) });

export interface TemplateTimeSlot {
  date: string;
  startTime: string;
  endTime: string;
  capacity: number;
  split: boolean;
}

/** The time slots a template's week makes: each available day's hours with the breaks cut out. */
export const templateTimeSlots = (
  template: Pick<ScheduleTemplate, 'workingHours' | 'breaks'>,
  weekStart: string,
  /** The intervals' length: the template's 30 minutes, or longer for longer services. */
  intervalMinutes: number = SCHEDULE_LIMITS.templateIntervalMinutes,
): TemplateTimeSlot[] => {
  const timeSlots: TemplateTimeSlot[] = [];
  const first = parseISO(weekStart);
  for (let offset = 0; offset < 7; offset++) {
    const date = format(addDays(first, offset), 'yyyy-MM-dd');
    const hours = template.workingHours.find((entry) => entry.day === weekdayOf(date));
    if (!hours?.isAvailable) continue;
    let pieces = [{ from: minutesOf(hours.startTime), to: minutesOf(hours.endTime) }];
    for (const pause of template.breaks) {
      const [bFrom, bTo] = [minutesOf(pause.startTime), minutesOf(pause.endTime)];
      pieces = pieces.flatMap((piece) =>
        bTo <= piece.from || bFrom >= piece.to
          ? [piece]
          : [
              { from: piece.from, to: Math.max(piece.from, bFrom) },
              { from: Math.min(piece.to, bTo), to: piece.to },
            ].filter((part) => part.to > part.from),
      );
    }
    for (const piece of pieces) {
      timeSlots.push({
        date,
        startTime: timeOfMinutes(piece.from),
        endTime: timeOfMinutes(piece.to),
        capacity: hours.capacity ?? Math.max(1, Math.floor((piece.to - piece.from) / intervalMinutes)),
        // A day with a capacity is one block for that many people; otherwise intervals of intervalMinutes.
        split: hours.capacity === undefined,
      });
    }
  }
  return timeSlots;
};

export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** POST /api/schedulemanage/fetchslot (docs/product.md §7.5): serviceId carries the service name. */
export const FetchSlotRequest = z.object({
  providerId: z.string().min(1).max(100),
  serviceId: z.string().min(1).max(200),
});
export type FetchSlotRequest = z.infer<typeof FetchSlotRequest>;

export const ServiceByFilterRequest = z.object({ serviceId: z.string().max(200).optional() });

/**
 * The service a fetchslot asked for (docs/product.md §3 "matchedService"): the catalogue's Service
 * without providerId. Spelled out here, as the catalogue's module reads this one's schemas; the
 * type below keeps the two the same.
 */
export const MatchedService = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  duration: z.number(),
  price: z.number(),
  currency: z.string(),
  isPaymentNeeded: z.boolean(),
  automaticBooking: z.boolean(),
  allowRecurring: z.boolean().optional(),
});
export type MatchedService = Omit<Service, 'providerId'>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const MATCHED_SERVICE_IS_THE_CATALOGUES: Same<z.infer<typeof MatchedService>, MatchedService> = true;

/** POST fetchslot: the service, its time slots from today on, and the first open one. */
export const FetchSlotResponse = z.object({
  matchedService: MatchedService,
  /** The service's time slots from today (in the provider's zone) on, in time order. */
  timeslots: z.array(TimeSlot),
  /** The next open interval or block, or null when there is none. */
  firstTimeslot: TimeSlot.extend({
    index: z.number().optional(),
    intervalStart: z.string(),
    intervalEnd: z.string(),
  }).nullable(),
});
export type FetchSlotResponse = z.infer<typeof FetchSlotResponse>;

export const TimeSlotsResponse = z.object({ timeslots: z.array(TimeSlot) });
export type TimeSlotsResponse = z.infer<typeof TimeSlotsResponse>;

/** addtimeslot and applytemplate: the message, and the time slots made. */
export const TimeSlotsAdded = z.object({ message: z.string(), timeslots: z.array(TimeSlot) });

/** edittimeslot's answer (issue 30): the message, the time slot as it is now, the bookings cancelled. */
export const TimeSlotChangedAnswer = z.object({
  message: z.string(),
  timeslot: TimeSlot,
  cancelled: z.array(z.string()),
});
/** deletetimeslot's answer (issue 30): the message, the deleted time slots and the bookings cancelled. */
export const TimeSlotsDeletedAnswer = z.object({
  message: z.string(),
  deleted: z.array(z.string()),
  cancelled: z.array(z.string()),
});

/**
 * A day of a template's week left unfilled, and why: it overlaps a time slot (whose times, on the
 * provider's clock, are given), or it is already past. `message` says it in English:
 * "Tue 1 Dec: overlaps 09:00–12:00".
 */
export const SkippedDay = z.object({
  date: z.string(),
  reason: z.enum(['overlap', 'timeOff', 'past']),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  /** The time off's reason, when the day falls in one. */
  timeOffReason: z.string().optional(),
  message: z.string(),
});
export type SkippedDay = z.infer<typeof SkippedDay>;

/** "Tue 1 Dec: overlaps 09:00–12:00", "Wed 2 Dec: time off (Holiday)", "Mon 30 Nov: already past". */
export const skippedDayMessage = (day: Omit<SkippedDay, 'message'>): string =>
  `${format(parseISO(day.date), 'EEE d MMM')}: ${
    day.reason === 'overlap'
      ? `overlaps ${day.startTime}–${day.endTime}`
      : day.reason === 'timeOff'
        ? `time off${day.timeOffReason ? ` (${day.timeOffReason})` : ''}`
        : 'already past'
  }`;

/** applytemplate: the time slots made, and each day of the week it skipped. */
export const TemplateApplied = TimeSlotsAdded.extend({ skipped: z.array(SkippedDay) });
export type TemplateApplied = z.infer<typeof TemplateApplied>;

/** A schedule template as listed: the saved fields, its id, and whether it is the built-in one. */
export const ScheduleTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  workingHours: WorkingHours,
  breaks: Breaks,
  isDefault: z.boolean(),
});
export const TemplateList = z.object({ templates: z.array(ScheduleTemplate) });
export const TemplateAnswer = z.object({ template: ScheduleTemplate });

/** POST duplicatetemplate / deletetemplate: which template. */
export const TemplateId = z.object({ id: z.string().min(1).max(100) });

export const SCHEDULE_PATHS = {
  addTimeSlot: '/api/schedulemanage/addtimeslot',
  editTimeSlot: '/api/schedulemanage/edittimeslot',
  deleteTimeSlot: '/api/schedulemanage/deletetimeslot',
  fetchSlot: '/api/schedulemanage/fetchslot',
  fetchAllSlots: '/api/schedulemanage/fetchallslot',
  serviceByFilter: '/api/schedulemanage/servicebyfilter',
  getAvailability: '/api/schedulemanage/getavailability',
  setAvailability: '/api/schedulemanage/setavailability',
  templates: '/api/schedulemanage/templates',
  saveTemplate: '/api/schedulemanage/savetemplate',
  duplicateTemplate: '/api/schedulemanage/duplicatetemplate',
  deleteTemplate: '/api/schedulemanage/deletetemplate',
  applyTemplate: '/api/schedulemanage/applytemplate',
  addTimeOff: '/api/schedulemanage/addtimeoff',
  timeOff: '/api/schedulemanage/timeoff',
  deleteTimeOff: '/api/schedulemanage/deletetimeoff',
} as const;
