import { v5 as uuidv5 } from 'uuid';
import type { Appointment } from '@appointment/contracts/appointments';
import type { RecordedEvent } from '@appointment/contracts/events';
import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { readEvent } from '@appointment/contracts/events/read-event';
import { changedBy } from '@appointment/contracts/events/time-slot';
import {
  MAIL_LOCALES,
  MAIL_TEXTS,
  mailLanguageOf,
  type BookingMailFacts,
  type CancelledBy,
  type MailLanguage,
} from '@appointment/contracts/mail-texts';
import { formatMoney, fromMinorUnits } from '@appointment/contracts/money';
import { zonedFormatter } from '@appointment/contracts/schedule';
import { appointmentsByIds } from '@appointment/projections/appointments.queries';
import type { Queryable } from '@appointment/projections/projection';
import { invitationOf, type IcsMethod } from '../calendar/ics';
import { bookingLink } from './booking-links';
import type { MailLinks } from './mail-outbox';

/**
 * The e-mails of a booking's life and of a provider's registration (issue 29 "Telling people"),
 * worked out by the mail outbox reactor from one event: its user is told of every change (in the
 * language of their account, at a confirmed address, never once forgotten), the provider's admins
 * of cancellations and moves; a registration's admin of the review's outcome, the superadmins of
 * each new registration. The read models it reads (rm_accounts, rm_appointments) have taken the
 * event's batch; what the mail says of the change itself comes from the event.
 */

/** One outbox row. */
export interface OutboxMail {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  /** An iCalendar file to attach (a booking, a move, a cancellation). */
  attachment?: string;
  /** The person it is about (a booking's booker): it leaves the outbox when they are forgotten. */
  about?: string;
}

/** The rows of admins, superadmins: another id of the same event per recipient. */
const RECIPIENT_NAMESPACE = '7e0b6c2a-4f1d-4b8e-9c3a-2d5f8e1a0b94';
export const rowIdFor = (eventId: string, recipientId: string): string =>
  uuidv5(`${eventId}\u0001${recipientId}`, RECIPIENT_NAMESPACE);

const WHEN = Object.fromEntries(
  Object.entries(MAIL_LOCALES).map(([language, locale]) => [
    language,
    zonedFormatter(locale, { dateStyle: 'full', timeStyle: 'short' }),
  ]),
) as Record<MailLanguage, ReturnType<typeof zonedFormatter>>;

const READER = 'mail outbox';

interface Person {
  id: string;
  email: string;
  name: string;
  language: MailLanguage;
}

export const BOOKING_EVENT_TYPES: ReadonlySet<string> = new Set([
  'IntervalBooked',
  'PaymentConfirmed',
  'AppointmentStatusChanged',
  'AppointmentMovedIn',
  'PaymentRefunded',
]);
export const PROVIDER_EVENT_TYPES: ReadonlySet<string> = new Set([
  'ProviderRegistered',
  'ProviderApproved',
  'ProviderRejected',
]);

export const isBookingOrProviderEvent = (event: RecordedEvent): boolean =>
  BOOKING_EVENT_TYPES.has(event.type) || PROVIDER_EVENT_TYPES.has(event.type);

/**
 * What a batch's booking e-mails read of the read models, each asked once per batch: the
 * appointments its events name and their people in one statement each, a provider's admins once
 * per provider (only cancellations and moves ask).
 */
export interface BookingMailReads {
  appointment(id: string): Appointment | undefined;
  /** A person the product may write to: an account with a confirmed address, not forgotten. */
  reachable(userId: string): Person | undefined;
  /** The admins of a provider with a confirmed address. */
  admins(providerId: string): Promise<Person[]>;
}

const appointmentIdOf = (event: RecordedEvent): string | undefined => {
  const id = (event.data as { appointmentId?: unknown } | undefined)?.appointmentId;
  return BOOKING_EVENT_TYPES.has(event.type) && typeof id === 'string' ? id : undefined;
};

