import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@appointment/contracts/webhooks';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the key is the secret's part
 * after `whsec_`, base64-decoded; the signed content is `<webhook-id>.<webhook-timestamp>.<body>`;
 * the header carries `v1,` and the base64 HMAC-SHA256.
 */

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The first characters of a secret, to tell two apart on a screen. */
export const secretHint = (secret: string): string => `${secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4)}…`;

export const webhookSignature = (
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string => {
  const key = Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
};

/** The three headers of one attempt; `webhook-id` is the delivery's and never changes. */
export const webhookHeaders = (secret: string, id: string, timestampSeconds: number, body: string) => ({
  'webhook-id': id,
  'webhook-timestamp': String(timestampSeconds),
  'webhook-signature': webhookSignature(secret, id, timestampSeconds, body),
});
