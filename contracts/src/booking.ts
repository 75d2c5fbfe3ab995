import { format } from 'date-fns';
import type { BookingForm } from './appointments';
import type { Service } from './catalogue';
import { FORMATS } from './constants';
import { dayKeyIn, isTimeZone, timeOfDayIn, zonedFormatter, type TimeSlot } from './schedule';

/**
 * The client's side of a booking, shared by the booking screen and the scenarios that drive the
 * API as a client: an instant written in the provider's zone, the slot a person chose, and the
 * booking form (docs/product.md §3) that the confirm dialog sends for it.
 *
 * Dates and times are written through Intl, never a Date subclass: a subclass of Date (TZDate)
 * loses its zone under a replaced global Date, as Playwright's page.clock installs it for the
 * any-hour tests.
 */
const longDateIn = zonedFormatter('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const displayTimeIn = zonedFormatter('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
/** The patterns of FORMATS, written in a zone by Intl (the 12-hour clock with a plain space). */
const IN_ZONE = {
  [FORMATS.longDate]: longDateIn,
  [FORMATS.displayTime]: (instant, timeZone) => displayTimeIn(instant, timeZone).replace(/\s/g, ' '),
  [FORMATS.slotTime]: timeOfDayIn,
  [FORMATS.dayKey]: dayKeyIn,
} satisfies Record<string, (instant: Date, timeZone: string) => string>;

/** A pattern of FORMATS that the booking screen writes in a time zone. */
export type ZonedPattern = keyof typeof IN_ZONE;

/** An instant written with one of FORMATS' patterns in a time zone, or null when it cannot be parsed. */
export const formatIn = (iso: string, timeZone: string | undefined, pattern: ZonedPattern): string | null => {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  const at = new Date(instant);
  return timeZone && isTimeZone(timeZone) ? IN_ZONE[pattern](at, timeZone) : format(at, pattern);
};

/**
 * docs/product.md §2.6 confirm dialog: the chosen slot is passed on with the time slot's fields plus the
 * interval's startDateTime and endDateTime, its index and both ends on the 12-hour clock.
 */
export type ChosenSlot = Omit<TimeSlot, 'startDateTime' | 'endDateTime'> & {
  startDateTime: string;
  endDateTime: string;
  /** The interval number in a split time slot; null for a block. */
  index: number | null;
  formattedStartTime: string;
  formattedEndTime: string;
};

/** The slot passed to the confirm dialog, or null when a time cannot be parsed. */
export const chooseSlot = (
  timeSlot: TimeSlot,
  startDateTime: string,
  endDateTime: string,
  intervalNumber: number | null | undefined,
): ChosenSlot | null => {
  const formattedStartTime = formatIn(startDateTime, timeSlot.timezone, FORMATS.displayTime);
  const formattedEndTime = formatIn(endDateTime, timeSlot.timezone, FORMATS.displayTime);
  if (!formattedStartTime || !formattedEndTime) return null;
  return {
    ...timeSlot,
    startDateTime,
    endDateTime,
    index: intervalNumber ?? null,
    formattedStartTime,
    formattedEndTime,
  };
};

/** The booking form as multipart text: every field of BookingForm, each as the string it is sent as. */
export type BookingFormText = { [Field in keyof BookingForm]?: string };

export interface BookingChoice {
  providerId: string;
  /** The service's name (docs/product.md §3 `servicename`). */
  serviceName: string;
  slot: ChosenSlot;
  /** The chosen service's flags, as the booking screen knows them; false when it knows none. */
  service?: Pick<Service, 'isPaymentNeeded' | 'automaticBooking'>;
  note?: string;
}

/**
 * docs/product.md §3 booking form for a chosen slot, field by field in the order the confirm dialog sends
 * them: the time slot, the interval's ends in the provider's zone, the interval number, the
 * service's flags and the note.
 */
export const bookingFormFor = ({ providerId, serviceName, slot, service, note = '' }: BookingChoice) => {
  const fields: BookingFormText = {
    servicename: serviceName,
    providerId,
    timeslotId: slot._id,
    date: slot.date,
    starttime: formatIn(slot.startDateTime, slot.timezone, FORMATS.slotTime) ?? slot.startTime,
    endtime: formatIn(slot.endDateTime, slot.timezone, FORMATS.slotTime) ?? slot.endTime,
    formattedstarttime: slot.formattedStartTime,
    formattedendtime: slot.formattedEndTime,
  };
  if (slot.index !== null) fields.index = String(slot.index);
  fields.paymentneeded = String(service?.isPaymentNeeded ?? false);
  fields.automaticbooking = String(service?.automaticBooking ?? false);
  const text = note.trim();
  if (text) fields.note = text;
  return fields;
};

/** The booking form as the multipart body it is sent as, with the picture a note may carry. */
export const bookingFormData = (fields: BookingFormText, image?: { blob: Blob; name: string }): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (image) form.append('image', image.blob, image.name);
  return form;
};
