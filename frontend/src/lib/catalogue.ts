import { useTranslation } from 'react-i18next';

/**
 * A feature's texts are one i18next namespace, written as its English catalogue (the spec's words)
 * and translated into es and fr with the same shape. `Catalogue<typeof en>` keeps the keys and nesting of
 * the English one while letting each string differ.
 */
export type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

export interface Translations<T> {
  en: T;
  es: Catalogue<T>;
  fr: Catalogue<T>;
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The English text of a key, interpolated: only for a component rendered without i18next (a unit test). */
const englishOnly =
  (en: unknown): Translate =>
  (key, values = {}) => {
    const lookup = (path: string): unknown =>
      path
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    const found = lookup(key) ?? lookup(`${key}_${values.count === 1 ? 'one' : 'other'}`);
    const text = typeof found === 'string' ? found : key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };

/**
 * The namespace's texts in the chosen language, as an object shaped like the English catalogue; the
 * component re-renders when the language changes. Texts with variables or plurals go through `t`.
 */
export function useCatalogue<T>(namespace: string, en: T): { texts: T; t: Translate } {
  const { t, i18n } = useTranslation(namespace);
  // Without an initialised i18next (a component's unit test) the English catalogue is used as is.
  if (typeof i18n?.getResourceBundle !== 'function') return { texts: en, t: englishOnly(en) };
  const language = i18n.resolvedLanguage ?? i18n.language;
  const bundle = i18n.getResourceBundle(language, namespace) as T | undefined;
  if (!bundle) return { texts: en, t: englishOnly(en) };
  return { texts: bundle, t: (key, values) => t(key, values) };
}
