import { z } from 'zod';
import { LOCATION_OPTIONS } from './constants';
import { MESSAGES } from './messages';

/**
 * One currency per provider. A provider's prices, bookings, orders and e-mails are
 * all in its currency (an ISO 4217 code), shown everywhere through `formatMoney`. The default
 * comes from the provider's country, which is read from its address.
 */

/** The currencies a provider may choose. */
export const SUPPORTED_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'INR',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'SGD',
  'AED',
  'ZAR',
  'BRL',
  'MXN',
] as const;
export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];

/** Used when an address names no country this table knows. */
export const FALLBACK_CURRENCY: CurrencyCode = 'USD';

interface CountryEntry {
  name: string;
  currency: CurrencyCode;
  /** Other names of the country as addresses write them (lower case, whole words). */
  aliases?: readonly string[];
  /** Upper-case codes, matched only as written in capitals ("USA", "UK"). */
  codes?: readonly string[];
  /** States, regions and cities that place an address in the country. */
  places?: readonly string[];
}

const EURO = (name: string, aliases: string[] = []): CountryEntry => ({ name, currency: 'EUR', aliases });

/** The one country → currency table. */
export const COUNTRIES: readonly CountryEntry[] = [
  {
    name: 'United States',
    currency: 'USD',
    aliases: ['united states of america', 'america'],
    codes: ['US', 'USA', 'U.S.', 'U.S.A.'],
    places: ['new mexico', 'new york', 'california', 'texas', 'florida', 'illinois'],
  },
  {
    name: 'India',
    currency: 'INR',
    aliases: ['bharat'],
    places: [
      'kerala',
      'tamil nadu',
      'karnataka',
      'maharashtra',
      'telangana',
      'andhra pradesh',
      'gujarat',
      'goa',
      'delhi',
      'new delhi',
      'west bengal',
      'rajasthan',
      'uttar pradesh',
      'kochi',
      'mumbai',
      'bengaluru',
      'chennai',
    ],
  },
  {
    name: 'United Kingdom',
    currency: 'GBP',
    aliases: ['great britain', 'england', 'scotland', 'wales', 'northern ireland'],
    codes: ['UK', 'GB'],
  },
  EURO('Spain', ['españa', 'espana']),
  EURO('France'),
  EURO('Germany', ['deutschland']),
  EURO('Italy', ['italia']),
  EURO('Portugal'),
  EURO('Netherlands', ['the netherlands', 'nederland', 'holland']),
  EURO('Belgium', ['belgique', 'belgië']),
  EURO('Austria', ['österreich']),
  EURO('Ireland', ['éire']),
  EURO('Finland', ['suomi']),
  EURO('Greece'),
  EURO('Luxembourg'),
  EURO('Slovakia'),
  EURO('Slovenia'),
  EURO('Estonia'),
  EURO('Latvia'),
  EURO('Lithuania'),
  EURO('Malta'),
  EURO('Cyprus'),
  EURO('Croatia'),
  { name: 'Canada', currency: 'CAD' },
  { name: 'Australia', currency: 'AUD' },
  { name: 'New Zealand', currency: 'NZD' },
  { name: 'Japan', currency: 'JPY' },
  { name: 'Switzerland', currency: 'CHF', aliases: ['schweiz', 'suisse', 'svizzera'] },
  { name: 'Sweden', currency: 'SEK', aliases: ['sverige'] },
  { name: 'Norway', currency: 'NOK', aliases: ['norge'] },
  { name: 'Denmark', currency: 'DKK', aliases: ['danmark'] },
  { name: 'Singapore', currency: 'SGD' },
  { name: 'United Arab Emirates', currency: 'AED', aliases: ['dubai', 'abu dhabi'], codes: ['UAE'] },
  { name: 'South Africa', currency: 'ZAR' },
  { name: 'Brazil', currency: 'BRL', aliases: ['brasil'] },
  { name: 'Mexico', currency: 'MXN', aliases: ['méxico'] },
];

/** The cities of docs/product.md §9's location filter, by country. */
const LOCATION_COUNTRIES: Record<(typeof LOCATION_OPTIONS)[number], string> = {
  Palakkad: 'India',
  Thrissur: 'India',
  Chicago: 'United States',
  Houston: 'United States',
  Miami: 'United States',
};

/** US states' postal codes, as "City, TX 77002" writes them. */
const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM ' +
    'NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
  ).split(' '),
);

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const containsPhrase = (haystack: string[], phrase: string): boolean => {
  const needle = words(phrase);
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((word, j) => haystack[i + j] === word)) return true;
  }
  return false;
};

