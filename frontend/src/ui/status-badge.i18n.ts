import type { Translations } from '../lib/catalogue';
import { STATUS_LABELS as en } from './status-badge';

export const statusBadgeTranslations: Translations<typeof en> = {
  en,
  es: {
    scheduled: 'programada',
    pending: 'pendiente',
    completed: 'completada',
    cancelled: 'cancelada',
    no_show: 'no presentada',
  },
  fr: {
    scheduled: 'planifié',
    pending: 'en attente',
    completed: 'terminé',
    cancelled: 'annulé',
    no_show: 'absent',
  },
};