export const bookingMailReads = async (
  db: Queryable,
  events: readonly RecordedEvent[],
): Promise<BookingMailReads> => {
  const ids = [...new Set(events.map(appointmentIdOf).filter((id): id is string => id !== undefined))];
  const appointments = await appointmentsByIds(db as Parameters<typeof appointmentsByIds>[0], ids);
  const userIds = [...new Set([...appointments.values()].map((appointment) => appointment.userId))];
  const people = new Map<string, Person>();
  if (userIds.length > 0) {
    const { rows } = await db.query<{ id: string; email: string; name: string; language: string }>(
      `SELECT id, email, name, language FROM rm_accounts.users
        WHERE id = ANY($1::text[]) AND email_verified AND email <> $2`,
      [userIds, FORGOTTEN_USER],
    );
    for (const row of rows) people.set(row.id, { ...row, language: mailLanguageOf(row.language) });
  }
  const admins = new Map<string, Promise<Person[]>>();
  return {
    appointment: (id) => appointments.get(id),
    reachable: (userId) => people.get(userId),
    admins: (providerId) => {
      let found = admins.get(providerId);
      if (!found) {
        found = db
          .query<{ id: string; email: string; name: string; language: string }>(
            `SELECT id, email, name, language FROM rm_accounts.users
              WHERE provider_id = $1 AND role = 'admin' AND email_verified AND email <> $2 ORDER BY id`,
            [providerId, FORGOTTEN_USER],
          )
          .then(({ rows }) => rows.map((row) => ({ ...row, language: mailLanguageOf(row.language) })));
        admins.set(providerId, found);
      }
      return found;
    },
  };
};

/** What a booking's mail says, with its signed links while it can still be changed. */
const factsOf = (
  links: MailLinks,
  appointment: Appointment,
  language: MailLanguage,
  withLinks: boolean,
): BookingMailFacts => {
  const expires = Date.parse(appointment.startDateTime);
  const reschedules = appointment.reschedules ?? 0;
  const link = (purpose: 'cancel' | 'reschedule') =>
    bookingLink(links, { purpose, appointmentId: appointment._id, expires, reschedules });
  return {
    serviceName: appointment.serviceName,
    providerName: appointment.providerName,
    when: WHEN[language](new Date(appointment.startDateTime), appointment.timezone),
    ...(withLinks && ['pending', 'scheduled'].includes(appointment.status)
      ? { links: { cancel: link('cancel'), reschedule: link('reschedule') } }
      : {}),
  };
};

const calendarOf = (appointment: Appointment, method: IcsMethod, at: string): string =>
  invitationOf(appointment, method, new Date(at));

/** The e-mails of one event of a booking's life; none for other events. */
export const bookingMails = async (
  event: RecordedEvent,
  reads: BookingMailReads,
  links: MailLinks,
): Promise<OutboxMail[]> => {
  const id = appointmentIdOf(event);
  const current = id === undefined ? undefined : reads.appointment(id);
  if (!current) return [];
  const user = reads.reachable(current.userId);
  const mails: OutboxMail[] = [];
  const toUser = (
    make: (language: MailLanguage) => { subject: string; body: string },
    attachment?: string,
  ) => {
    if (!user) return;
    mails.push({
      id: event.id,
      recipient: user.email,
      ...make(user.language),
      ...(attachment ? { attachment } : {}),
      about: current.userId,
    });
  };
  const toAdmins = async (make: (language: MailLanguage) => { subject: string; body: string }) => {
    for (const admin of await reads.admins(current.providerId))
      mails.push({
        id: rowIdFor(event.id, admin.id),
        recipient: admin.email,
        ...make(admin.language),
        about: current.userId,
      });
  };
  // The person's name as the booking recorded it; a forgotten one is not named to the provider.
  const person = current.username === FORGOTTEN_USER ? '—' : current.username;

  const booked = readEvent('IntervalBooked', event, READER);
  if (booked) {
    // The booking as it was made (a later change of the same batch has its own mail).
    const appointment: Appointment = {
      ...current,
      status: booked.status,
      startDateTime: booked.startDateTime,
      endDateTime: booked.endDateTime,
      timezone: booked.timezone,
      reschedules: 0,
    };
    const awaiting = booked.status === 'pending' ? (booked.paymentNeeded ? 'payment' : 'confirmation') : null;
    toUser(
      (language) => MAIL_TEXTS[language].booked(factsOf(links, appointment, language, true), awaiting),
      calendarOf(appointment, 'REQUEST', booked.at),
    );
    return mails;
  }
  const paid = readEvent('PaymentConfirmed', event, READER);
  if (paid) {
    // Paid after it was cancelled: the refund's mail tells of it. Confirmed with its payment (a
    // service that confirms automatically) or by its provider meanwhile: that change's mail tells.
    if (current.status !== 'pending') return [];
    toUser((language) => MAIL_TEXTS[language].paid(factsOf(links, current, language, true)));
    return mails;
  }
  const changed = readEvent('AppointmentStatusChanged', event, READER);
  if (changed) {
    const who = changedBy({ data: changed, metadata: event.metadata });
    if (changed.to === 'cancelled') {
      const by: CancelledBy = who ?? 'provider';
      const rejected = by === 'provider' && changed.from === 'pending';
      const appointment: Appointment = { ...current, status: 'cancelled' };
      toUser(
        (language) =>
          MAIL_TEXTS[language].cancelled(factsOf(links, appointment, language, false), by, rejected),
        calendarOf(appointment, 'CANCEL', changed.at),
      );
      // The provider's admins hear of what others did (their own team's change is on their screens).
      if (by !== 'provider')
        await toAdmins((language) =>
          MAIL_TEXTS[language].cancelledToAdmin(factsOf(links, appointment, language, false), person, by),
        );
    } else if (changed.to === 'scheduled' && (who === 'provider' || who === 'system')) {
      toUser((language) => MAIL_TEXTS[language].confirmed(factsOf(links, current, language, true)));
    } else if (changed.to === 'no_show') {
      toUser((language) => MAIL_TEXTS[language].noShow(factsOf(links, current, language, false)));
    }
    return mails;
  }
  const moved = readEvent('AppointmentMovedIn', event, READER);
  if (moved) {
    const appointment: Appointment = {
      ...current,
      status: moved.status,
      startDateTime: moved.startDateTime,
      endDateTime: moved.endDateTime,
      timezone: moved.timezone,
      reschedules: moved.reschedules,
    };
    const from = (language: MailLanguage) =>
      WHEN[language](new Date(moved.from.startDateTime), moved.timezone);
    toUser(
      (language) =>
        MAIL_TEXTS[language].rescheduled(factsOf(links, appointment, language, true), from(language)),
      calendarOf(appointment, 'REQUEST', moved.at),
    );
    if (moved.by !== 'provider')
      await toAdmins((language) =>
        MAIL_TEXTS[language].rescheduledToAdmin(
          factsOf(links, appointment, language, false),
          person,
          from(language),
        ),
      );
    return mails;
  }
  const refunded = readEvent('PaymentRefunded', event, READER);
  if (refunded) {
    toUser((language) =>
      MAIL_TEXTS[language].refunded(
        factsOf(links, current, language, false),
        formatMoney(
          fromMinorUnits(refunded.amount, refunded.currency),
          refunded.currency,
          MAIL_LOCALES[language],
        ),
      ),
    );
  }
  return mails;
};

