import { createHmac } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { v5 as uuidv5 } from 'uuid';
import type pg from 'pg';
import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { readEvent } from '@appointment/contracts/events/read-event';
import { PASSWORD_RESET_VALID_MINUTES } from '@appointment/contracts/constants';
import {
  MAIL_LOCALES,
  MAIL_TEXTS,
  mailLanguageOf,
  type MailLanguage,
} from '@appointment/contracts/mail-texts';
import { formatMoney } from '@appointment/contracts/money';
import { zonedFormatter } from '@appointment/contracts/schedule';
import { batchStatement, type ApplyContext, type Projection } from '@appointment/projections/projection';
import type { RecordedEvent } from '@appointment/contracts/events';
import { inTransaction, migrateSchema } from '@appointment/projections/db/transaction';
import type { Logger } from '../logger';
import { sameToken } from './booking-links';
import {
  bookingMailReads,
  bookingMails,
  isBookingOrProviderEvent,
  providerMails,
  type OutboxMail,
} from './booking-mail';
import { waitlistMails } from './waitlist-mail';
import { withFields } from '@appointment/contracts/objects';

const REMINDER_WHEN = Object.fromEntries(
  Object.entries(MAIL_LOCALES).map(([language, locale]) => [
    language,
    zonedFormatter(locale, { dateStyle: 'full', timeStyle: 'short' }),
  ]),
) as Record<MailLanguage, ReturnType<typeof zonedFormatter>>;

/**
 * E-mail as a side effect of the log (STYLE: side effects from subscriptions): a checkpointed
 * reactor writes one outbox row per event id, so a replay never mails twice; the sender
 * delivers unsent rows through SMTP (SMTP_URL) or, without it, to the local mailbox and the
 * console. Not in the rebuildable projections: rebuilding would send everything again.
 */
export const MAIL_SCHEMA = 'rm_mail_outbox';

export interface MailLinks {
  publicUrl: string;
  secret: string;
}

export const verificationToken = (secret: string, userId: string): string =>
  createHmac('sha256', secret).update(`verify-email:${userId}`).digest('base64url');

export const isGenuineVerification = (secret: string, userId: string, token: string): boolean => {
  return sameToken(verificationToken(secret, userId), token);
};

/** The token of the link sent to a new address, for one request of one person. */
export const emailChangeToken = (secret: string, userId: string, requestId: string): string =>
  createHmac('sha256', secret).update(`change-email:${userId}:${requestId}`).digest('base64url');

export const isGenuineEmailChange = (
  secret: string,
  userId: string,
  requestId: string,
  token: string,
): boolean => {
  return sameToken(emailChangeToken(secret, userId, requestId), token);
};

/** The outbox row of the notice to the old address: another id of the same event. */
const OLD_ADDRESS_NAMESPACE = '2c1d4f0e-8b7a-4e5f-9a3b-6d2e1f0c9b8a';

/**
 * The token of a password reset link, made from the secret, the account and the request: never
 * stored, so neither the log nor the outbox's readers can make a link without the secret (the
 * outbox row holds the mailed link until it is sent, as the mail itself does).
 */
export const passwordResetToken = (secret: string, userId: string, requestId: string): string =>
  createHmac('sha256', secret).update(`reset-password:${userId}:${requestId}`).digest('base64url');

export const isGenuinePasswordReset = (
  secret: string,
  userId: string,
  requestId: string,
  token: string,
): boolean => {
  return sameToken(passwordResetToken(secret, userId, requestId), token);
};

/** The screen of the reset link (frontend /reset-password); it posts to /api/auth/reset-password. */
export const RESET_PASSWORD_SCREEN = '/reset-password';

/** The screen a reset link opens (frontend /reset-password), with what it sends back. */
export const passwordResetLink = (
  { publicUrl, secret }: MailLinks,
  userId: string,
  requestId: string,
): string => {
  const query = new URLSearchParams({
    user: userId,
    request: requestId,
    token: passwordResetToken(secret, userId, requestId),
  });
  return `${publicUrl}${RESET_PASSWORD_SCREEN}?${query.toString()}`;
};

