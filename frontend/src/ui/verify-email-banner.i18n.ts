import type { Translations } from '../lib/catalogue';
import { VERIFY_EMAIL_TEXTS as en } from './verify-email-banner.texts';

export const verifyEmailTranslations: Translations<typeof en> = {
  en,
  es: {
    notice:
      'Confirma tu dirección de correo electrónico para reservar citas: abre el enlace que enviamos a {{email}}.',
    resend: 'Reenviar el correo de verificación',
    sending: 'Enviando...',
  },
  fr: {
    notice:
      'Confirmez votre adresse e-mail pour réserver des rendez-vous : ouvrez le lien envoyé à {{email}}.',
    resend: 'Renvoyer l’e-mail de vérification',
    sending: 'Envoi...',
  },
};
