import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@appointment/contracts/message-translations';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './i18n';

/**
 * The server's and the product's messages (contracts MESSAGES) in the viewer's language. The API
 * answers the spec's English text; this finds it by its English words and gives the chosen language's.
 * Data and unknown texts pass through unchanged.
 */
export function useMessage(): (text: string) => string {
  const { i18n } = useTranslation();
  const chosen = i18n?.resolvedLanguage ?? i18n?.language;
  const language: Language = isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
  return useCallback((text: string) => translateMessage(text, language), [language]);
}