/** Who skipped an event whose data does not fit its schema, in the warning. */
const READER = 'mail outbox';

/**
 * The outbox's columns added after its first version, added in place (ADD COLUMN IF NOT EXISTS)
 * when the table already exists; a new table has them from `createTables`. Every process that
 * writes or sends mail runs it at start.
 */
export const migrateMailOutbox = (pool: pg.Pool): Promise<void> =>
  migrateSchema(
    pool,
    MAIL_SCHEMA,
    `DO $$ BEGIN
       IF to_regclass('${MAIL_SCHEMA}.messages') IS NOT NULL THEN
         ALTER TABLE ${MAIL_SCHEMA}.messages ADD COLUMN IF NOT EXISTS attachment text;
         ALTER TABLE ${MAIL_SCHEMA}.messages ADD COLUMN IF NOT EXISTS about text;
         CREATE INDEX IF NOT EXISTS messages_about ON ${MAIL_SCHEMA}.messages (about) WHERE about IS NOT NULL;
       END IF;
     END $$;`,
  );

export const mailOutboxReactor = ({ publicUrl, secret }: MailLinks): Projection => ({
  name: 'mail_outbox',
  reactor: true,
  // Never raised: a new version rebuilds, and a rebuilt outbox would send every mail again. A new
  // column comes by `migrateMailOutbox` instead (the attachment, issue 29).
  version: 1,
  createTables: (schema) => `
    CREATE TABLE ${schema}.messages (
      id uuid PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL,
      sent_at timestamptz,
      transport text,
      error text,
      -- An iCalendar file sent with it (a booking's e-mails, issue 29).
      attachment text,
      -- The person a booking's e-mail is about (its booker): scrubbed when they are forgotten.
      about text
    );
    CREATE INDEX ON ${schema}.messages (created_at) WHERE sent_at IS NULL;
    CREATE INDEX messages_about ON ${schema}.messages (about) WHERE about IS NOT NULL;
  `,
  // A batch's booking and registration e-mails read the read models once and go in one statement.
  applyBatch: (events, context) => applyMailBatch(events, withFields(context, { publicUrl, secret })),
  apply: (event, context) => applyMailBatch([event], withFields(context, { publicUrl, secret })),
});

