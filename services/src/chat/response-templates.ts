import type { ChatbotTemplates } from '@appointment/contracts/integration-settings';

/**
 * Which response template answers a message, if one does: a greeting, a farewell or a wish to
 * book. Words are matched whole and case-insensitively, in en, es and fr; the fallback
 * template is for a model's misunderstanding, never chosen here.
 */
const PATTERNS: [keyof ChatbotTemplates, RegExp][] = [
  ['booking', /\b(book|booking|appointment|reserve|schedule|reservar|cita|rendez-vous|réserver)\b/iu],
  ['farewell', /\b(bye|goodbye|thanks|thank you|adiós|adios|gracias|merci|au revoir)\b/iu],
  ['greeting', /^\s*(hi|hello|hey|good (morning|afternoon|evening)|hola|buenos días|bonjour|salut)\b/iu],
];

export const templateFor = (message: string): keyof ChatbotTemplates | undefined =>
  PATTERNS.find(([, pattern]) => pattern.test(message))?.[0];
