import type pg from 'pg';
import type { EventStore } from '@appointment/contracts/event-store';
import type { LogPosition } from '@appointment/contracts/events';
import {
  FORGOTTEN_USER,
  PERSONAL_DATA,
  privacyStream,
  type PersonForgottenData,
} from '@appointment/contracts/events/privacy';
import type { JobQueues } from '../jobs/job-queues';
import { WEBHOOK_LOG_SCHEMA } from '../integrations/webhooks/webhook-log';
import { MAIL_SCHEMA } from '../mail/mail-outbox';
import { forgetInSnapshots } from '../history/provider-snapshots';
import { removeUploads, uploadsOf } from './forget-uploads';
import type { PersonKeys } from './person-keys';
import { redactorOf, redactSchema } from './redact';

export interface ForgetDependencies {
  store: EventStore;
  keys: PersonKeys;
  /** The mail outbox (a reactor's table, never rebuilt). */
  pool: pg.Pool;
  now: () => Date;
  /** Where uploaded pictures are kept (DATA_DIR/uploads): the subject's are deleted. */
  uploadsDir?: string;
  /** The job queues, whose kept jobs hold what they were given. */
  jobs?: Pick<JobQueues, 'redact'>;
}

/** What the forgetting command knows in clear of the subject, to scrub what the log cannot. */
export interface ForgetRequest {
  personId: string;
  kind: PersonForgottenData['kind'];
  /** Their addresses: mail already queued or sent to them is scrubbed from the outbox. */
  emails: readonly string[];
  /** Their names: with the addresses, scrubbed from the webhook delivery log's payloads. */
  names?: readonly string[];
}

const present = async (pool: pg.Pool, table: string): Promise<boolean> => {
  const { rows } = await pool.query<{ present: string | null }>(`SELECT to_regclass($1) AS present`, [table]);
  return Boolean(rows[0]?.present);
};

/**
 * Every value the subject ever held, read while their key still opens them: each personal
 * field of every event of their own stream (the names, addresses and phones before each
 * profile change, not only the current ones), what they gave with their bookings (the name
 * and address then, the note), and what the command knows.
 */
export const valuesEverHeld = async (
  store: EventStore,
  pool: pg.Pool,
  request: Pick<ForgetRequest, 'personId' | 'kind' | 'emails' | 'names'>,
): Promise<string[]> => {
  const values = new Set<string>([...request.emails, ...(request.names ?? [])]);
  const stream = `${request.kind === 'user' ? 'user' : 'provider'}-${request.personId}`;
  for (const event of await store.readStream(stream)) {
    const spec = PERSONAL_DATA[event.type];
    if (!spec) continue;
    for (const name of Object.keys(spec.fields)) {
      const value = event.data[name];
      // Pictures are files, deleted as such (forget-uploads.ts), not text anywhere.
      if (typeof value === 'string' && !/^image/i.test(name)) values.add(value);
    }
  }
  if (request.kind === 'user' && (await present(pool, 'rm_appointments.appointments'))) {
    const { rows } = await pool.query<{ email: string; username: string; note: string | null }>(
      `SELECT DISTINCT email, username, note FROM rm_appointments.appointments WHERE user_id = $1`,
      [request.personId],
    );
    for (const row of rows)
      for (const value of [row.email, row.username, row.note]) if (value) values.add(value);
  }
  return [...values].map((value) => value.trim()).filter((value) => value && value !== FORGOTTEN_USER);
};

/**
 * Forgets a data subject for good (docs/decisions.md D40). Their key is deleted, so every sealed
 * field of theirs in the log reads as "Forgotten user" from now on, and their clear fields of
 * old events are hidden by the reader; `PersonForgotten` tells the read models to scrub what
 * they kept (and the calendar feeds to close theirs). Every value they ever held
 * (valuesEverHeld) leaves the stores outside the log and the read models: mail to any of their
 * addresses and mail naming them leave the outbox, the webhook delivery log's payloads and
 * receivers' answers lose them, and so do the kept jobs' data; their uploaded pictures leave the
 * upload storage. `npm run ops -- find` checks every one of these stores.
 */
export const forgetPerson = async (
  deps: ForgetDependencies,
  request: ForgetRequest,
): Promise<LogPosition> => {
  const values = await valuesEverHeld(deps.store, deps.pool, request);
  const redactor = redactorOf(values, request.personId);
  const emails = [
    ...new Set(
      [...request.emails, ...values.filter((value) => value.includes('@'))]
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (await present(deps.pool, `${MAIL_SCHEMA}.messages`)) {
    if (emails.length > 0)
      await deps.pool.query(
        `UPDATE ${MAIL_SCHEMA}.messages SET recipient = $2, subject = $2, body = $2, attachment = NULL,
                sent_at = coalesce(sent_at, now()), transport = coalesce(transport, 'forgotten')
          WHERE lower(recipient) = ANY ($1)`,
        [emails, FORGOTTEN_USER],
      );
    // Mail to others that names them (a provider told of their booking).
    await redactSchema(deps.pool, MAIL_SCHEMA, redactor);
  }
  // The public events sent to the provider's endpoints name the customer (the delivery log), and
  // a receiver's answer may repeat them.
  if (await present(deps.pool, `${WEBHOOK_LOG_SCHEMA}.deliveries`))
    await redactSchema(deps.pool, WEBHOOK_LOG_SCHEMA, redactor);
  // The jobs that carried them: webhook deliveries, messages; kept for days once finished.
  await deps.jobs?.redact(redactor);
  // Their uploaded pictures: the paths are read while the key still opens them.
  if (deps.uploadsDir) await removeUploads(deps.uploadsDir, await uploadsOf(deps.store, deps.pool, request));
  // Time travel's snapshots that hold the subject's data in clear, or derive from it (D42).
  await forgetInSnapshots(deps.pool, request.personId);
  await deps.keys.forget(request.personId);
  const data: PersonForgottenData = {
    personId: request.personId,
    kind: request.kind,
    at: deps.now().toISOString(),
  };
  const result = await deps.store.append(privacyStream(request.personId), [
    { type: 'PersonForgotten', data },
  ]);
  return result.position;
};
