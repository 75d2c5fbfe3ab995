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
  statusLabels: {
    scheduled: 'Programadas',
    completed: 'Completadas',
    pending: 'Pendientes',
    cancelled: 'Canceladas',
    all: 'Total de citas',
  },
  statusTitles: {
    scheduled: 'Citas programadas',
    completed: 'Citas completadas',
    pending: 'Citas pendientes',
    cancelled: 'Citas canceladas',
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
  statusLabels: {
    scheduled: 'Planifiés',
    completed: 'Terminés',
    pending: 'En attente',
    cancelled: 'Annulés',
    all: 'Total des rendez-vous',
  },
  statusTitles: {
    scheduled: 'Rendez-vous planifiés',
    completed: 'Rendez-vous terminés',
    pending: 'Rendez-vous en attente',
    cancelled: 'Rendez-vous annulés',
  },
  statusCard: '{{label}} : {{count}}',
};

export const appointmentsTranslations: Translations<typeof en> = { en, es, fr };
