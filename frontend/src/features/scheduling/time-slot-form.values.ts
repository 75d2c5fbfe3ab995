import {
  intervalsTooShortMessage,
  isDayKey,
  isTimeOfDay,
  minutesOf,
  occurrenceDates,
  proposedIntervals,
  serviceTooLongFor,
  TimeSlotForm,
  type TimedService,
  type RepeatOption,
  type TimeSlotFormInput,
} from '@appointment/contracts/schedule';

/** The Create Time Slot form as its controls hold it (docs/product.md §3 Time slot form). */
export interface TimeSlotValues {
  date: string;
  startTime: string;
  endTime: string;
  availableSlots: string;
  totalSlots: string;
  repeat: RepeatOption;
  repeatUntil: string;
  serviceIds: string[];
  addAsSlot: boolean;
  addTotalSlot: boolean;
}

export const EMPTY_TIME_SLOT: TimeSlotValues = {
  date: '',
  startTime: '',
  endTime: '',
  availableSlots: '',
  totalSlots: '',
  repeat: 'none',
  repeatUntil: '',
  serviceIds: [],
  addAsSlot: false,
  addTotalSlot: false,
};

/** docs/product.md §4: ticking addAsSlot clears total and available slots and unticks addTotalSlot. */
export const withAddAsSlot = (values: TimeSlotValues, on: boolean): TimeSlotValues =>
  on
    ? { ...values, addAsSlot: true, addTotalSlot: false, availableSlots: '', totalSlots: '' }
    : { ...values, addAsSlot: false };

/** docs/product.md §4: ticking addTotalSlot unticks addAsSlot and copies total into available. */
export const withAddTotalSlot = (values: TimeSlotValues, on: boolean): TimeSlotValues =>
  on
    ? { ...values, addTotalSlot: true, addAsSlot: false, availableSlots: values.totalSlots }
    : { ...values, addTotalSlot: false };

/** docs/product.md §4: while addTotalSlot is on, edits to total also set available. */
export const withTotalSlots = (values: TimeSlotValues, totalSlots: string): TimeSlotValues => ({
  ...values,
  totalSlots,
  availableSlots: values.addTotalSlot ? totalSlots : values.availableSlots,
});

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value);

/** What the shared schema checks: empty numbers and a repeat-until without repeat are left out. */
export const toFormInput = (values: TimeSlotValues): TimeSlotFormInput => ({
  ...values,
  availableSlots: optional(values.availableSlots),
  totalSlots: optional(values.totalSlots),
  repeatUntil: values.repeat === 'none' ? undefined : optional(values.repeatUntil),
});

export const validateTimeSlot = (values: TimeSlotValues) => TimeSlotForm.safeParse(toFormInput(values));

/** How many time slots the form would create, once its dates are complete; null before. */
export const occurrenceCount = (values: TimeSlotValues): number | null => {
  if (!isDayKey(values.date)) return null;
  if (values.repeat === 'none') return 1;
  if (!isDayKey(values.repeatUntil) || values.repeatUntil < values.date) return null;
  return occurrenceDates({ date: values.date, repeat: values.repeat, repeatUntil: values.repeatUntil })
    .length;
};

const chosen = <S extends TimedService>(values: TimeSlotValues, services: readonly S[]): S[] =>
  services.filter((service) => values.serviceIds.includes(service.name));

/**
 * docs/product.md §4: the number of intervals the form proposes, from the chosen services' longest
 * duration plus the provider's buffer (window ÷ (longest + buffer), rounded down); undefined until
 * the times and a service are chosen.
 */
export const proposedSlots = (
  values: TimeSlotValues,
  services: readonly TimedService[],
  bufferMinutes = 0,
): number | undefined =>
  proposedIntervals(
    values.startTime,
    values.endTime,
    chosen(values, services).map((service) => service.duration),
    bufferMinutes,
  );

/** The longest chosen service's duration, the proposal's interval; undefined with none chosen. */
export const longestDuration = (
  values: TimeSlotValues,
  services: readonly TimedService[],
): number | undefined => {
  const durations = chosen(values, services).map((service) => service.duration);
  return durations.length ? Math.max(...durations) : undefined;
};

/** A split form with the proposal as its number of intervals (unchanged when there is none yet). */
export const withProposal = (
  values: TimeSlotValues,
  services: readonly TimedService[],
  bufferMinutes = 0,
): TimeSlotValues => {
  if (!values.addAsSlot) return values;
  const proposal = proposedSlots(values, services, bufferMinutes);
  return proposal === undefined ? values : { ...values, availableSlots: String(proposal) };
};

/**
 * The duration rule as the server applies it (contracts' serviceTooLongFor): the intervals (or the
 * block) must be as long as every chosen service; the field and message naming the service, or null.
 */
export const durationError = (
  values: TimeSlotValues,
  services: readonly TimedService[],
): { field: 'availableSlots' | 'endTime'; message: string } | null => {
  if (!isTimeOfDay(values.startTime) || !isTimeOfDay(values.endTime)) return null;
  const window = minutesOf(values.endTime) - minutesOf(values.startTime);
  const parts = values.addAsSlot ? Number(values.availableSlots) : 1;
  if (window <= 0 || !Number.isInteger(parts) || parts < 1) return null;
  const tooLong = serviceTooLongFor(Math.floor(window / parts), chosen(values, services));
  if (!tooLong) return null;
  return {
    field: values.addAsSlot ? 'availableSlots' : 'endTime',
    message: intervalsTooShortMessage(tooLong),
  };
};