const applyMailBatch = async (events: RecordedEvent[], context: ApplyContext & MailLinks): Promise<void> => {
  const { db, schema, publicUrl, secret } = context;
  const links = { publicUrl, secret };
  const reads = await bookingMailReads(db, events);
  let mails: (OutboxMail & { createdAt: string })[] = [];
  /** Writes the e-mails gathered so far, in one statement. */
  const flush = async () => {
    if (mails.length === 0) return;
    await db.query(
      batchStatement(
        schema,
        'insert_messages',
        `INSERT INTO ${schema}.messages (id, recipient, subject, body, attachment, about, created_at)
         SELECT m.id, m.recipient, m.subject, m.body, m.attachment, m.about, m."createdAt"
           FROM jsonb_to_recordset($1::jsonb) AS m(id uuid, recipient text, subject text, body text,
             attachment text, about text, "createdAt" timestamptz)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(mails)],
      ),
    );
    mails = [];
  };
  for (const event of events) {
    const forgotten = readEvent('PersonForgotten', event, READER);
    if (forgotten) {
      // A booking's e-mails written late (this reactor follows the read models) leave with the
      // person too: every one of them comes before this event in the log (those of this batch
      // are written first).
      await flush();
      await db.query(
        `UPDATE ${schema}.messages SET recipient = $2, subject = $2, body = $2, attachment = NULL,
                sent_at = coalesce(sent_at, now()), transport = coalesce(transport, 'forgotten')
          WHERE about = $1`,
        [forgotten.personId, FORGOTTEN_USER],
      );
      continue;
    }
    if (event.type === 'PlaceOffered') {
      for (const mail of await waitlistMails(event, db, links))
        mails.push(withFields(mail, { createdAt: event.createdAt }));
      continue;
    }
    if (!isBookingOrProviderEvent(event)) {
      await applyOther(event, context);
      continue;
    }
    for (const mail of [
      ...(await bookingMails(event, reads, links)),
      ...(await providerMails(event, db, links)),
    ])
      mails.push(withFields(mail, { createdAt: event.createdAt }));
  }
  await flush();
};

/** The e-mails of the account's own events and of reminders, one event at a time. */
const applyOther = async (
  event: RecordedEvent,
  { db, schema, publicUrl, secret }: ApplyContext & MailLinks,
): Promise<void> => {
  const reminder = readEvent('ReminderSent', event, READER);
  if (reminder) {
    // A reminder without an address or a start sends nothing.
    if (!reminder.email || !reminder.startDateTime) return;
    // A forgotten person is not written to (their address reads as the placeholder).
    if (reminder.email === FORGOTTEN_USER) return;
    // In the language saved on the recipient's account (rm_accounts, applied before).
    const { rows } = await db.query<{ language: string; email_verified: boolean }>(
      'SELECT language, email_verified FROM rm_accounts.users WHERE id = $1',
      [reminder.userId],
    );
    // An address nobody confirmed receives nothing but the confirmation link.
    if (rows[0] && !rows[0].email_verified) return;
    const language = mailLanguageOf(rows[0]?.language);
    const mail = MAIL_TEXTS[language].reminder({
      serviceName: reminder.serviceName,
      providerName: reminder.providerName,
      when: REMINDER_WHEN[language](new Date(reminder.startDateTime), reminder.timezone),
      price:
        typeof reminder.amount === 'number' && reminder.currency
          ? formatMoney(reminder.amount, reminder.currency, MAIL_LOCALES[language])
          : undefined,
    });
    await db.query(
      `INSERT INTO ${schema}.messages (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING`,
      [event.id, reminder.email, mail.subject, mail.body, event.createdAt],
    );
    return;
  }
  const change = readEvent('EmailChangeRequested', event, READER);
  if (change) {
    // The link to the new address, and a word to the old one.
    const userId = event.streamName.slice('user-'.length);
    const { newEmail, requestId } = change;
    if (!newEmail || !requestId || newEmail === FORGOTTEN_USER) return;
    const { rows } = await db.query<{ email: string; name: string; language: string }>(
      'SELECT email, name, language FROM rm_accounts.users WHERE id = $1',
      [userId],
    );
    const user = rows[0];
    if (!user || user.email === FORGOTTEN_USER) return;
    const texts = MAIL_TEXTS[mailLanguageOf(user.language)];
    const link = `${publicUrl}/api/auth/email-change?user=${userId}&request=${requestId}&token=${emailChangeToken(secret, userId, requestId)}`;
    const confirm = texts.emailChangeConfirm(user.name, link);
    const notice = texts.emailChangeNotice(user.name, newEmail);
    await db.query(
      `INSERT INTO ${schema}.messages (id, recipient, subject, body, created_at)
         VALUES ($1, $2, $3, $4, $9), ($5, $6, $7, $8, $9)
         ON CONFLICT (id) DO NOTHING`,
      [
        event.id,
        newEmail,
        confirm.subject,
        confirm.body,
        uuidv5(event.id, OLD_ADDRESS_NAMESPACE),
        user.email,
        notice.subject,
        notice.body,
        event.createdAt,
      ],
    );
    return;
  }
  if (readEvent('EmailVerificationRequested', event, READER)) {
    // The link again, to the address the account has now, unless confirmed meanwhile.
    const userId = event.streamName.slice('user-'.length);
    const { rows } = await db.query<{
      email: string;
      name: string;
      language: string;
      email_verified: boolean;
    }>('SELECT email, name, language, email_verified FROM rm_accounts.users WHERE id = $1', [userId]);
    const user = rows[0];
    if (!user || user.email_verified || user.email === FORGOTTEN_USER) return;
    const link = `${publicUrl}/api/auth/verify?user=${userId}&token=${verificationToken(secret, userId)}`;
    const { subject, body } = MAIL_TEXTS[mailLanguageOf(user.language)].confirmAddress(user.name, link);
    await db.query(
      `INSERT INTO ${schema}.messages (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING`,
      [event.id, user.email, subject, body, event.createdAt],
    );
    return;
  }
  const reset = readEvent('PasswordResetRequested', event, READER);
  if (reset) {
    if (!event.streamName.startsWith('user-')) return;
    const userId = event.streamName.slice('user-'.length);
    // The address and language the account has now (rm_accounts, applied before); a deleted
    // or forgotten account has no row there and is written to no more.
    const { rows } = await db.query<{ email: string; name: string; language: string }>(
      'SELECT email, name, language FROM rm_accounts.users WHERE id = $1',
      [userId],
    );
    const account = rows[0];
    if (!account || account.email === FORGOTTEN_USER) return;
    const link = passwordResetLink({ publicUrl, secret }, userId, reset.requestId);
    const mail = MAIL_TEXTS[mailLanguageOf(account.language)].passwordReset(
      account.name,
      link,
      PASSWORD_RESET_VALID_MINUTES,
    );
    await db.query(
      `INSERT INTO ${schema}.messages (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING`,
      [event.id, account.email, mail.subject, mail.body, event.createdAt],
    );
    return;
  }
  const data = readEvent('UserRegistered', event, READER);
  if (!data) return;
  if (data.emailVerified || data.email === FORGOTTEN_USER) return;
  const link = `${publicUrl}/api/auth/verify?user=${data.userId}&token=${verificationToken(secret, data.userId)}`;
  const texts = MAIL_TEXTS[mailLanguageOf(data.language)];
  const { subject, body } =
    data.role === 'user' ? texts.userWelcome(data.name, link) : texts.providerApplication(data.name, link);
  await db.query(
    `INSERT INTO ${schema}.messages (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING`,
    [event.id, data.email, subject, body, event.createdAt],
  );
};

/**
 * Whether the e-mail an event caused (its outbox row, by the event's id) has been handed over,
 * waited for up to `timeoutMs`: the reactor writes it once the read models have the event, and a
 * sender (this process's, or a worker's) hands it over. False when it had not within the time.
 */
export const mailHandedOver = async (
  pool: pg.Pool,
  eventId: string,
  timeoutMs = 10_000,
): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool
      .query<{ sent: boolean }>(
        `SELECT sent_at IS NOT NULL AS sent FROM ${MAIL_SCHEMA}.messages WHERE id = $1`,
        [eventId],
      )
      .catch(() => ({ rows: [] as { sent: boolean }[] }));
    if (rows[0]?.sent) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
  /** The iCalendar file attached, when there is one. */
  ics?: string;
}

export const readMailbox = async (pool: pg.Pool, to?: string): Promise<MailboxMessage[]> => {
  const { rows } = await pool.query<{
    recipient: string;
    subject: string;
    body: string;
    created_at: Date;
    sent_at: Date | null;
    attachment: string | null;
  }>(
    `SELECT recipient, subject, body, created_at, sent_at, attachment FROM ${MAIL_SCHEMA}.messages
      WHERE $1::text IS NULL OR recipient = lower($1) ORDER BY created_at DESC, id LIMIT 100`,
    [to ?? null],
  );
  return rows.map((row) => ({
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    ...(row.attachment ? { ics: row.attachment } : {}),
  }));
};

/**
 * The Message-ID of an outbox row's e-mail: the same on every attempt, so a receiver can tell a
 * message sent again (the sender stopped between handing it over and recording it) from a new one.
 */
export const outboxMessageId = (id: string, from: string): string => {
  const domain = /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? 'appointment.local';
  return `<${id}@${domain}>`;
};

interface MailRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attachment: string | null;
}

/** Delivers unsent outbox rows: through SMTP each in a transaction of its own, so each is handed over once. */
export class MailSender {
  private running = false;
  private loop?: Promise<void>;
  /** Ends the wait between polls at once, so that stop() never waits out an interval. */
  private wake?: () => void;
  /** SMTP, when SMTP_URL names a server; without it nothing leaves the machine and no MIME is built. */
  private readonly transport?: Transporter;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    private readonly options: { smtpUrl?: string; from: string; intervalMs?: number },
  ) {
    if (options.smtpUrl) this.transport = nodemailer.createTransport(options.smtpUrl);
  }

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          if ((await this.deliverBatch()) === 0) await this.pause(this.options.intervalMs ?? 500);
        } catch (error) {
          this.logger.error({ err: error }, 'mail delivery failed');
          await this.pause(2000);
        }
      }
    })();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * Delivers up to `limit` unsent rows, oldest first, and answers how many. Each row is taken,
   * handed to the transport and marked sent in a transaction of its own, committed as soon as the
   * server has accepted the message: a sender that stops at any point (killed, its connection
   * lost) leaves every message it handed over recorded, so the next one sends none of them again.
   * (Only a stop between the server's acceptance and that commit, a moment, can still repeat one;
   * its Message-ID is the same, so the receiving side can tell.)
   */
  async deliverBatch(limit = 20): Promise<number> {
    const transport = this.transport;
    if (!transport) return this.deliverLocally(limit);
    let delivered = 0;
    while (delivered < limit && (await this.deliverOne(transport))) delivered++;
    return delivered;
  }

  /**
   * Without SMTP the outbox is the mailbox (`/api/dev/mailbox` reads its rows): nothing leaves the
   * machine, so up to `limit` rows are taken and marked in one statement, then written to the log.
   */
  private async deliverLocally(limit: number): Promise<number> {
    const { rows } = await this.pool.query<MailRow>(
      `UPDATE ${MAIL_SCHEMA}.messages SET sent_at = now(), transport = 'local'
        WHERE id IN (SELECT id FROM ${MAIL_SCHEMA}.messages WHERE sent_at IS NULL
                      ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient, subject, body, attachment`,
      [limit],
    );
    // Nothing leaves the machine: say where each mail is, and its links on lines of their own.
    if (this.logger.isLevelEnabled('info'))
      for (const row of rows) {
        const links = row.body.match(/https?:\/\/\S+/g) ?? [];
        this.logger.info(
          { to: row.recipient, subject: row.subject, links },
          `mail to ${row.recipient} not sent (no SMTP_URL); it stays in the local outbox, ` +
            `readable at /api/dev/mailbox when DEV_MAILBOX=true:\n${row.body}` +
            (links.length > 0 ? `\nlinks:\n${links.join('\n')}` : ''),
        );
      }
    return rows.length;
  }

  /** The mail of an outbox row, to the SMTP server. */
  private async hand(transport: Transporter, row: MailRow): Promise<void> {
    await transport.sendMail({
      messageId: outboxMessageId(row.id, this.options.from),
      from: this.options.from,
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      // A booking's calendar entry, as an invitation (or its cancellation) a mail client offers to take.
      ...(row.attachment
        ? {
            icalEvent: {
              method: /^METHOD:(\w+)/m.exec(row.attachment)?.[1] ?? 'PUBLISH',
              filename: 'appointment.ics',
              content: row.attachment,
            },
          }
        : {}),
    });
  }

  private deliverOne(transport: Transporter): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      // Taken and marked sent in one statement; a send that fails rolls the mark back.
      const { rows } = await client.query<MailRow>(
        `UPDATE ${MAIL_SCHEMA}.messages SET sent_at = now(), transport = 'smtp'
          WHERE id = (SELECT id FROM ${MAIL_SCHEMA}.messages WHERE sent_at IS NULL
                       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, recipient, subject, body, attachment`,
      );
      const row = rows[0];
      if (!row) return false;
      await this.hand(transport, row);
      return true;
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.transport?.close();
  }
}
