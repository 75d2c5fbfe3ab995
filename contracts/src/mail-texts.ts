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

/** A booking an e-mail tells of (issue 29 "Telling people"). */
export interface BookingMailFacts {
  serviceName: string;
  providerName: string;
  /** Its start, written in the recipient's language and the provider's zone. */
  when: string;
  /** The signed links of an upcoming booking: cancel it, or move it, without signing in. */
  links?: { cancel: string; reschedule: string };
}

/** Who cancelled a booking: its user, its provider, or the product (not paid in time). */
export type CancelledBy = 'user' | 'provider' | 'system';

type Mail = { subject: string; body: string };

export interface MailTexts {
  reminder(facts: ReminderMailFacts): { subject: string; body: string };
  /** To its user: booked; `awaiting` when it still waits for the payment or the provider. */
  booked(facts: BookingMailFacts, awaiting: 'payment' | 'confirmation' | null): Mail;
  /** To its user: the provider confirmed it. */
  confirmed(facts: BookingMailFacts): Mail;
  /** Its payment arrived; the provider has yet to confirm it. */
  paid(facts: BookingMailFacts): Mail;
  /** To its user: cancelled, and by whom; `rejected` when the provider declined it before confirming. */
  cancelled(facts: BookingMailFacts, by: CancelledBy, rejected: boolean): Mail;
  /** To its user: it moved from `from` to the facts' time. */
  rescheduled(facts: BookingMailFacts, from: string): Mail;
  /** To its user: `amount` of the payment went back. */
  refunded(facts: BookingMailFacts, amount: string): Mail;
  /** To its user: marked as missed. */
  noShow(facts: BookingMailFacts): Mail;
  /** To the first waiter (issue 31): the freed place is held for them until `until`; `link` claims it. */
  waitlistOffered(facts: BookingMailFacts, until: string, link: string): Mail;
  /** To the provider's admins: `person`'s booking was cancelled. */
  cancelledToAdmin(facts: BookingMailFacts, person: string, by: CancelledBy): Mail;
  /** To the provider's admins: `person`'s booking moved from `from`. */
  rescheduledToAdmin(facts: BookingMailFacts, person: string, from: string): Mail;
  /** To a provider's admin: the registration of `business` was approved; `link` signs in. */
  providerApproved(name: string, business: string, link: string): Mail;
  /** To a provider's admin: the registration of `business` was not approved. */
  providerRejected(name: string, business: string): Mail;
  /** To a superadmin: `business` registered and waits for review at `link`. */
  providerToReview(business: string, email: string, link: string): Mail;
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

/** The signed links at the foot of a booking's e-mail, in each language. */
const LINKS: Record<MailLanguage, (facts: BookingMailFacts) => string> = {
  en: ({ links }) =>
    links ? `\nTo cancel it:\n${links.cancel}\n\nTo choose another time:\n${links.reschedule}\n` : '',
  es: ({ links }) =>
    links ? `\nPara cancelarla:\n${links.cancel}\n\nPara elegir otra hora:\n${links.reschedule}\n` : '',
  fr: ({ links }) =>
    links
      ? `\nPour l’annuler :\n${links.cancel}\n\nPour choisir une autre heure :\n${links.reschedule}\n`
      : '',
};

export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = {
  en: {
    booked: (f, awaiting) => ({
      subject: `Booked: ${f.serviceName} on ${f.when}`,
      body:
        `Hello,\n\nyour appointment for ${f.serviceName} at ${f.providerName} on ${f.when} is booked.\n` +
        (awaiting === 'payment'
          ? 'It is held until you pay for it.\n'
          : awaiting === 'confirmation'
            ? 'The provider will confirm it.\n'
            : '') +
        LINKS.en(f),
    }),
    paid: (f) => ({
      subject: `Paid: ${f.serviceName} on ${f.when}`,
      body:
        `Hello,\n\nyour payment for ${f.serviceName} at ${f.providerName} on ${f.when} was received. ` +
        `The appointment awaits the provider's confirmation; we will write again when it is confirmed.\n` +
        LINKS.en(f),
    }),
    confirmed: (f) => ({
      subject: `Confirmed: ${f.serviceName} on ${f.when}`,
      body:
        `Hello,\n\nyour appointment for ${f.serviceName} at ${f.providerName} on ${f.when} is confirmed.\n` +
        LINKS.en(f),
    }),
    cancelled: (f, by, rejected) => ({
      subject: `${rejected ? 'Declined' : 'Cancelled'}: ${f.serviceName} on ${f.when}`,
      body:
        `Hello,\n\nyour appointment for ${f.serviceName} at ${f.providerName} on ${f.when} ` +
        (by === 'user'
          ? 'is cancelled, as you asked.\n'
          : by === 'system'
            ? 'was cancelled automatically: it was not paid in time.\n'
            : rejected
              ? 'was declined by the provider.\n'
              : 'was cancelled by the provider.\n'),
    }),
    rescheduled: (f, from) => ({
      subject: `Rescheduled: ${f.serviceName} now on ${f.when}`,
      body:
        `Hello,\n\nyour appointment for ${f.serviceName} at ${f.providerName} moved:\n${from} → ${f.when}\n` +
        LINKS.en(f),
    }),
    refunded: (f, amount) => ({
      subject: `Refund of ${amount}: ${f.serviceName}`,
      body: `Hello,\n\n${amount} of your payment for ${f.serviceName} at ${f.providerName} on ${f.when} was refunded.\n`,
    }),
    noShow: (f) => ({
      subject: `Missed: ${f.serviceName} on ${f.when}`,
      body: `Hello,\n\nyour appointment for ${f.serviceName} at ${f.providerName} on ${f.when} was marked as missed.\n`,
    }),
    waitlistOffered: (f, until, link) => ({
      subject: `A place is free: ${f.serviceName} on ${f.when}`,
      body:
        `Hello,\n\na place you wait for is free: ${f.serviceName} at ${f.providerName} on ${f.when}.\n` +
        `It is held for you until ${until}; after that it goes to the next person waiting.\n\n` +
        `To book it:\n${link}\n`,
    }),
    cancelledToAdmin: (f, person, by) => ({
      subject: `Cancelled: ${person}, ${f.serviceName} on ${f.when}`,
      body:
        `Hello,\n\n${person}'s appointment for ${f.serviceName} on ${f.when} ` +
        (by === 'user'
          ? `was cancelled by ${person}.\n`
          : by === 'system'
            ? 'was cancelled automatically: it was not paid in time.\n'
            : 'was cancelled by your team.\n'),
    }),
    rescheduledToAdmin: (f, person, from) => ({
      subject: `Rescheduled: ${person}, ${f.serviceName} now on ${f.when}`,
      body: `Hello,\n\n${person}'s appointment for ${f.serviceName} moved:\n${from} → ${f.when}\n`,
    }),
    providerApproved: (name, business, link) => ({
      subject: `${business} is approved`,
      body: `Hello ${name},\n\nyour registration of ${business} with Appointment is approved. You can sign in now:\n${link}\n`,
    }),
    providerRejected: (name, business) => ({
      subject: `${business} was not approved`,
      body:
        `Hello ${name},\n\nwe are sorry: your registration of ${business} with Appointment was not approved, ` +
        'and its account was removed.\n',
    }),
    providerToReview: (business, email, link) => ({
      subject: `New provider to review: ${business}`,
      body: `Hello,\n\n${business} (${email}) registered as a provider and waits for your review:\n${link}\n`,
    }),
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
    booked: (f, awaiting) => ({
      subject: `Reservada: ${f.serviceName} el ${f.when}`,
      body:
        `Hola:\n\nsu cita para ${f.serviceName} en ${f.providerName} el ${f.when} está reservada.\n` +
        (awaiting === 'payment'
          ? 'Se mantiene hasta que la pague.\n'
          : awaiting === 'confirmation'
            ? 'El proveedor la confirmará.\n'
            : '') +
        LINKS.es(f),
    }),
    paid: (f) => ({
      subject: `Pagada: ${f.serviceName} el ${f.when}`,
      body:
        `Hola:\n\nhemos recibido su pago para ${f.serviceName} en ${f.providerName} el ${f.when}. ` +
        `La cita espera la confirmación del proveedor; le escribiremos cuando esté confirmada.\n` +
        LINKS.es(f),
    }),
    confirmed: (f) => ({
      subject: `Confirmada: ${f.serviceName} el ${f.when}`,
      body:
        `Hola:\n\nsu cita para ${f.serviceName} en ${f.providerName} el ${f.when} está confirmada.\n` +
        LINKS.es(f),
    }),
    cancelled: (f, by, rejected) => ({
      subject: `${rejected ? 'Rechazada' : 'Cancelada'}: ${f.serviceName} el ${f.when}`,
      body:
        `Hola:\n\nsu cita para ${f.serviceName} en ${f.providerName} el ${f.when} ` +
        (by === 'user'
          ? 'está cancelada, como pidió.\n'
          : by === 'system'
            ? 'se canceló automáticamente: no se pagó a tiempo.\n'
            : rejected
              ? 'fue rechazada por el proveedor.\n'
              : 'fue cancelada por el proveedor.\n'),
    }),
    rescheduled: (f, from) => ({
      subject: `Cambiada de hora: ${f.serviceName}, ahora el ${f.when}`,
      body:
        `Hola:\n\nsu cita para ${f.serviceName} en ${f.providerName} ha cambiado:\n${from} → ${f.when}\n` +
        LINKS.es(f),
    }),
    refunded: (f, amount) => ({
      subject: `Reembolso de ${amount}: ${f.serviceName}`,
      body: `Hola:\n\nse le han reembolsado ${amount} de su pago por ${f.serviceName} en ${f.providerName} el ${f.when}.\n`,
    }),
    noShow: (f) => ({
      subject: `Ausencia: ${f.serviceName} el ${f.when}`,
      body: `Hola:\n\nsu cita para ${f.serviceName} en ${f.providerName} el ${f.when} se marcó como no asistida.\n`,
    }),
    waitlistOffered: (f, until, link) => ({
      subject: `Hay una plaza libre: ${f.serviceName} el ${f.when}`,
      body:
        `Hola:\n\nuna plaza que espera está libre: ${f.serviceName} en ${f.providerName} el ${f.when}.\n` +
        `Se la guardamos hasta ${until}; después pasa a la siguiente persona en espera.\n\n` +
        `Para reservarla:\n${link}\n`,
    }),
    cancelledToAdmin: (f, person, by) => ({
      subject: `Cancelada: ${person}, ${f.serviceName} el ${f.when}`,
      body:
        `Hola:\n\nla cita de ${person} para ${f.serviceName} el ${f.when} ` +
        (by === 'user'
          ? `fue cancelada por ${person}.\n`
          : by === 'system'
            ? 'se canceló automáticamente: no se pagó a tiempo.\n'
            : 'fue cancelada por su equipo.\n'),
    }),
    rescheduledToAdmin: (f, person, from) => ({
      subject: `Cambiada de hora: ${person}, ${f.serviceName}, ahora el ${f.when}`,
      body: `Hola:\n\nla cita de ${person} para ${f.serviceName} ha cambiado:\n${from} → ${f.when}\n`,
    }),
    providerApproved: (name, business, link) => ({
      subject: `${business} está aprobado`,
      body: `Hola, ${name}:\n\nse ha aprobado el registro de ${business} en Appointment. Ya puede iniciar sesión:\n${link}\n`,
    }),
    providerRejected: (name, business) => ({
      subject: `${business} no fue aprobado`,
      body:
        `Hola, ${name}:\n\nlo sentimos: el registro de ${business} en Appointment no fue aprobado ` +
        'y su cuenta se ha eliminado.\n',
    }),
    providerToReview: (business, email, link) => ({
      subject: `Nuevo proveedor por revisar: ${business}`,
      body: `Hola:\n\n${business} (${email}) se ha registrado como proveedor y espera su revisión:\n${link}\n`,
    }),
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
    booked: (f, awaiting) => ({
      subject: `Réservé : ${f.serviceName} le ${f.when}`,
      body:
        `Bonjour,\n\nvotre rendez-vous pour ${f.serviceName} chez ${f.providerName} le ${f.when} est réservé.\n` +
        (awaiting === 'payment'
          ? 'Il vous est réservé jusqu’à votre paiement.\n'
          : awaiting === 'confirmation'
            ? 'Le prestataire va le confirmer.\n'
            : '') +
        LINKS.fr(f),
    }),
    paid: (f) => ({
      subject: `Payé : ${f.serviceName} le ${f.when}`,
      body:
        `Bonjour,\n\nnous avons bien reçu votre paiement pour ${f.serviceName} chez ${f.providerName} le ${f.when}. ` +
        `Le rendez-vous attend la confirmation du prestataire ; nous vous écrirons dès qu'il sera confirmé.\n` +
        LINKS.fr(f),
    }),
    confirmed: (f) => ({
      subject: `Confirmé : ${f.serviceName} le ${f.when}`,
      body:
        `Bonjour,\n\nvotre rendez-vous pour ${f.serviceName} chez ${f.providerName} le ${f.when} est confirmé.\n` +
        LINKS.fr(f),
    }),
    cancelled: (f, by, rejected) => ({
      subject: `${rejected ? 'Refusé' : 'Annulé'} : ${f.serviceName} le ${f.when}`,
      body:
        `Bonjour,\n\nvotre rendez-vous pour ${f.serviceName} chez ${f.providerName} le ${f.when} ` +
        (by === 'user'
          ? 'est annulé, comme vous l’avez demandé.\n'
          : by === 'system'
            ? 'a été annulé automatiquement : il n’a pas été payé à temps.\n'
            : rejected
              ? 'a été refusé par le prestataire.\n'
              : 'a été annulé par le prestataire.\n'),
    }),
    rescheduled: (f, from) => ({
      subject: `Déplacé : ${f.serviceName}, désormais le ${f.when}`,
      body:
        `Bonjour,\n\nvotre rendez-vous pour ${f.serviceName} chez ${f.providerName} a été déplacé :\n${from} → ${f.when}\n` +
        LINKS.fr(f),
    }),
    refunded: (f, amount) => ({
      subject: `Remboursement de ${amount} : ${f.serviceName}`,
      body: `Bonjour,\n\n${amount} de votre paiement pour ${f.serviceName} chez ${f.providerName} le ${f.when} vous ont été remboursés.\n`,
    }),
    noShow: (f) => ({
      subject: `Absence : ${f.serviceName} le ${f.when}`,
      body: `Bonjour,\n\nvotre rendez-vous pour ${f.serviceName} chez ${f.providerName} le ${f.when} a été noté comme manqué.\n`,
    }),
    waitlistOffered: (f, until, link) => ({
      subject: `Une place est libre : ${f.serviceName} le ${f.when}`,
      body:
        `Bonjour,\n\nune place que vous attendez est libre : ${f.serviceName} chez ${f.providerName} le ${f.when}.\n` +
        `Elle vous est réservée jusqu’au ${until} ; ensuite, elle passe à la personne suivante.\n\n` +
        `Pour la réserver :\n${link}\n`,
    }),
    cancelledToAdmin: (f, person, by) => ({
      subject: `Annulé : ${person}, ${f.serviceName} le ${f.when}`,
      body:
        `Bonjour,\n\nle rendez-vous de ${person} pour ${f.serviceName} le ${f.when} ` +
        (by === 'user'
          ? `a été annulé par ${person}.\n`
          : by === 'system'
            ? 'a été annulé automatiquement : il n’a pas été payé à temps.\n'
            : 'a été annulé par votre équipe.\n'),
    }),
    rescheduledToAdmin: (f, person, from) => ({
      subject: `Déplacé : ${person}, ${f.serviceName}, désormais le ${f.when}`,
      body: `Bonjour,\n\nle rendez-vous de ${person} pour ${f.serviceName} a été déplacé :\n${from} → ${f.when}\n`,
    }),
    providerApproved: (name, business, link) => ({
      subject: `${business} est approuvé`,
      body: `Bonjour ${name},\n\nl’inscription de ${business} sur Appointment est approuvée. Vous pouvez vous connecter :\n${link}\n`,
    }),
    providerRejected: (name, business) => ({
      subject: `${business} n’a pas été approuvé`,
      body:
        `Bonjour ${name},\n\nnous sommes désolés : l’inscription de ${business} sur Appointment n’a pas été approuvée ` +
        'et son compte a été supprimé.\n',
    }),
    providerToReview: (business, email, link) => ({
      subject: `Nouveau prestataire à examiner : ${business}`,
      body: `Bonjour,\n\n${business} (${email}) s’est inscrit comme prestataire et attend votre examen :\n${link}\n`,
    }),
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
