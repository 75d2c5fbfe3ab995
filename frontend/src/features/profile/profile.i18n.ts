import type { Catalogue, Translations } from '../../lib/catalogue';
import { PROFILE_TEXTS as en } from './profile.texts';

type Texts = Catalogue<typeof en>;

const es: Texts = {
  title: 'Perfil',
  loading: 'Cargando el perfil...',
  picture: 'Foto de perfil',
  pictureOf: 'Foto de perfil de {{name}}',
  upload: 'Subir una foto nueva',
  uploading: 'Subiendo...',
  form: 'Datos del perfil',
  personal: 'Información personal',
  fields: { name: 'Nombre', email: 'Correo electrónico', phone: 'Teléfono' },
  preferences: 'Preferencias',
  timezone: 'Zona horaria',
  selectTimezone: 'Selecciona una zona horaria',
  language: 'Idioma',
  notificationPreferences: 'Preferencias de notificación',
  notifications: {
    email: 'Notificaciones por correo electrónico',
    sms: 'Notificaciones por SMS',
    whatsapp: 'Notificaciones por WhatsApp',
  },
  saving: 'Guardando...',
  save: 'Guardar cambios',
  saved: 'Perfil actualizado correctamente',
  currentPassword: 'Contraseña actual (necesaria para cambiar tu correo electrónico)',
  pendingEmail:
    'Tu correo electrónico pasará a ser {{email}} en cuanto abras el enlace que te enviamos allí.',
};

const fr: Texts = {
  title: 'Profil',
  loading: 'Chargement du profil...',
  picture: 'Photo de profil',
  pictureOf: 'Photo de profil de {{name}}',
  upload: 'Importer une nouvelle photo',
  uploading: 'Importation...',
  form: 'Détails du profil',
  personal: 'Informations personnelles',
  fields: { name: 'Nom', email: 'E-mail', phone: 'Téléphone' },
  preferences: 'Préférences',
  timezone: 'Fuseau horaire',
  selectTimezone: 'Choisissez un fuseau horaire',
  language: 'Langue',
  notificationPreferences: 'Préférences de notification',
  notifications: {
    email: 'Notifications par e-mail',
    sms: 'Notifications par SMS',
    whatsapp: 'Notifications WhatsApp',
  },
  saving: 'Enregistrement...',
  save: 'Enregistrer les modifications',
  saved: 'Profil mis à jour',
  currentPassword: 'Mot de passe actuel (nécessaire pour changer votre adresse e-mail)',
  pendingEmail:
    'Votre adresse e-mail deviendra {{email}} dès que vous ouvrirez le lien que nous y avons envoyé.',
};

export const profileTranslations: Translations<typeof en> = { en, es, fr };
