import type { LANGUAGES } from './constants';
import type { EventType } from './events/read-event';

type Language = (typeof LANGUAGES)[number];

/**
 * One plain sentence per event type, in every language the product offers (issue 32): what a
 * provider's history says of an event in the viewer's language. The history projection writes its
 * own, fuller English sentence where it has one (names, dates, amounts) and this one otherwise (an
 * event type it has no sentence of, or an event whose data does not fit its schema); the History
 * screen shows this one to a viewer whose language is not English. The type asks for every event
 * type; a unit test asks again at run time.
 */
export const EVENT_SENTENCES: Record<EventType, Record<Language, string>> = {
  ProviderRegistered: {
    en: 'The provider registered and awaits approval.',
    es: 'El proveedor se registró y espera su aprobación.',
    fr: 'Le prestataire s’est inscrit et attend son approbation.',
  },
  ProviderCreated: {
    en: 'The provider was added as active.',
    es: 'El proveedor se añadió como activo.',
    fr: 'Le prestataire a été ajouté comme actif.',
  },
  ProviderApproved: {
    en: 'The provider was approved.',
    es: 'El proveedor fue aprobado.',
    fr: 'Le prestataire a été approuvé.',
  },
  ProviderRejected: {
    en: 'The provider was rejected.',
    es: 'El proveedor fue rechazado.',
    fr: 'Le prestataire a été refusé.',
  },
  ProviderCurrencyChanged: {
    en: 'The currency was changed.',
    es: 'Se cambió la moneda.',
    fr: 'La devise a été modifiée.',
  },
  ServiceAdded: {
    en: 'A service was added.',
    es: 'Se añadió un servicio.',
    fr: 'Un service a été ajouté.',
  },
  ServiceEdited: {
    en: 'A service was edited.',
    es: 'Se modificó un servicio.',
    fr: 'Un service a été modifié.',
  },
  ServiceDeleted: {
    en: 'A service was deleted.',
    es: 'Se eliminó un servicio.',
    fr: 'Un service a été supprimé.',
  },
  AvailabilitySet: {
    en: 'The working hours and breaks were set.',
    es: 'Se fijaron el horario de trabajo y las pausas.',
    fr: 'Les heures de travail et les pauses ont été définies.',
  },
  ScheduleTemplateSaved: {
    en: 'A schedule template was saved.',
    es: 'Se guardó una plantilla de horario.',
    fr: 'Un modèle d’horaire a été enregistré.',
  },
  ScheduleTemplateDeleted: {
    en: 'A schedule template was deleted.',
    es: 'Se eliminó una plantilla de horario.',
    fr: 'Un modèle d’horaire a été supprimé.',
  },
  BookingPolicySet: {
    en: 'The booking policy was changed.',
    es: 'Se cambió la política de reservas.',
    fr: 'La politique de réservation a été modifiée.',
  },
  TimeSlotAdded: {
    en: 'A time slot was opened.',
    es: 'Se abrió una franja horaria.',
    fr: 'Un créneau a été ouvert.',
  },
  IntervalBooked: {
    en: 'An appointment was booked.',
    es: 'Se reservó una cita.',
    fr: 'Un rendez-vous a été réservé.',
  },
  AppointmentStatusChanged: {
    en: 'The status of an appointment changed.',
    es: 'Cambió el estado de una cita.',
    fr: 'Le statut d’un rendez-vous a changé.',
  },
  PaymentRequested: {
    en: 'A payment was requested.',
    es: 'Se solicitó un pago.',
    fr: 'Un paiement a été demandé.',
  },
  PaymentConfirmed: {
    en: 'A payment was confirmed.',
    es: 'Se confirmó un pago.',
    fr: 'Un paiement a été confirmé.',
  },
  RefundRequested: {
    en: 'A refund was requested.',
    es: 'Se solicitó un reembolso.',
    fr: 'Un remboursement a été demandé.',
  },
  PaymentRefunded: {
    en: 'A payment was refunded.',
    es: 'Se reembolsó un pago.',
    fr: 'Un paiement a été remboursé.',
  },
  RescheduleRequested: {
    en: 'A move of an appointment was asked for.',
    es: 'Se pidió mover una cita.',
    fr: 'Le déplacement d’un rendez-vous a été demandé.',
  },
  RescheduleAbandoned: {
    en: 'A move of an appointment was given up: its new place was taken.',
    es: 'Se abandonó el cambio de una cita: su nuevo lugar estaba ocupado.',
    fr: 'Le déplacement d’un rendez-vous a été abandonné : sa nouvelle place était prise.',
  },
  AppointmentMovedIn: {
    en: 'An appointment moved to a new time.',
    es: 'Una cita se movió a una nueva hora.',
    fr: 'Un rendez-vous a été déplacé à une nouvelle heure.',
  },
  AppointmentMovedOut: {
    en: 'The place of a moved appointment was freed.',
    es: 'Se liberó el lugar de una cita movida.',
    fr: 'La place d’un rendez-vous déplacé a été libérée.',
  },
  MoveInUndone: {
    en: 'A move of an appointment was undone.',
    es: 'Se deshizo el cambio de una cita.',
    fr: 'Le déplacement d’un rendez-vous a été annulé.',
  },
  TimeSlotChanged: {
    en: 'A time slot was changed.',
    es: 'Se modificó una franja horaria.',
    fr: 'Un créneau a été modifié.',
  },
  TimeSlotDeleted: {
    en: 'A time slot was deleted.',
    es: 'Se eliminó una franja horaria.',
    fr: 'Un créneau a été supprimé.',
  },
  CalendarOpened: {
    en: 'The calendar was opened.',
    es: 'Se abrió el calendario.',
    fr: 'Le calendrier a été ouvert.',
  },
  WindowsReserved: {
    en: 'Times were reserved in the calendar.',
    es: 'Se reservaron horas en el calendario.',
    fr: 'Des horaires ont été réservés dans le calendrier.',
  },
  WindowsReleased: {
    en: 'Times were freed in the calendar.',
    es: 'Se liberaron horas en el calendario.',
    fr: 'Des horaires ont été libérés dans le calendrier.',
  },
  TimeOffAdded: {
    en: 'Time off was taken.',
    es: 'Se añadió un tiempo libre.',
    fr: 'Une indisponibilité a été ajoutée.',
  },
  TimeOffDeleted: {
    en: 'A time off was deleted.',
    es: 'Se eliminó un tiempo libre.',
    fr: 'Une indisponibilité a été supprimée.',
  },
  ReminderSent: {
    en: 'A reminder was sent.',
    es: 'Se envió un recordatorio.',
    fr: 'Un rappel a été envoyé.',
  },
  ReminderSuppressed: {
    en: 'A reminder was not sent.',
    es: 'No se envió un recordatorio.',
    fr: 'Un rappel n’a pas été envoyé.',
  },
  NotificationCreated: {
    en: 'A notification was created.',
    es: 'Se creó una notificación.',
    fr: 'Une notification a été créée.',
  },
  NotificationDeleted: {
    en: 'A notification was deleted.',
    es: 'Se eliminó una notificación.',
    fr: 'Une notification a été supprimée.',
  },
  NotificationsCleared: {
    en: 'The notifications were cleared.',
    es: 'Se borraron las notificaciones.',
    fr: 'Les notifications ont été effacées.',
  },
  FavouriteProviderAdded: {
    en: 'A provider was added to the favourites.',
    es: 'Se añadió un proveedor a los favoritos.',
    fr: 'Un prestataire a été ajouté aux favoris.',
  },
  FavouriteProviderRemoved: {
    en: 'A provider was removed from the favourites.',
    es: 'Se quitó un proveedor de los favoritos.',
    fr: 'Un prestataire a été retiré des favoris.',
  },
  CalendarFeedConnected: {
    en: 'A calendar feed was connected.',
    es: 'Se conectó un calendario externo.',
    fr: 'Un agenda externe a été connecté.',
  },
  CalendarFeedDisconnected: {
    en: 'A calendar feed was disconnected.',
    es: 'Se desconectó un calendario externo.',
    fr: 'Un agenda externe a été déconnecté.',
  },
  ChatbotSettingsSaved: {
    en: 'The chatbot settings were saved.',
    es: 'Se guardaron los ajustes del chatbot.',
    fr: 'Les réglages du chatbot ont été enregistrés.',
  },
  WhatsAppSettingsSaved: {
    en: 'The WhatsApp settings were saved.',
    es: 'Se guardaron los ajustes de WhatsApp.',
    fr: 'Les réglages WhatsApp ont été enregistrés.',
  },
  ChatAppConnected: {
    en: 'A chat app was connected.',
    es: 'Se conectó una aplicación de chat.',
    fr: 'Une application de discussion a été connectée.',
  },
  ChatAppConfigured: {
    en: 'A chat app was configured.',
    es: 'Se configuró una aplicación de chat.',
    fr: 'Une application de discussion a été configurée.',
  },
  ChatAppDisconnected: {
    en: 'A chat app was disconnected.',
    es: 'Se desconectó una aplicación de chat.',
    fr: 'Une application de discussion a été déconnectée.',
  },
  WhatsAppMessageSent: {
    en: 'A WhatsApp message was sent.',
    es: 'Se envió un mensaje de WhatsApp.',
    fr: 'Un message WhatsApp a été envoyé.',
  },
  WhatsAppMessageFailed: {
    en: 'A WhatsApp message could not be sent.',
    es: 'No se pudo enviar un mensaje de WhatsApp.',
    fr: 'Un message WhatsApp n’a pas pu être envoyé.',
  },
  WhatsAppMessageSkipped: {
    en: 'A WhatsApp message was not sent.',
    es: 'No se envió un mensaje de WhatsApp.',
    fr: 'Un message WhatsApp n’a pas été envoyé.',
  },
  PersonForgotten: {
    en: 'A person was forgotten.',
    es: 'Se olvidó a una persona.',
    fr: 'Une personne a été oubliée.',
  },
  UserRegistered: {
    en: 'A person joined.',
    es: 'Se unió una persona.',
    fr: 'Une personne a rejoint.',
  },
  EmailVerified: {
    en: 'An e-mail address was confirmed.',
    es: 'Se confirmó una dirección de correo electrónico.',
    fr: 'Une adresse e-mail a été confirmée.',
  },
  EmailVerificationRequested: {
    en: 'A confirmation link was sent.',
    es: 'Se envió un enlace de confirmación.',
    fr: 'Un lien de confirmation a été envoyé.',
  },
  EmailChangeRequested: {
    en: 'A change of e-mail address was asked for.',
    es: 'Se pidió cambiar una dirección de correo electrónico.',
    fr: 'Un changement d’adresse e-mail a été demandé.',
  },
  ProfileUpdated: {
    en: 'A profile was updated.',
    es: 'Se actualizó un perfil.',
    fr: 'Un profil a été mis à jour.',
  },
  ProfilePictureChanged: {
    en: 'A profile picture was changed.',
    es: 'Se cambió una foto de perfil.',
    fr: 'Une photo de profil a été modifiée.',
  },
  PasswordResetRequested: {
    en: 'A password reset was asked for.',
    es: 'Se pidió restablecer una contraseña.',
    fr: 'Une réinitialisation de mot de passe a été demandée.',
  },
  PasswordChanged: {
    en: 'A password was changed.',
    es: 'Se cambió una contraseña.',
    fr: 'Un mot de passe a été modifié.',
  },
  UserDeleted: {
    en: 'An account was deleted.',
    es: 'Se eliminó una cuenta.',
    fr: 'Un compte a été supprimé.',
  },
  EmailClaimed: {
    en: 'An e-mail address was taken by an account.',
    es: 'Una cuenta tomó una dirección de correo electrónico.',
    fr: 'Une adresse e-mail a été prise par un compte.',
  },
  EmailReleased: {
    en: 'An e-mail address was freed.',
    es: 'Se liberó una dirección de correo electrónico.',
    fr: 'Une adresse e-mail a été libérée.',
  },
  WebhookCreated: {
    en: 'A webhook was created.',
    es: 'Se creó un webhook.',
    fr: 'Un webhook a été créé.',
  },
  WebhookEdited: {
    en: 'A webhook was edited.',
    es: 'Se modificó un webhook.',
    fr: 'Un webhook a été modifié.',
  },
  WebhookDeleted: {
    en: 'A webhook was deleted.',
    es: 'Se eliminó un webhook.',
    fr: 'Un webhook a été supprimé.',
  },
  WebhookSecretRotated: {
    en: 'The secret of a webhook was replaced.',
    es: 'Se sustituyó el secreto de un webhook.',
    fr: 'Le secret d’un webhook a été remplacé.',
  },
  WebhookDisabled: {
    en: 'A webhook was turned off after failing deliveries.',
    es: 'Se desactivó un webhook tras entregas fallidas.',
    fr: 'Un webhook a été désactivé après des livraisons échouées.',
  },
  ApiKeyCreated: {
    en: 'An API key was created.',
    es: 'Se creó una clave de API.',
    fr: 'Une clé d’API a été créée.',
  },
  ApiKeyRevoked: {
    en: 'An API key was revoked.',
    es: 'Se revocó una clave de API.',
    fr: 'Une clé d’API a été révoquée.',
  },
  WaiterJoined: {
    en: 'Someone joined the waitlist.',
    es: 'Alguien se apuntó a la lista de espera.',
    fr: 'Quelqu’un s’est inscrit sur la liste d’attente.',
  },
  WaiterLeft: {
    en: 'Someone left the waitlist.',
    es: 'Alguien dejó la lista de espera.',
    fr: 'Quelqu’un a quitté la liste d’attente.',
  },
  PlaceOffered: {
    en: 'A freed place was offered to the next person on the waitlist.',
    es: 'Se ofreció una plaza libre a la siguiente persona de la lista de espera.',
    fr: 'Une place libérée a été proposée à la personne suivante de la liste d’attente.',
  },
  OfferClaimed: {
    en: 'A waitlist offer was claimed.',
    es: 'Se aceptó una oferta de la lista de espera.',
    fr: 'Une offre de la liste d’attente a été acceptée.',
  },
  OfferDeclined: {
    en: 'A waitlist offer was declined.',
    es: 'Se rechazó una oferta de la lista de espera.',
    fr: 'Une offre de la liste d’attente a été refusée.',
  },
  OfferExpired: {
    en: 'A waitlist offer expired.',
    es: 'Caducó una oferta de la lista de espera.',
    fr: 'Une offre de la liste d’attente a expiré.',
  },
  OfferWithdrawn: {
    en: 'A waitlist offer was withdrawn: the provider changed the time slot.',
    es: 'Se retiró una oferta de la lista de espera: el proveedor cambió la franja horaria.',
    fr: 'Une offre de la liste d’attente a été retirée : le prestataire a modifié le créneau.',
  },
};

/** The sentence of an event type no table knows (a type recorded by a newer version). */
const UNKNOWN: Record<Language, string> = {
  en: 'Something was recorded.',
  es: 'Se registró un cambio.',
  fr: 'Un changement a été enregistré.',
};

/** An event type's sentence in a language. */
export const eventSentence = (type: string, language: Language): string =>
  (EVENT_SENTENCES as Record<string, Record<Language, string>>)[type]?.[language] ?? UNKNOWN[language];
