import type { Translations } from '../lib/catalogue';
import { VIEWER_TIME_TEXTS as en } from './viewer-time.texts';

export const viewerTimeTranslations: Translations<typeof en> = {
  en,
  es: { yourTime: 'Tu hora ({{timeZone}}): {{date}}, {{start}} - {{end}}' },
  fr: { yourTime: 'Votre heure ({{timeZone}}) : {{date}}, {{start}} - {{end}}' },
};
