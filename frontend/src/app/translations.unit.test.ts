import { describe, expect, it } from 'vitest';
import { resources } from '../lib/i18n';
import { NAMESPACES } from './translations';

/**
 * The three catalogues of every namespace (the shell's `translation` and each feature's own) have the
 * same keys and the same interpolation variables, and Spanish and French say something else than English
 * except for the words below, which read the same in those languages (brand names, loanwords).
 */
const SAME_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  'Appointment', // the product's name
  'Webhooks',
  'Webhook URL',
  'WhatsApp',
  'Notifications', // French
  'Fitness',
  'Message', // French
  'Support', // French
  'Services', // French
  'Image', // French
  'Note', // French
  'Date', // French
  'Description', // French
  'Total', // Spanish
  'Chat',
  'OK',
  'URL',
  'Actions', // French
  'Secret', // French
  '{{ms}} ms',
  '{{count}} minute', // French
  '{{count}} minutes', // French
  'Service {{number}}', // French
  'Contact', // French
  'Type', // French
  'India', // Spanish
  '{{email}} ({{role}})',
  '{{name}} ({{duration}} min, {{price}})',
]);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

const flatten = (node: unknown, prefix = '', into: Flat = new Map()): Flat => {
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
};

/** Each key without its plural suffix, with the variables ({{name}}, $t(nested)) of all its forms. */
const shape = (flat: Flat): Map<string, string[]> => {
  const variables = new Map<string, Set<string>>();
  for (const [key, text] of flat) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const found = variables.get(base) ?? new Set<string>();
    for (const match of text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|\$t\(([^)]+)\)/g))
      found.add(match[1] ?? `$t(${match[2]})`);
    variables.set(base, found);
  }
  return new Map([...variables].map(([key, names]) => [key, [...names].sort()]));
};

const catalogues: [string, Record<'en' | 'es' | 'fr', unknown>][] = [
  [
    'translation',
    { en: resources.en.translation, es: resources.es.translation, fr: resources.fr.translation },
  ],
  ...Object.entries(NAMESPACES).map(
    ([namespace, translations]): [string, Record<'en' | 'es' | 'fr', unknown>] => [namespace, translations],
  ),
];

describe.each(catalogues)('the %s namespace', (_namespace, { en, es, fr }) => {
  const english = flatten(en);

  it.each([
    ['es', es],
    ['fr', fr],
  ])('has the same keys and variables in %s as in English', (_language, other) => {
    expect(Object.fromEntries(shape(flatten(other)))).toEqual(Object.fromEntries(shape(english)));
  });

  it.each([
    ['es', es],
    ['fr', fr],
  ])('is translated into %s, except the words that are the same', (_language, other) => {
    const untranslated = [...flatten(other)].filter(
      ([key, text]) => english.get(key) === text && !SAME_IN_EVERY_LANGUAGE.has(text),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('the namespaces', () => {
  it('are loaded into i18next in every language', async () => {
    const { i18next } = await import('../lib/i18n');
    for (const namespace of Object.keys(NAMESPACES)) {
      for (const language of ['en', 'es', 'fr'])
        expect(i18next.hasResourceBundle(language, namespace)).toBe(true);
    }
  });
});

describe('texts put together by i18next', () => {
  it('read as the English originals in English, and as their translations in another language', async () => {
    const { i18next } = await import('../lib/i18n');
    const { paymentText } = await import('../features/payments/payments.texts');
    const { confirmText, priceText } = await import('../features/booking/booking.texts');
    const { awaitingUntil } = await import('../ui/payment-badge');
    await i18next.changeLanguage('en');
    expect(paymentText('declined')).toBe(
      'Payment declined. Your appointment stays pending and unpaid, and will be cancelled if it is not paid within 15 minutes.',
    );
    expect(priceText('$50.00', true)).toBe('Price: $50.00, paid online after booking.');
    expect(confirmText('Desk Hour', 'Wednesday, November 25, 2026', '11:00 AM', '11:30 AM')).toBe(
      'Book appointment for Desk Hour on Wednesday, November 25, 2026 from 11:00 AM to 11:30 AM?',
    );
    expect(awaitingUntil('14:30')).toBe('Awaiting payment: held until 14:30');

    await i18next.changeLanguage('fr');
    expect(paymentText('declined')).toBe(
      "Paiement refusé. Votre rendez-vous reste en attente et non payé, et sera annulé s'il n'est pas payé dans les 15 minutes.",
    );
    expect(priceText('50,00 €', false)).toBe('Prix : 50,00 €');
    await i18next.changeLanguage('en');
  });
});
