import type { Catalogue, Translations } from '../../lib/catalogue';
import { APPOINTMENTS_TEXTS as en } from './appointments.texts';

type Texts = Catalogue<typeof en>;

const es: Texts = {
  myAppointments: 'Mis citas',
  appointments: 'Citas',
  statusCards: 'Estado de las citas',
  bookNew: 'Reservar nueva cita',
  allAppointments: 'Todas las citas',
  back: 'Atrás',
  loading: 'Cargando citas...',
  list: 'Lista de citas',
  changeStatus: 'Cambiar estado',
  updating: 'Actualizando...',
  email: 'Correo electrónico',
  service: 'Servicio',
  date: 'Fecha',
  time: 'Hora',
  provider: 'Proveedor',
  userId: 'ID de usuario',
  addToCalendar: 'Añadir al calendario',
  cancel: {
    button: 'Cancelar cita',
    buttonNamed: 'Cancelar {{service}} el {{date}}',
    title: 'Cancelar cita',
    question:
      '¿Cancelar tu cita de {{service}} en {{provider}} el {{date}}, {{time}}? Su plaza queda libre para otros al momento.',
    confirm: 'Cancelar cita',
    keep: 'Mantenerla',
    following: 'Cancelar también las siguientes citas de esta serie',
    cancelling: 'Cancelando...',
    freeUntil: 'Cancelación gratuita hasta el {{deadline}}.',
    refundAll: 'Se te devuelve íntegro tu pago de {{paid}}.',
    refundLess:
      'Ya pasó el plazo de cancelación gratuita ({{deadline}}): el proveedor se queda una tarifa de {{fee}} y se te devuelven {{refund}}.',
    refundNone:
      'Ya pasó el plazo de cancelación gratuita ({{deadline}}): el proveedor se queda tu pago de {{paid}}, no se devuelve nada.',
  },
  reschedule: {
    button: 'Cambiar hora',
    buttonNamed: 'Cambiar la hora de {{service}} el {{date}}',
  },
  cancelledBy: {
    user: 'Cancelada por el cliente',
    provider: 'Cancelada por el proveedor',
    system: 'Cancelada: no se pagó a tiempo',
  },
  lateCancel: 'después del plazo de cancelación gratuita',
  refund: {
    pending: 'Reembolso de {{amount}} en curso',
    refunded: 'Reembolsados {{amount}}',
    fee: 'Tarifa retenida: {{fee}}',
  },
  statusLabels: {
    scheduled: 'Programadas',
    completed: 'Completadas',
    pending: 'Pendientes',
    cancelled: 'Canceladas',
    no_show: 'No presentadas',
    all: 'Total de citas',
  },
  statusTitles: {
    scheduled: 'Citas programadas',
    completed: 'Citas completadas',
    pending: 'Citas pendientes',
    cancelled: 'Citas canceladas',
    no_show: 'Citas no presentadas',
  },
  statusCard: '{{label}}: {{count}}',
};

const fr: Texts = {
  myAppointments: 'Mes rendez-vous',
  appointments: 'Rendez-vous',
  statusCards: 'Statut des rendez-vous',
  bookNew: 'Prendre un nouveau rendez-vous',
  allAppointments: 'Tous les rendez-vous',
  back: 'Retour',
  loading: 'Chargement des rendez-vous...',
  list: 'Liste des rendez-vous',
  changeStatus: 'Changer le statut',
  updating: 'Mise à jour...',
  email: 'E-mail',
  service: 'Prestation',
  date: 'Date du rendez-vous',
  time: 'Heure',
  provider: 'Prestataire',
  userId: "ID de l'utilisateur",
  addToCalendar: "Ajouter à l'agenda",
  cancel: {
    button: 'Annuler le rendez-vous',
    buttonNamed: 'Annuler {{service}} le {{date}}',
    title: 'Annuler le rendez-vous',
    question:
      'Annuler votre rendez-vous {{service}} chez {{provider}} le {{date}}, {{time}} ? Sa place est aussitôt libérée pour d’autres.',
    confirm: 'Annuler le rendez-vous',
    keep: 'Le garder',
    following: 'Annuler aussi les rendez-vous suivants de cette série',
    cancelling: 'Annulation...',
    freeUntil: 'Annulation gratuite jusqu’au {{deadline}}.',
    refundAll: 'Votre paiement de {{paid}} vous est remboursé en totalité.',
    refundLess:
      'Le délai d’annulation gratuite est passé ({{deadline}}) : le prestataire garde des frais de {{fee}} et {{refund}} vous est remboursé.',
    refundNone:
      'Le délai d’annulation gratuite est passé ({{deadline}}) : le prestataire garde votre paiement de {{paid}}, rien n’est remboursé.',
  },
  reschedule: {
    button: 'Déplacer',
    buttonNamed: 'Déplacer {{service}} du {{date}}',
  },
  cancelledBy: {
    user: 'Annulé par le client',
    provider: 'Annulé par le prestataire',
    system: 'Annulé : non payé à temps',
  },
  lateCancel: 'après le délai d’annulation gratuite',
  refund: {
    pending: 'Remboursement de {{amount}} en cours',
    refunded: '{{amount}} remboursé',
    fee: 'Frais retenus : {{fee}}',
  },
  statusLabels: {
    scheduled: 'Planifiés',
    completed: 'Terminés',
    pending: 'En attente',
    cancelled: 'Annulés',
    no_show: 'Absences',
    all: 'Total des rendez-vous',
  },
  statusTitles: {
    scheduled: 'Rendez-vous planifiés',
    completed: 'Rendez-vous terminés',
    pending: 'Rendez-vous en attente',
    cancelled: 'Rendez-vous annulés',
    no_show: 'Rendez-vous manqués',
  },
  statusCard: '{{label}} : {{count}}',
};

export const appointmentsTranslations: Translations<typeof en> = { en, es, fr };
