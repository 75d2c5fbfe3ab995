import type { Catalogue, Translations } from '../../lib/catalogue';
import { SLOT_CALENDAR_TEXTS as en } from './slot-calendar.texts';

type Texts = Catalogue<typeof en>;

const es: Texts = {
  today: 'Hoy',
  hasSlots: 'Franjas disponibles',
  pastSlot: 'Franja pasada',
  available: 'Disponible',
  unavailable: 'No disponible',
  previous: 'Anterior',
  next: 'Siguiente',
  previousStep: { month: 'Mes anterior', week: 'Semana anterior', day: 'Día anterior' },
  nextStep: { month: 'Mes siguiente', week: 'Semana siguiente', day: 'Día siguiente' },
  calendarView: 'Vista del calendario',
  views: { month: 'Mes', week: 'Semana', day: 'Día' },
  weekView: 'Vista semanal',
  weekViewOf: 'Vista semanal, {{date}}',
  dayView: 'Vista diaria',
  dayViewOf: 'Vista diaria, {{date}}',
  hour: 'Hora',
  noSlotsInHour: 'Sin franjas',
};

const fr: Texts = {
  today: "Aujourd'hui",
  hasSlots: 'Créneaux disponibles',
  pastSlot: 'Créneau passé',
  available: 'Disponible',
  unavailable: 'Indisponible',
  previous: 'Précédent',
  next: 'Suivant',
  previousStep: { month: 'Mois précédent', week: 'Semaine précédente', day: 'Jour précédent' },
  nextStep: { month: 'Mois suivant', week: 'Semaine suivante', day: 'Jour suivant' },
  calendarView: 'Vue du calendrier',
  views: { month: 'Mois', week: 'Semaine', day: 'Jour' },
  weekView: 'Vue semaine',
  weekViewOf: 'Vue semaine, {{date}}',
  dayView: 'Vue jour',
  dayViewOf: 'Vue jour, {{date}}',
  hour: 'Heure',
  noSlotsInHour: 'Aucun créneau',
};

export const slotCalendarTranslations: Translations<typeof en> = { en, es, fr };
