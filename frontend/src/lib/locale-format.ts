import i18next from 'i18next';
import { format } from 'date-fns';
import { enUS, es, fr, type Locale } from 'date-fns/locale';
import { FORMATS, LANGUAGES } from '@appointment/contracts/constants';
import { formatMoney } from '@appointment/contracts/money';
import { formatIn } from '@appointment/contracts/booking';
import { isTimeZone } from '@appointment/contracts/time-zones';

/**
 * Dates, times, numbers and prices in the chosen language. English keeps the spec's own patterns
 * (docs/product.md §9: "Tuesday, November 24, 2026", "2:30 PM", "$50.00") exactly; Spanish and French get
 * their locale's long date, the 24-hour clock and their own number and currency writing.
 */
type Language = (typeof LANGUAGES)[number];

const DATE_LOCALES: Record<Language, Locale> = { en: enUS, es, fr };

/** The spec's English patterns and the locale-aware pattern each stands for in another language. */
const LOCALISED_PATTERNS: Readonly<Record<string, string>> = {
  [FORMATS.longDate]: 'PPPP',
  [FORMATS.displayTime]: 'HH:mm',
  'h a': 'HH:mm',
  'MMMM yyyy': 'LLLL yyyy',
};

export const currentLanguage = (): Language => {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
};

/** A date-fns pattern in the chosen language; English output is exactly `format(date, pattern)`. */
export const formatLocal = (date: Date, pattern: string): string => {
  const language = currentLanguage();
  if (language === 'en') return format(date, pattern);
  return format(date, LOCALISED_PATTERNS[pattern] ?? pattern, { locale: DATE_LOCALES[language] });
};

const INTL_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR' };

/** An instant in a time zone, in the chosen language (long date or time of day); null when unknown. */
export const formatZoned = (iso: string, timeZone: string, what: 'longDate' | 'time'): string | null => {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  try {
    const options: Intl.DateTimeFormatOptions =
      what === 'longDate'
        ? { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
        : { timeZone, hour: '2-digit', minute: '2-digit', hour12: false };
    return new Intl.DateTimeFormat(INTL_LOCALES[currentLanguage()], options).format(new Date(instant));
  } catch {
    return null;
  }
};

/** An instant as a time zone's clock reads it: the long date and the time. */
export const formatZonedWhen = (iso: string, timeZone: string): string =>
  `${formatZoned(iso, timeZone, 'longDate') ?? iso}, ${formatZoned(iso, timeZone, 'time') ?? ''}`;

/** A price in its currency, written the chosen language's way; English is `formatMoney`'s "$50.00". */
export const formatPrice = (amount: number, currency: string): string => {
  const language = currentLanguage();
  if (language === 'en') return formatMoney(amount, currency);
  try {
    return new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency }).format(amount);
  } catch {
    return formatMoney(amount, currency);
  }
};

/** A plain number in the chosen language. */
export const formatNumber = (value: number): string =>
  new Intl.NumberFormat(INTL_LOCALES[currentLanguage()]).format(value);

/**
 * An instant as a date and time of day in the viewer's zone, in the chosen language. English keeps the
 * browser's own writing (`toLocaleString(undefined, …)`), as the screens wrote it before they were
 * translated.
 */
export const formatDateTime = (
  value: string | number | Date,
  options: Intl.DateTimeFormatOptions = {},
): string => {
  const language = currentLanguage();
  return new Date(value).toLocaleString(language === 'en' ? undefined : INTL_LOCALES[language], options);
};

/** A number with a fixed count of decimals ("4.5", "4,5"); English is exactly `value.toFixed(digits)`. */
export const formatDecimal = (value: number, digits: number): string => {
  const language = currentLanguage();
  if (language === 'en') return value.toFixed(digits);
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
};

let chosenZone: string | undefined;
/** The zone the signed-in person chose on their profile, or undefined; the store keeps it here (app/store.ts). */
export const setProfileTimeZone = (zone: string | undefined): void => {
  chosenZone = zone;
};

/**
 * The viewer's zone for "Your time" (docs/product.md §3): the zone chosen on their profile when
 * there is one (and this runtime knows it), else the device's.
 */
export const viewerTimeZone = (profileZone: string | null | undefined = chosenZone): string =>
  profileZone && isTimeZone(profileZone) ? profileZone : Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The instant's day and time in the viewer's zone, or null when that reads the same as in the provider's zone
 * (the same zone, or another one with the same clock at that instant) or the instant is unknown. English writes
 * them as the provider's times are written beside them (docs/product.md §9: "2:30 PM").
 */
export const inViewerZone = (
  startIso: string,
  endIso: string,
  providerZone: string,
  viewerZone: string = viewerTimeZone(),
): { date: string; start: string; end: string } | null => {
  const wallClock = (zone: string) =>
    `${formatZoned(startIso, zone, 'longDate') ?? ''} ${formatZoned(startIso, zone, 'time') ?? ''}`;
  const english = currentLanguage() === 'en';
  const time = (iso: string) =>
    english ? formatIn(iso, viewerZone, FORMATS.displayTime) : formatZoned(iso, viewerZone, 'time');
  const date = english
    ? formatIn(startIso, viewerZone, FORMATS.longDate)
    : formatZoned(startIso, viewerZone, 'longDate');
  const start = time(startIso);
  const end = time(endIso);
  if (!date || !start || !end || !formatZoned(startIso, providerZone, 'time')) return null;
  return wallClock(viewerZone) === wallClock(providerZone) ? null : { date, start, end };
};

/**
 * An instant's time of day on the viewer's clock, naming the viewer's zone (issue 32: "held until
 * 1:49 PM (Asia/Kolkata)", "13:49 (Asia/Kolkata)"); English on the 12-hour clock as the times beside
 * it, Spanish and French on the 24-hour clock. Null when the instant is unknown.
 */
export const viewerClockTime = (iso: string, viewerZone: string = viewerTimeZone()): string | null => {
  const time =
    currentLanguage() === 'en'
      ? formatIn(iso, viewerZone, FORMATS.displayTime)
      : formatZoned(iso, viewerZone, 'time');
  return time && `${time} (${viewerZone})`;
};
