import { format } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { currentLanguage, formatZoned } from '../../lib/locale-format';
import { chooseSlot, formatIn, type ChosenSlot } from '@appointment/contracts/booking';
import { dayKeyIn, generateIntervals, isTimeZone, type TimeSlot } from '@appointment/contracts/schedule';

export interface SlotText {
  /** Long weekday, month, day and year (docs/product.md §9). */
  date: string;
  /** Start and end on the 12-hour clock. */
  time: string;
}

/**
 * The date and time range of a slot in the provider's time zone (docs/architecture.md §5), so a slot reads the
 * same wherever the person booking it sits; null when either end cannot be parsed.
 */
export const describeSlot = (start: string, end: string, timeZone: string | undefined): SlotText | null => {
  // Another language than English writes the day and times its own way, in the same zone.
  const local = currentLanguage() !== 'en' && timeZone && isTimeZone(timeZone) ? timeZone : null;
  const date = local ? formatZoned(start, local, 'longDate') : formatIn(start, timeZone, FORMATS.longDate);
  const from = local ? formatZoned(start, local, 'time') : formatIn(start, timeZone, FORMATS.displayTime);
  const to = local ? formatZoned(end, local, 'time') : formatIn(end, timeZone, FORMATS.displayTime);
  if (!date || !from || !to) return null;
  return { date, time: `${from} - ${to}` };
};

/** The calendar day (YYYY-MM-DD) that it is now in a time zone. */
export const todayIn = (timeZone: string | undefined, now: Date = new Date()): string =>
  timeZone && isTimeZone(timeZone) ? dayKeyIn(now, timeZone) : format(now, FORMATS.dayKey);

/** The day key of a calendar tile, which the calendar gives as local midnight. */
export const dayKeyOfTile = (date: Date): string => format(date, FORMATS.dayKey);

export interface DaySlot {
  key: string;
  startDateTime: string;
  endDateTime: string;
  /** An interval of a split time slot, or a whole block (docs/product.md §3 Time slot). */
  kind: 'interval' | 'block';
  /** For a block: whether it still has room (availableSlots above 0). */
  available: boolean;
  past: boolean;
  intervalNumber?: number;
  timeSlot: TimeSlot;
}

/**
 * The open times of one day (docs/product.md §2.6 day click, §4 slot generation): a split time slot
 * (addAsSlot) gives its generated intervals (taken ones are left out, unless `withTaken`: then they
 * are there, not available, for their waitlist, issue 31), a block is one.
 */
export const slotsOfDay = (
  timeSlots: TimeSlot[],
  day: string,
  now: Date = new Date(),
  { withTaken = false }: { withTaken?: boolean } = {},
): DaySlot[] =>
  timeSlots
    .filter((timeSlot) => timeSlot.date === day)
    .flatMap((timeSlot): DaySlot[] =>
      timeSlot.addAsSlot
        ? generateIntervals(withTaken ? { ...timeSlot, indexes: [] } : timeSlot).map((interval) => ({
            key: `${timeSlot._id}-${interval.index}`,
            startDateTime: interval.startDateTime,
            endDateTime: interval.endDateTime,
            kind: 'interval',
            available: !timeSlot.indexes.includes(interval.index),
            past: Date.parse(interval.startDateTime) <= now.getTime(),
            intervalNumber: interval.index,
            timeSlot,
          }))
        : [
            {
              key: timeSlot._id,
              startDateTime: timeSlot.startDateTime,
              endDateTime: timeSlot.endDateTime,
              kind: 'block',
              available: timeSlot.availableSlots > 0,
              past: Date.parse(timeSlot.startDateTime) <= now.getTime(),
              timeSlot,
            },
          ],
    )
    .sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime));

/** The days that have time slots, for highlighting in the calendar. */
export const daysWithSlots = (timeSlots: TimeSlot[]): Set<string> =>
  new Set(timeSlots.map((timeSlot) => timeSlot.date));

/** The hour of the day (0-23) an instant falls in, in a time zone. */
export const hourIn = (iso: string, timeZone: string | undefined): number => {
  const time = formatIn(iso, timeZone, FORMATS.slotTime);
  return time ? Number(time.slice(0, 2)) : -1;
};

/** The automatic mode's next slot as a chosen slot. */
export const chooseFirstSlot = (
  first: TimeSlot & { index?: number; intervalStart: string; intervalEnd: string },
): ChosenSlot | null => {
  const { intervalStart, intervalEnd, index, ...timeSlot } = first;
  return chooseSlot(timeSlot, intervalStart, intervalEnd, index);
};

/** A calendar slot (an interval or a block) as a chosen slot. */
export const chooseDaySlot = (slot: DaySlot): ChosenSlot | null =>
  chooseSlot(slot.timeSlot, slot.startDateTime, slot.endDateTime, slot.intervalNumber);

/** Whether a calendar slot may be booked: not begun, and for a block with places left. */
export const isSelectable = (slot: DaySlot): boolean => !slot.past && slot.available;

/** The open times per day for every day that has time slots. */
export const slotsByDay = (timeSlots: TimeSlot[], now: Date = new Date()): Map<string, DaySlot[]> => {
  const byDay = new Map<string, DaySlot[]>();
  for (const day of daysWithSlots(timeSlots)) byDay.set(day, slotsOfDay(timeSlots, day, now));
  return byDay;
};

/** A fresh Idempotency-Key, one per opened confirm dialog. */
export const newIdempotencyKey = (): string => {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const random = () => Math.random().toString(36).slice(2, 10);
  return `booking-${Date.now().toString(36)}-${random()}${random()}`;
};
