import type { Request } from 'express';

/** A contracts path (`/api/...`) as a router mounted under /api sees it. */
export const route = (path: string): string => path.replace(/^\/api/, '');

/** The request's Idempotency-Key: a retried request with the same key is carried out once. */
export const idempotencyKeyOf = (req: Request): string | undefined => {
  const key = req.get('Idempotency-Key')?.trim();
  return key && key.length <= 200 ? key : undefined;
};
