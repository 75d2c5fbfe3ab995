import type { Catalogue, Translations } from '../../lib/catalogue';
import { DASHBOARD_TEXTS as en } from './dashboard.texts';

type Texts = Catalogue<typeof en>;

const es: Texts = {
  allAppointments: 'Todas las citas',
  filters: 'Filtros de citas',
  status: 'Estado',
  statusFilters: {
    all: 'Todas',
    pending: 'Pendientes',
    scheduled: 'Programadas',
    completed: 'Completadas',
    cancelled: 'Canceladas',
  },
  search: 'Buscar',
  searchPlaceholder: 'Nombre o correo del usuario',
  location: 'Ubicación',
  allLocations: 'Todas las ubicaciones',
  loading: 'Cargando...',
  appointmentItems: 'Citas',
  confirm: 'Confirmar',
  reject: 'Rechazar',
  services: 'Servicios',
  recentProviders: 'Proveedores recientes',
  viewAll: 'Ver todo',
  noRecentProviders: 'No hay proveedores recientes.',
  bookNew: 'Reservar nueva',
  bookAgain: 'Reservar de nuevo',
  lastVisit: 'Última cita: {{date}}',
  duration_one: '{{count}} minuto',
  duration_other: '{{count}} minutos',
  bookedAt: '{{service}} en {{provider}}',
  itemLabel: '{{service}} para {{user}}, {{date}}, {{time}}',
  rejectPaidTitle: 'Rechazar una reserva pagada',
  keepBooking: 'Mantener la reserva',
  theUser: 'El usuario',
  rejectPaidBody:
    '{{user}} ha pagado {{amount}} por {{service}}. Rechazarla cancela la reserva y libera la franja; el pago no se reembolsa automáticamente, así que reembólsalo con el proveedor de pagos.',
};

const fr: Texts = {
  allAppointments: 'Tous les rendez-vous',
  filters: 'Filtres des rendez-vous',
  status: 'Statut',
  statusFilters: {
    all: 'Tous',
    pending: 'En attente',
    scheduled: 'Planifiés',
    completed: 'Terminés',
    cancelled: 'Annulés',
  },
  search: 'Rechercher',
  searchPlaceholder: "Nom ou e-mail de l'utilisateur",
  location: 'Lieu',
  allLocations: 'Tous les lieux',
  loading: 'Chargement...',
  appointmentItems: 'Rendez-vous',
  confirm: 'Confirmer',
  reject: 'Refuser',
  services: 'Prestations',
  recentProviders: 'Prestataires récents',
  viewAll: 'Tout voir',
  noRecentProviders: 'Aucun prestataire récent.',
  bookNew: 'Nouvelle réservation',
  bookAgain: 'Réserver à nouveau',
  lastVisit: 'Dernier rendez-vous : {{date}}',
  duration_one: '{{count}} minute',
  duration_other: '{{count}} minutes',
  bookedAt: '{{service}} chez {{provider}}',
  itemLabel: '{{service}} pour {{user}}, {{date}}, {{time}}',
  rejectPaidTitle: 'Refuser une réservation payée',
  keepBooking: 'Garder la réservation',
  theUser: "L'utilisateur",
  rejectPaidBody:
    "{{user}} a payé {{amount}} pour {{service}}. Refuser annule la réservation et libère le créneau ; le paiement n'est pas remboursé automatiquement, remboursez-le auprès du prestataire de paiement.",
};

export const dashboardTranslations: Translations<typeof en> = { en, es, fr };
