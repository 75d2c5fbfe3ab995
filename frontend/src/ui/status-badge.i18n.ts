import type { Translations } from '../lib/catalogue';
import { STATUS_LABELS as en } from './status-badge';

export const statusBadgeTranslations: Translations<typeof en> = {
  en,
  es: { scheduled: 'programada', pending: 'pendiente', completed: 'completada', cancelled: 'cancelada' },
  fr: { scheduled: 'planifié', pending: 'en attente', completed: 'terminé', cancelled: 'annulé' },
};
