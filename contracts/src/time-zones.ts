import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Time zones (docs/product.md §3): a profile's and a provider's zone is any IANA zone. This module
 * is the one rule of what a zone is, and the list the pickers offer.
 */

const knownZones = new Map<string, boolean>();
/** An IANA time zone this runtime knows (answers are remembered: the check is costly). */
export function isTimeZone(value: string): boolean {
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      known = value.length > 0;
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(value, known);
  }
  return known;
}

/** A time zone field: an IANA zone, or the message asking for one. */
export const TimeZone = z
  .string({ message: MESSAGES.timezoneRequired })
  .trim()
  .max(100, { message: MESSAGES.timezoneRequired })
  .refine(isTimeZone, { message: MESSAGES.timezoneRequired });

/**
 * Zones some runtimes still list by their old CLDR names; the list offers the IANA name people
 * know (both are valid: isTimeZone).
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
};

let zones: readonly string[] | undefined;
/**
 * Every IANA zone the runtime lists (`Intl.supportedValuesOf('timeZone')`), sorted, with UTC. A
 * saved zone missing from it (an older alias such as Asia/Calcutta) is still valid: isTimeZone.
 */
export const timeZones = (): readonly string[] => {
  if (!zones) {
    const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const current = listed.map((zone) => {
      const name = CURRENT_NAMES[zone];
      return name && isTimeZone(name) ? name : zone;
    });
    zones = [...new Set([...current, 'UTC'])].sort();
  }
  return zones;
};

const searchable = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\s_/-]+/g, ' ')
    .trim();

/**
 * The zones matching what the person typed: every word of it in the zone's name, case, spaces,
 * "_" and "/" aside ("kolkata", "asia kol", "new york" find theirs); zones whose words start with
 * the typed ones come first. Every zone for an empty query.
 */
export const searchTimeZones = (query: string, among: readonly string[] = timeZones()): string[] => {
  const words = searchable(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...among];
  const starts: string[] = [];
  const inside: string[] = [];
  for (const zone of among) {
    const name = searchable(zone);
    if (!words.every((word) => name.includes(word))) continue;
    const parts = name.split(' ');
    (words.every((word) => parts.some((part) => part.startsWith(word))) ? starts : inside).push(zone);
  }
  return [...starts, ...inside];
};
