import { SLOT_CALENDAR_TEXTS } from '../../ui/slot-calendar/slot-calendar.texts';

/**
 * Labels of the booking screen (docs/product.md §2.6). The error texts come from MESSAGES; these are the
 * screen's headings, links and badges, kept in one place so each is written once.
 */
export const BOOKING_TEXTS = {
  ...SLOT_CALENDAR_TEXTS,
  pageTitle: 'Book Appointment',
  industries: 'Industries',
  loadingIndustries: 'Loading industries...',
  providers: 'Providers',
  loadingProviders: 'Loading providers...',
  chooseIndustry: 'Choose an industry to see its providers.',
  location: 'Location',
  allLocations: 'All locations',
  search: 'Search providers',
  searchPlaceholder: 'Search by name',
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
  pickADay: 'Pick a highlighted day to see its times.',
  timesShownIn: 'Times are shown in the provider’s time zone',
  bookNow: 'Book Now',
  confirmTitle: 'Confirm Booking',
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
} as const;

/** Issue 18: the price, as the service card and the checkout show it. */
export const priceText = (price: string, paymentNeeded: boolean): string =>
  paymentNeeded ? `Price: ${price}, paid online after booking.` : `Price: ${price}`;

/** docs/product.md §2.6: "Book appointment for {service} on {date} from {start} to {end}?". */
export const confirmText = (service: string, date: string, start: string, end: string): string =>
  `Book appointment for ${service} on ${date} from ${start} to ${end}?`;
