/**
 * The slot calendar's labels (docs/product.md §2.6), shared by the booking screen and the schedule: the English
 * catalogue of the `slotCalendar` namespace (es and fr in slot-calendar.i18n.ts).
 */
export const SLOT_CALENDAR_TEXTS = {
  today: 'Today',
  hasSlots: 'Slots available',
  pastSlot: 'Past Slot',
  available: 'Available',
  unavailable: 'Unavailable',
  previous: 'Previous',
  next: 'Next',
  previousStep: { month: 'Previous month', week: 'Previous week', day: 'Previous day' },
  nextStep: { month: 'Next month', week: 'Next week', day: 'Next day' },
  calendarView: 'Calendar view',
  views: { month: 'Month', week: 'Week', day: 'Day' },
  weekView: 'Week view',
  weekViewOf: 'Week view, {{date}}',
  dayView: 'Day view',
  dayViewOf: 'Day view, {{date}}',
  hour: 'Hour',
  noSlotsInHour: 'No Slots',
} as const;
