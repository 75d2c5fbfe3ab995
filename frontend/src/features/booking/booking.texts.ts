import i18next from 'i18next';

/**
 * Labels of the booking screen (docs/product.md §2.6). The error texts come from MESSAGES; these are the
 * screen's headings, links and badges: the English catalogue of the `booking` namespace (es and fr in
 * booking.i18n.ts), so each is written once. The calendar's own labels are the `slotCalendar` namespace.
 */
export const BOOKING_TEXTS = {
  pageTitle: 'Book Appointment',
  industries: 'Industries',
  loadingIndustries: 'Loading industries...',
  providers: 'Providers',
  industryProviders: '{{industry}} Providers',
  loadingProviders: 'Loading providers...',
  chooseIndustry: 'Choose an industry to see its providers.',
  location: 'Location',
  allLocations: 'All locations',
  search: 'Search providers',
  searchPlaceholder: 'Search by name',
  providerFilters: 'Provider filters',
  favouritesOnly: 'Favourites only',
  newProvider: 'New',
  backToProviders: 'Back to providers',
  selectTimeAndService: 'Select Time & Service',
  services: 'Services',
  loadingServices: 'Loading services...',
  noServices: 'This provider offers no services yet.',
  loadingSlots: 'Loading slots...',
  nextAvailableSlot: 'Next available slot',
  switchToManual: 'Switch to Manual Booking',
  switchToAutomatic: 'Switch to Automatic Booking',
  manualTitle: 'Select Your Preferred Time',
  noSlots: 'No time slots are offered for this service yet.',
  noOpenSlotsThatDay: 'No open slots on this day.',
  joinWaitlist: 'Join the waitlist',
  joinedWaitlist: 'On the waitlist',
  /** Issue 31: a day with no free place left for the service waits for any place of it that day. */
  joinDayWaitlist: 'Join the waitlist for any place that day',
  joinedDayWaitlist: 'On the waitlist for any place that day',
  pickADay: 'Pick a highlighted day to see its times.',
  timesShownIn: 'Times are shown in the provider’s time zone ({{timeZone}})',
  bookNow: 'Book Now',
  duration_one: '{{count}} min',
  duration_other: '{{count}} min',
  confirmTitle: 'Confirm Booking',
  /** docs/product.md §2.6: "Book appointment for {service} on {date} from {start} to {end}?". */
  confirmQuestion: 'Book appointment for {{service}} on {{date}} from {{start}} to {{end}}?',
  /** The price, as the service card and the checkout show it. */
  price: 'Price: {{price}}',
  pricePaidOnline: 'Price: {{price}}, paid online after booking.',
  addNote: 'Add Note',
  hideNote: 'Hide Note',
  note: 'Note',
  notePlaceholder: 'Enter your note...',
  image: 'Image',
  imagePreview: 'Preview of the chosen image',
  removeImage: 'Remove image',
  submit: 'Submit',
  processing: 'Processing...',
  cancel: 'Cancel',
  /** A recurring series (issue 31): the confirm dialog's Repeat and its occurrences. */
  series: {
    repeat: 'Repeat',
    every: 'Every',
    days: 'days',
    weeks: 'weeks',
    count: 'Occurrences',
    occurrences: 'Occurrences of the series',
    loading: 'Checking every occurrence...',
    free: 'Free',
    notFree: 'Not free',
    bookAll: 'Book all {{count}}',
    bookFree: 'Book the {{count}} free ones only',
    paidEach: 'Each occurrence is paid on its own, from your appointments.',
  },
  /** Moving a booking to another time (issue 29): the screen's banner and its confirm dialog. */
  reschedule: {
    banner: 'Rescheduling {{service}} on {{when}}',
    stop: 'Stop rescheduling',
    loadingProvider: 'Loading the appointment’s provider...',
    title: 'Reschedule appointment',
    question: 'Move your appointment for {{service}}?',
    /** Asked of the provider's admin, who moves someone else's booking. */
    questionFor: 'Move the appointment of {{email}} for {{service}}?',
    bookerTold: 'They are told of the new time.',
    fromTo: 'From {{from}} to {{to}}',
    paymentMoves: 'Its payment, if any, moves with it.',
    confirm: 'Move appointment',
    moving: 'Moving...',
    /** Issue 31: the booker of a series' occurrence moves the following ones by the same shift. */
    following: 'Also move the following appointments of this series by as much',
  },
} as const;

/** The price, as the service card and the checkout show it, in the chosen language. */
export const priceText = (price: string, paymentNeeded: boolean): string =>
  i18next.t(paymentNeeded ? 'booking:pricePaidOnline' : 'booking:price', { price });

/** docs/product.md §2.6: "Book appointment for {service} on {date} from {start} to {end}?". */
export const confirmText = (service: string, date: string, start: string, end: string): string =>
  i18next.t('booking:confirmQuestion', { service, date, start, end });
