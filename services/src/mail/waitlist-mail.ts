import type { RecordedEvent } from '@appointment/contracts/events';
import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { readEvent } from '@appointment/contracts/events/read-event';
import { MAIL_LOCALES, MAIL_TEXTS, mailLanguageOf } from '@appointment/contracts/mail-texts';
import { zonedFormatter } from '@appointment/contracts/schedule';
import type { Queryable } from '@appointment/projections/projection';
import type { MailLinks } from './mail-outbox';
import type { OutboxMail } from './booking-mail';

/** The page a waitlist offer's e-mail opens (signed in as its waiter, it claims the place). */
export const offerClaimLink = ({ publicUrl }: Pick<MailLinks, 'publicUrl'>, offerId: string): string =>
  `${publicUrl}/waitlist/offers/${encodeURIComponent(offerId)}`;

const READER = 'mail outbox';

/**
 * The e-mail of a waitlist offer (issue 31): to its waiter, at a confirmed address in their
 * language, with the claim link; keyed by the offer's event, so it is written once.
 */
export const waitlistMails = async (
  event: RecordedEvent,
  db: Queryable,
  links: MailLinks,
): Promise<OutboxMail[]> => {
  if (event.type !== 'PlaceOffered') return [];
  const offer = readEvent('PlaceOffered', event, READER);
  if (!offer) return [];
  const { rows } = await db.query<{ email: string; language: string; provider_name: string | null }>(
    `SELECT u.email, u.language, p.name AS provider_name
       FROM rm_accounts.users u LEFT JOIN rm_catalogue.providers p ON p.id = $2
      WHERE u.id = $1 AND u.email_verified AND u.email <> $3`,
    [offer.userId, offer.providerId, FORGOTTEN_USER],
  );
  const person = rows[0];
  if (!person) return [];
  const language = mailLanguageOf(person.language);
  const when = zonedFormatter(MAIL_LOCALES[language], { dateStyle: 'full', timeStyle: 'short' });
  const mail = MAIL_TEXTS[language].waitlistOffered(
    {
      serviceName: offer.serviceName,
      providerName: person.provider_name ?? '',
      when: when(new Date(offer.startDateTime), offer.timezone),
    },
    when(new Date(offer.expiresAt), offer.timezone),
    offerClaimLink(links, offer.offerId),
  );
  return [{ id: event.id, recipient: person.email, ...mail, about: offer.userId }];
};
