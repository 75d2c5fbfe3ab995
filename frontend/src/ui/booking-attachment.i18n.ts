import type { Translations } from '../lib/catalogue';
import { BOOKING_ATTACHMENT_TEXTS as en } from './booking-attachment.texts';

export const bookingAttachmentTranslations: Translations<typeof en> = {
  en,
  es: {
    note: 'Nota',
    picture: 'Imagen adjunta a la reserva',
    openPicture: 'Abrir la imagen a tamaño completo',
  },
  fr: {
    note: 'Remarque',
    picture: 'Image jointe à la réservation',
    openPicture: 'Ouvrir l’image en taille réelle',
  },
};
