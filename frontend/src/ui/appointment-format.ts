import { isValid, parse } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { formatLocal } from '../lib/locale-format';

/**
 * An appointment's day and times are kept in the provider's time zone ('YYYY-MM-DD', 'HH:mm'),
 * so they are shown as written, with no conversion to the viewer's zone, in the viewer's language
 * (issue 32: English keeps the spec's patterns, Spanish and French their own).
 */
const REFERENCE = new Date(2000, 0, 1);

/** docs/product.md §9: weekday, month, day, year. A value that does not parse is shown as it came. */
export const longDate = (dayKey: string): string => {
  const day = parse(dayKey.slice(0, 10), FORMATS.dayKey, REFERENCE);
  return isValid(day) ? formatLocal(day, FORMATS.longDate) : dayKey;
};

/**
 * 'HH:mm' on the 12-hour clock ('h:mm a') in English, the 24-hour clock in Spanish and French; a
 * value that does not parse is shown as it came.
 */
export const displayTime = (time: string): string => {
  const instant = parse(time.slice(0, 5), FORMATS.slotTime, REFERENCE);
  return isValid(instant) ? formatLocal(instant, FORMATS.displayTime) : time;
};

export const timeRange = (start: string, end: string): string =>
  `${displayTime(start)} - ${displayTime(end)}`;
