import type { Translations } from '../lib/catalogue';
import { PAYMENT_BADGE_TEXTS as en } from './payment-badge';

export const paymentBadgeTranslations: Translations<typeof en> = {
  en,
  es: {
    payNow: 'Pagar ahora',
    awaitingUntil: 'Pendiente de pago: reservada hasta las {{time}}',
    paid: 'Pagada',
    awaiting: 'Pendiente de pago',
  },
  fr: {
    payNow: 'Payer maintenant',
    awaitingUntil: "En attente de paiement : réservé jusqu'à {{time}}",
    paid: 'Payé',
    awaiting: 'En attente de paiement',
  },
};
