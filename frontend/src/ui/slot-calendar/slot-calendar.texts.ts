/** The slot calendar's labels (docs/product.md §2.6), shared by the booking screen and the schedule. */
export const SLOT_CALENDAR_TEXTS = {
  today: 'Today',
  hasSlots: 'Slots available',
  pastSlot: 'Past Slot',
  available: 'Available',
  unavailable: 'Unavailable',
  previous: 'Previous',
  next: 'Next',
  calendarView: 'Calendar view',
  views: { month: 'Month', week: 'Week', day: 'Day' },
  weekView: 'Week view',
  dayView: 'Day view',
  noSlotsInHour: 'No Slots',
} as const;
