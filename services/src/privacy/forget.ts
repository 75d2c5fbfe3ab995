import type pg from 'pg';
import type { EventStore } from '@appointment/contracts/event-store';
import type { LogPosition } from '@appointment/contracts/events';
import {
  FORGOTTEN_USER,
  privacyStream,
  type PersonForgottenData,
} from '@appointment/contracts/events/privacy';
import { WEBHOOK_LOG_SCHEMA } from '../integrations/webhooks/webhook-log';
import { MAIL_SCHEMA } from '../mail/mail-outbox';
import { forgetInSnapshots } from '../history/provider-snapshots';
import { removeUploads, uploadsOf } from './forget-uploads';
import type { PersonKeys } from './person-keys';

export interface ForgetDependencies {
  store: EventStore;
  keys: PersonKeys;
  /** The mail outbox (a reactor's table, never rebuilt). */
  pool: pg.Pool;
  now: () => Date;
  /** Where uploaded pictures are kept (DATA_DIR/uploads): the subject's are deleted. */
  uploadsDir?: string;
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

/**
 * Issue 12 (docs/decisions.md D40): forgets a data subject for good. Their key is deleted, so
 * every sealed field of theirs in the log reads as "Forgotten user" from now on, and their clear
 * fields of old events are hidden by the reader; `PersonForgotten` tells the read models to
 * scrub what they kept. Mail to their addresses leaves the outbox, their name and address the
 * webhook delivery log (neither is a read model a rebuild remakes), and their uploaded pictures
 * the upload storage.
 */
export const forgetPerson = async (
  deps: ForgetDependencies,
  request: ForgetRequest,
): Promise<LogPosition> => {
  const emails = [...new Set(request.emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const outbox = await deps.pool.query<{ present: string | null }>(`SELECT to_regclass($1) AS present`, [
    `${MAIL_SCHEMA}.messages`,
  ]);
  if (emails.length > 0 && outbox.rows[0]?.present)
    await deps.pool.query(
      `UPDATE ${MAIL_SCHEMA}.messages SET recipient = $2, subject = $2, body = $2,
              sent_at = coalesce(sent_at, now()), transport = coalesce(transport, 'forgotten')
        WHERE lower(recipient) = ANY ($1)`,
      [emails, FORGOTTEN_USER],
    );
  // The public events already sent to the provider's endpoints name the customer (issue 10's log).
  const webhookLog = await deps.pool.query<{ present: string | null }>(`SELECT to_regclass($1) AS present`, [
    `${WEBHOOK_LOG_SCHEMA}.deliveries`,
  ]);
  if (webhookLog.rows[0]?.present)
    for (const text of [...request.emails, ...(request.names ?? [])].filter((t) => t.trim().length > 2))
      await deps.pool.query(
        `UPDATE ${WEBHOOK_LOG_SCHEMA}.deliveries SET payload = replace(payload, $1, $2) WHERE strpos(payload, $1) > 0`,
        [text, FORGOTTEN_USER],
      );
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