/** The country one part of an address names, by its longest matching name (New Mexico over Mexico). */
const countryInPart = (part: string): string | undefined => {
  const found = words(part);
  const capitals = new Set(part.split(/[\s,;]+/).filter(Boolean));
  let best: { country: string; length: number } | undefined;
  const consider = (country: string, phrase: string) => {
    if (!containsPhrase(found, phrase)) return;
    const length = words(phrase).length;
    if (!best || length > best.length) best = { country, length };
  };
  for (const entry of COUNTRIES) {
    for (const name of [entry.name, ...(entry.aliases ?? []), ...(entry.places ?? [])])
      consider(entry.name, name);
    if (entry.codes?.some((code) => capitals.has(code))) best ??= { country: entry.name, length: 1 };
  }
  for (const [city, country] of Object.entries(LOCATION_COUNTRIES)) consider(country, city);
  if (!best) {
    const zip = /\b([A-Z]{2})\s+\d{5}(?:-\d{4})?\b/.exec(part);
    if (zip && US_STATES.has(zip[1]!)) return 'United States';
  }
  return best?.country;
};

/**
 * The country an address is in, or undefined. The parts are read from the last (where a country
 * is written) to the first, so "12 Paris Road, Kochi, Kerala" is in India.
 */
export const countryForAddress = (address: string): string | undefined => {
  const parts = address.split(/[,\n]/).reverse();
  for (const part of parts) {
    const country = countryInPart(part);
    if (country) return country;
  }
  return undefined;
};

export const currencyForCountry = (country: string | undefined): CurrencyCode => {
  const wanted = country?.trim().toLowerCase();
  const entry = COUNTRIES.find(
    (candidate) =>
      candidate.name.toLowerCase() === wanted || (candidate.aliases ?? []).includes(wanted ?? ''),
  );
  return entry?.currency ?? FALLBACK_CURRENCY;
};

/** A provider's currency until its admin chooses one: its country's. */
export const defaultCurrencyForAddress = (address: string): CurrencyCode =>
  currencyForCountry(countryForAddress(address));

export const isSupportedCurrency = (code: string): code is CurrencyCode =>
  (SUPPORTED_CURRENCIES as readonly string[]).includes(code);

/** A currency as a form or a body gives it: any case, checked against the supported list. */
export const Currency = z
  .string({ message: MESSAGES.currencyUnsupported })
  .trim()
  .toUpperCase()
  .refine(isSupportedCurrency, { message: MESSAGES.currencyUnsupported })
  .transform((code) => code as CurrencyCode);

/** Body of the admin's currency setting. */
export const ProviderCurrencyRequest = z.object({ currency: Currency });
export type ProviderCurrencyRequest = z.input<typeof ProviderCurrencyRequest>;

const formatters = new Map<string, Intl.NumberFormat | null>();
const formatterFor = (currency: string, locale = 'en-US'): Intl.NumberFormat | null => {
  const key = `${locale} ${currency}`;
  if (!formatters.has(key)) {
    try {
      formatters.set(key, new Intl.NumberFormat(locale, { style: 'currency', currency }));
    } catch {
      formatters.set(key, null);
    }
  }
  return formatters.get(key) ?? null;
};

/**
 * Every price and amount shown anywhere (cards, lists, the confirm dialog, the checkout, e-mails)
 * is written by this one function: "$50.00", "€50.00", "₹50.00", "¥500"; `locale` writes it as
 * that language does (an e-mail in the recipient's language: "50,00 €").
 */
export const formatMoney = (amount: number, currency: string, locale?: string): string => {
  const value = Number.isFinite(amount) ? amount : 0;
  const formatter = formatterFor(currency, locale);
  return formatter ? formatter.format(value) : `${currency} ${value.toFixed(2)}`;
};

/** How many decimals a currency has (2 for most, 0 for JPY). */
export const minorUnitDigits = (currency: string): number =>
  formatterFor(currency)?.resolvedOptions().maximumFractionDigits ?? 2;

/** An amount in the smallest unit (cents, paise), as payment gateways take it. */
export const toMinorUnits = (amount: number, currency: string): number =>
  Math.round(amount * 10 ** minorUnitDigits(currency));

export const fromMinorUnits = (amount: number, currency: string): number =>
  amount / 10 ** minorUnitDigits(currency);

/** The sign a currency is written with ("$", "€", "₹"), for labels such as "Price (€)". */
export const currencySymbol = (currency: string): string =>
  formatterFor(currency)
    ?.formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;
