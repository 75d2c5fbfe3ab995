import type { Catalogue, Translations } from '../../lib/catalogue';
import { BOOKING_LINK_TEXTS as en } from './booking-link.texts';

type Texts = Catalogue<typeof en>;

const es: Texts = {
  cancelTitle: 'Cancelar su cita',
  rescheduleTitle: 'Elegir otra hora',
  loading: 'Cargando su cita...',
  when: 'Cuándo',
  status: 'Estado',
  refundAll: 'Se le devuelve íntegro su pago de {{paid}}.',
  refundLess: 'Ha pasado el plazo de cancelación: se retienen {{fee}} y se devuelven {{refund}}.',
  refundNone: 'Ha pasado el plazo de cancelación: no se devuelve nada de su pago.',
  nothingPaid: 'No se pagó nada: cancelar no cuesta nada.',
  confirmCancel: 'Confirmar la cancelación',
  cancelling: 'Cancelando...',
  cancelled: 'Su cita está cancelada.',
  notActive: 'Esta cita ya no se puede cambiar.',
  noPlaces: 'No hay horas libres en las próximas semanas.',
  places: 'Horas libres',
  from: 'De',
  to: 'A',
  confirmMove: 'Confirmar la nueva hora',
  moving: 'Cambiando...',
  moved: 'Su cita ha cambiado de hora.',
};

const fr: Texts = {
  cancelTitle: 'Annuler votre rendez-vous',
  rescheduleTitle: 'Choisir une autre heure',
  loading: 'Chargement de votre rendez-vous...',
  when: 'Quand',
  status: 'Statut',
  refundAll: 'Votre paiement de {{paid}} vous est remboursé en totalité.',
  refundLess: 'Le délai d’annulation est dépassé : {{fee}} sont retenus et {{refund}} remboursés.',
  refundNone: 'Le délai d’annulation est dépassé : rien de votre paiement n’est remboursé.',
  nothingPaid: 'Rien n’a été payé : annuler ne coûte rien.',
  confirmCancel: 'Confirmer l’annulation',
  cancelling: 'Annulation...',
  cancelled: 'Votre rendez-vous est annulé.',
  notActive: 'Ce rendez-vous ne peut plus être modifié.',
  noPlaces: 'Aucun créneau libre dans les semaines à venir.',
  places: 'Créneaux libres',
  from: 'De',
  to: 'À',
  confirmMove: 'Confirmer la nouvelle heure',
  moving: 'Déplacement...',
  moved: 'Votre rendez-vous est déplacé.',
};

export const bookingLinkTranslations: Translations<typeof en> = { en, es, fr };
