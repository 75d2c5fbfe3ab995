import type { Catalogue, Translations } from '../../lib/catalogue';
import { PAYMENT_TEXTS as en } from './payments.texts';

type Texts = Catalogue<typeof en>;

const es: Texts = {
  title: 'Pago',
  frameTitle: 'Ventana de pago',
  summary: 'Paga {{amount}} por {{service}}.',
  unpaidNote: 'Tu cita sigue pendiente y sin pagar, y se cancelará si no se paga en un plazo de 15 minutos.',
  declined: 'Pago rechazado. $t(payments:unpaidNote)',
  heldUntil: 'El pago no se completó; tu franja está reservada hasta las {{time}}.',
  failed: 'El pago ha fallado. Inténtalo de nuevo.',
  unavailable: 'No se pudo abrir el pago. $t(payments:unpaidNote)',
  confirming: 'Confirmando tu pago...',
  confirmFailed: 'No se pudo confirmar tu pago. Inténtalo de nuevo.',
  notConfirmed: 'Tu pago no se confirmó. $t(payments:unpaidNote)',
  retry: 'Reintentar',
  close: 'Cerrar',
};

const fr: Texts = {
  title: 'Paiement',
  frameTitle: 'Fenêtre de paiement',
  summary: 'Payez {{amount}} pour {{service}}.',
  unpaidNote:
    "Votre rendez-vous reste en attente et non payé, et sera annulé s'il n'est pas payé dans les 15 minutes.",
  declined: 'Paiement refusé. $t(payments:unpaidNote)',
  heldUntil: "Le paiement n'a pas abouti ; votre créneau est réservé jusqu'à {{time}}.",
  failed: 'Le paiement a échoué. Veuillez réessayer.',
  unavailable: "La fenêtre de paiement n'a pas pu s'ouvrir. $t(payments:unpaidNote)",
  confirming: 'Confirmation de votre paiement...',
  confirmFailed: "Votre paiement n'a pas pu être confirmé. Veuillez réessayer.",
  notConfirmed: "Votre paiement n'a pas été confirmé. $t(payments:unpaidNote)",
  retry: 'Réessayer',
  close: 'Fermer',
};

export const paymentsTranslations: Translations<typeof en> = { en, es, fr };
