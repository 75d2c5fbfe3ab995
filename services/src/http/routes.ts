import type { IncomingMessage } from 'node:http';

/** A contracts path (`/api/...`) as a router mounted under /api sees it. */
export const route = (path: string): string => path.replace(/^\/api/, '');

/** The request's Idempotency-Key: a retried request with the same key is carried out once. */
export const idempotencyKeyOf = (req: IncomingMessage): string | undefined => {
  const header = req.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  return key && key.length <= 200 ? key : undefined;
};
