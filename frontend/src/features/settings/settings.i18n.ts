import type { Catalogue, Translations } from '../../lib/catalogue';
import { SETTINGS_TEXTS as en } from './settings.texts';

type Texts = Catalogue<typeof en>;

const es: Texts = {
  title: 'Configuración',
  appearance: 'Apariencia',
  theme: 'Tema',
  themes: { light: 'Claro', dark: 'Oscuro', system: 'Sistema' },
  language: 'Idioma',
  notifications: 'Notificaciones',
  notificationsHint:
    'El correo y los SMS se guardan en tu cuenta, como los muestra tu perfil; los recordatorios se guardan en este navegador.',
  notificationLabels: {
    email: 'Notificaciones por correo electrónico',
    sms: 'Notificaciones por SMS',
    reminders: 'Recordatorios de citas',
  },
  security: 'Seguridad',
  changePassword: 'Cambiar contraseña',
  passwordFields: {
    currentPassword: 'Contraseña actual',
    newPassword: 'Nueva contraseña',
    confirmPassword: 'Confirmar contraseña',
  },
  cancel: 'Cancelar',
  updating: 'Actualizando...',
  updatePassword: 'Actualizar contraseña',
  calendarFeed: {
    title: 'Suscripción de calendario',
    hint: 'Suscríbete a tus reservas desde Google Calendar, Apple Calendar u Outlook con esta dirección privada. Cualquiera que la tenga puede leer tus reservas: una dirección nueva anula la anterior.',
    connect: 'Crear dirección de calendario',
    rotate: 'Nueva dirección',
    disconnect: 'Desactivar',
    url: 'Tu dirección de calendario',
    copy: 'Copiar',
    loading: 'Cargando...',
    failed: 'No se pudo cargar la suscripción de calendario. Inténtalo de nuevo.',
  },
};

const fr: Texts = {
  title: 'Paramètres',
  appearance: 'Apparence',
  theme: 'Thème',
  themes: { light: 'Clair', dark: 'Sombre', system: 'Système' },
  language: 'Langue',
  notifications: 'Notifications',
  notificationsHint:
    'L’e-mail et les SMS sont enregistrés sur votre compte, comme votre profil les affiche ; les rappels sont conservés dans ce navigateur.',
  notificationLabels: {
    email: 'Notifications par e-mail',
    sms: 'Notifications par SMS',
    reminders: 'Rappels de rendez-vous',
  },
  security: 'Sécurité',
  changePassword: 'Changer le mot de passe',
  passwordFields: {
    currentPassword: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
  },
  cancel: 'Annuler',
  updating: 'Mise à jour...',
  updatePassword: 'Mettre à jour le mot de passe',
  calendarFeed: {
    title: "Abonnement à l'agenda",
    hint: "Abonnez-vous à vos réservations depuis Google Agenda, Apple Calendrier ou Outlook avec cette adresse privée. Toute personne qui la possède peut lire vos réservations : une nouvelle adresse désactive l'ancienne.",
    connect: "Créer l'adresse de l'agenda",
    rotate: 'Nouvelle adresse',
    disconnect: 'Désactiver',
    url: 'Votre adresse d’agenda',
    copy: 'Copier',
    loading: 'Chargement...',
    failed: "L'abonnement à l'agenda n'a pas pu être chargé. Veuillez réessayer.",
  },
};

export const settingsTranslations: Translations<typeof en> = { en, es, fr };