/** Where a provider's admin signs in, and where a superadmin reviews registrations. */
const SIGN_IN_SCREEN = '/login';
const REVIEW_SCREEN = '/providerstablelist';

/** The e-mails of a provider's registration and its review; none for other events. */
export const providerMails = async (
  event: RecordedEvent,
  db: Queryable,
  { publicUrl }: MailLinks,
): Promise<OutboxMail[]> => {
  if (!PROVIDER_EVENT_TYPES.has(event.type) || !event.streamName.startsWith('provider-')) return [];
  const providerId = event.streamName.slice('provider-'.length);
  const registered = readEvent('ProviderRegistered', event, READER);
  if (registered) {
    if (registered.businessName === FORGOTTEN_USER) return [];
    const { rows } = await db.query<{ id: string; email: string; language: string }>(
      `SELECT id, email, language FROM rm_accounts.users
        WHERE role = 'superadmin' AND email_verified AND email <> $1 ORDER BY id`,
      [FORGOTTEN_USER],
    );
    return rows.map((row) => ({
      id: rowIdFor(event.id, row.id),
      recipient: row.email,
      ...MAIL_TEXTS[mailLanguageOf(row.language)].providerToReview(
        registered.businessName,
        registered.email,
        `${publicUrl}${REVIEW_SCREEN}`,
      ),
    }));
  }
  const approved = readEvent('ProviderApproved', event, READER);
  const rejected = readEvent('ProviderRejected', event, READER);
  if (!approved && !rejected) return [];
  // The registering admin, as the accounts read model holds them: a rejected one is deleted and
  // forgotten once this notice is handed over (provider-approval.ts waits for it); the business
  // name of a rejection comes with its event (the read model drops the registration at once).
  const { rows } = await db.query<{ business: string | null; email: string; name: string; language: string }>(
    `SELECT p.name AS business, u.email, u.name, u.language
       FROM rm_accounts.users u LEFT JOIN rm_accounts.providers p ON p.id = $1
      WHERE u.id = coalesce(nullif($2, ''), p.admin_id)`,
    [providerId, rejected?.adminId ?? null],
  );
  const row = rows[0];
  if (!row || row.email === FORGOTTEN_USER) return [];
  const business = rejected?.businessName ?? row.business ?? '';
  if (business === FORGOTTEN_USER) return [];
  const texts = MAIL_TEXTS[mailLanguageOf(row.language)];
  const mail = approved
    ? texts.providerApproved(row.name, business, `${publicUrl}${SIGN_IN_SCREEN}`)
    : texts.providerRejected(row.name, business);
  return [{ id: event.id, recipient: row.email, ...mail }];
};
