/**
 * The ranges every date, instant and log position the API accepts must fall in: a
 * value outside them is refused at the door with the field's message, never carried to
 * PostgreSQL (which refuses year 10000 and bigints past 2^63) or to a read model.
 * Time slots have a narrower window, from the provider's today to `SCHEDULE_AHEAD_YEARS` ahead.
 */
export const DATE_RANGE = { first: '1900-01-01', last: '2200-12-31' } as const;

/** How far ahead time slots (and so bookings) may be: two years from the provider's today. */
export const SCHEDULE_AHEAD_YEARS = 2;

/** A YYYY-MM-DD day key inside DATE_RANGE (fixed-width keys compare as the dates they name). */
export const inDateRange = (dayKey: string): boolean =>
  dayKey.length === 10 && dayKey >= DATE_RANGE.first && dayKey <= DATE_RANGE.last;

/** An ISO instant (YYYY-MM-DDTHH:mm…) that Date reads, its day inside DATE_RANGE. */
export const isInstantInRange = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  inDateRange(value.slice(0, 10));

/** PostgreSQL's bigint: log positions and transaction ids written as text. */
const BIGINT_MAX = 9223372036854775807n;

/** Decimal digits naming a bigint (a log position). */
export const isBigintText = (value: string): boolean =>
  /^\d{1,19}$/.test(value) && BigInt(value) <= BIGINT_MAX;
