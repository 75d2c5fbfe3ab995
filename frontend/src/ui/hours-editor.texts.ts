import type { Weekday } from '@appointment/contracts/constants';

/**
 * Labels of the working-hours and breaks editors (docs/product.md §3), shared by Manage Availability,
 * Schedule Templates and Add Provider: the English catalogue of the `hoursEditor` namespace (es and fr
 * in hours-editor.i18n.ts).
 */
export const HOURS_EDITOR_TEXTS = {
  workingHours: 'Working hours',
  day: 'Day',
  available: 'Available',
  start: 'Start',
  end: 'End',
  capacity: 'Capacity',
  open: 'Open',
  closed: 'Closed',
  dayAvailable: '{{day}} available',
  dayStartTime: '{{day}} start time',
  dayEndTime: '{{day}} end time',
  dayCapacity: '{{day}} capacity',
  breaks: 'Breaks',
  noBreaks: 'No breaks.',
  breakNumber: 'Break {{number}}',
  breakStartTime: 'Break {{number}} start time',
  breakEndTime: 'Break {{number}} end time',
  removeBreak: 'Remove break {{number}}',
  addBreak: 'Add break',
  days: {
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
  },
  shortDays: {
    monday: 'Mon',
    tuesday: 'Tue',
    wednesday: 'Wed',
    thursday: 'Thu',
    friday: 'Fri',
    saturday: 'Sat',
    sunday: 'Sun',
  },
} as const satisfies Record<string, unknown> & {
  days: Record<Weekday, string>;
  shortDays: Record<Weekday, string>;
};
