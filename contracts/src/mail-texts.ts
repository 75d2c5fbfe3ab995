import { LANGUAGES } from './constants';

/**
 * The e-mails the product sends, in each language it offers: a reminder goes out in
 * the language saved on the recipient's account, a registration e-mail in the one chosen when
 * registering. English is the text the product always sent.
 */
export type MailLanguage = (typeof LANGUAGES)[number];

/** The locale dates and prices are written in, per language. */
export const MAIL_LOCALES: Record<MailLanguage, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR' };

export interface ReminderMailFacts {
  serviceName: string;
  providerName: string;
  /** The start, written in the recipient's language and the provider's zone. */
  when: string;
  /** The price, written in the recipient's language; absent for a free service. */
  price?: string;
}

export interface MailTexts {
  reminder(facts: ReminderMailFacts): { subject: string; body: string };
  /** A user's account was created: confirm the address. */
  userWelcome(name: string, link: string): { subject: string; body: string };
  /** A provider applied: it will be reviewed; confirm the address. */
  providerApplication(name: string, link: string): { subject: string; body: string };
  /** Someone asked to reset the password; the link works `minutes` minutes, once. */
  passwordReset(name: string, link: string, minutes: number): { subject: string; body: string };
  /** The confirmation link again, asked for by the person. */
  confirmAddress(name: string, link: string): { subject: string; body: string };
  /** To a new address: open the link to make it the account's. */
  emailChangeConfirm(name: string, link: string): { subject: string; body: string };
  /** To the old address: someone asked to change it. */
  emailChangeNotice(name: string, newEmail: string): { subject: string; body: string };
}

export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = {
  en: {
    reminder: ({ serviceName, providerName, when, price }) => ({
      subject: `Reminder: ${serviceName} on ${when}`,
      body:
        `Hello,\n\nthis is a reminder of your appointment for ${serviceName} at ${providerName} on ${when}.\n` +
        (price ? `The price is ${price}.\n` : ''),
    }),
    userWelcome: (name, link) => ({
      subject: 'Confirm your e-mail address',
      body: `Hello ${name},\n\nyour Appointment account was created. Please confirm your e-mail address:\n${link}\n`,
    }),
    providerApplication: (name, link) => ({
      subject: 'We received your provider application',
      body:
        `Hello ${name},\n\nthank you for registering with Appointment. Our team will review your application ` +
        `within 24-48 hours. Meanwhile, please confirm your e-mail address:\n${link}\n`,
    }),
    confirmAddress: (name, link) => ({
      subject: 'Confirm your e-mail address',
      body:
        `Hello ${name},\n\nplease confirm your e-mail address to book appointments:\n${link}\n\n` +
        `If you did not ask for this, you can ignore this e-mail.\n`,
    }),
    emailChangeConfirm: (name, link) => ({
      subject: 'Confirm your new e-mail address',
      body:
        `Hello ${name},\n\nopen this link within a day to make this your Appointment e-mail address:\n${link}\n\n` +
        `If you did not ask for this, ignore this e-mail: nothing changes.\n`,
    }),
    emailChangeNotice: (name, newEmail) => ({
      subject: 'Your e-mail address is about to change',
      body:
        `Hello ${name},\n\nsomeone signed in to your Appointment account asked to change its e-mail address to ` +
        `${newEmail}. It changes only once that address confirms it.\n` +
        `If this was not you, change your password now.\n`,
    }),
    passwordReset: (name, link, minutes) => ({
      subject: 'Reset your password',
      body:
        `Hello ${name},\n\nsomeone asked to reset the password of your Appointment account. To choose a new ` +
        `password, open this link within ${minutes} minutes (it works once):\n${link}\n\n` +
        `If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    }),
  },
  es: {
    reminder: ({ serviceName, providerName, when, price }) => ({
      subject: `Recordatorio: ${serviceName} el ${when}`,
      body:
        `Hola:\n\nle recordamos su cita para ${serviceName} en ${providerName} el ${when}.\n` +
        (price ? `El precio es ${price}.\n` : ''),
    }),
    userWelcome: (name, link) => ({
      subject: 'Confirme su dirección de correo electrónico',
      body: `Hola, ${name}:\n\nse ha creado su cuenta de Appointment. Confirme su dirección de correo electrónico:\n${link}\n`,
    }),
    providerApplication: (name, link) => ({
      subject: 'Hemos recibido su solicitud de proveedor',
      body:
        `Hola, ${name}:\n\ngracias por registrarse en Appointment. Nuestro equipo revisará su solicitud ` +
        `en un plazo de 24 a 48 horas. Mientras tanto, confirme su dirección de correo electrónico:\n${link}\n`,
    }),
    confirmAddress: (name, link) => ({
      subject: 'Confirme su dirección de correo electrónico',
      body:
        `Hola, ${name}:\n\nconfirme su dirección de correo electrónico para reservar citas:\n${link}\n\n` +
        `Si no lo ha solicitado, puede ignorar este correo.\n`,
    }),
    emailChangeConfirm: (name, link) => ({
      subject: 'Confirme su nueva dirección de correo electrónico',
      body:
        `Hola, ${name}:\n\nabra este enlace en el plazo de un día para que esta sea su dirección de Appointment:\n${link}\n\n` +
        `Si no lo ha solicitado, ignore este correo: nada cambia.\n`,
    }),
    emailChangeNotice: (name, newEmail) => ({
      subject: 'Su dirección de correo electrónico va a cambiar',
      body:
        `Hola, ${name}:\n\nalguien con acceso a su cuenta de Appointment ha pedido cambiar su dirección a ` +
        `${newEmail}. Solo cambiará cuando esa dirección lo confirme.\n` +
        `Si no ha sido usted, cambie su contraseña ahora.\n`,
    }),
    passwordReset: (name, link, minutes) => ({
      subject: 'Restablezca su contraseña',
      body:
        `Hola, ${name}:\n\nalguien ha pedido restablecer la contraseña de su cuenta de Appointment. Para elegir ` +
        `una nueva contraseña, abra este enlace en los próximos ${minutes} minutos (funciona una sola vez):\n${link}\n\n` +
        `Si no lo ha pedido usted, ignore este correo: su contraseña no cambia.\n`,
    }),
  },
  fr: {
    reminder: ({ serviceName, providerName, when, price }) => ({
      subject: `Rappel : ${serviceName} le ${when}`,
      body:
        `Bonjour,\n\nnous vous rappelons votre rendez-vous pour ${serviceName} chez ${providerName} le ${when}.\n` +
        (price ? `Le prix est de ${price}.\n` : ''),
    }),
    userWelcome: (name, link) => ({
      subject: 'Confirmez votre adresse e-mail',
      body: `Bonjour ${name},\n\nvotre compte Appointment a été créé. Veuillez confirmer votre adresse e-mail :\n${link}\n`,
    }),
    providerApplication: (name, link) => ({
      subject: 'Nous avons bien reçu votre demande de prestataire',
      body:
        `Bonjour ${name},\n\nmerci de vous être inscrit sur Appointment. Notre équipe examinera votre demande ` +
        `sous 24 à 48 heures. En attendant, veuillez confirmer votre adresse e-mail :\n${link}\n`,
    }),
    confirmAddress: (name, link) => ({
      subject: 'Confirmez votre adresse e-mail',
      body:
        `Bonjour ${name},\n\nveuillez confirmer votre adresse e-mail pour réserver des rendez-vous :\n${link}\n\n` +
        `Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.\n`,
    }),
    emailChangeConfirm: (name, link) => ({
      subject: 'Confirmez votre nouvelle adresse e-mail',
      body:
        `Bonjour ${name},\n\nouvrez ce lien dans la journée pour en faire votre adresse e-mail Appointment :\n${link}\n\n` +
        `Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.\n`,
    }),
    emailChangeNotice: (name, newEmail) => ({
      subject: 'Votre adresse e-mail va changer',
      body:
        `Bonjour ${name},\n\nquelqu’un connecté à votre compte Appointment a demandé à changer son adresse e-mail pour ` +
        `${newEmail}. Elle ne changera qu’une fois cette adresse confirmée.\n` +
        `Si ce n’était pas vous, changez votre mot de passe dès maintenant.\n`,
    }),
    passwordReset: (name, link, minutes) => ({
      subject: 'Réinitialisez votre mot de passe',
      body:
        `Bonjour ${name},\n\nquelqu'un a demandé à réinitialiser le mot de passe de votre compte Appointment. ` +
        `Pour choisir un nouveau mot de passe, ouvrez ce lien dans les ${minutes} minutes (il ne sert qu'une fois) :\n${link}\n\n` +
        `Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.\n`,
    }),
  },
};

/** The language of a stored value, English when it is missing or not one the product offers. */
export const mailLanguageOf = (value: unknown): MailLanguage =>
  (LANGUAGES as readonly unknown[]).includes(value) ? (value as MailLanguage) : 'en';

/**
 * The WhatsApp texts sent when the provider keeps no template of that name, in the recipient's
 * language: {{1}} the service, {{2}} the provider, {{3}} the date, {{4}} the time, as a
 * template's parameters are numbered.
 */
export const WHATSAPP_TEXTS: Record<MailLanguage, Record<'confirmation' | 'reminder', string>> = {
  en: {
    confirmation: 'Your appointment for {{1}} at {{2}} on {{3}} at {{4}} is confirmed.',
    reminder: 'Reminder: your appointment for {{1}} at {{2}} is on {{3}} at {{4}}.',
  },
  es: {
    confirmation: 'Tu cita de {{1}} en {{2}} el {{3}} a las {{4}} está confirmada.',
    reminder: 'Recordatorio: tu cita de {{1}} en {{2}} es el {{3}} a las {{4}}.',
  },
  fr: {
    confirmation: 'Votre rendez-vous pour {{1}} chez {{2}} le {{3}} à {{4}} est confirmé.',
    reminder: 'Rappel : votre rendez-vous pour {{1}} chez {{2}} est le {{3}} à {{4}}.',
  },
};
