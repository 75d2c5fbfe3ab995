import type { RequestHandler } from 'express';
import { MESSAGES } from '@appointment/contracts/messages';
import { ValidationError } from '../domain/errors';

/**
 * Text PostgreSQL cannot keep: a NUL character, or half of a UTF-16 surrogate pair (valid in JSON
 * text, refused by jsonb; the fuzzer found the second answering 500). Refused at the door with a
 * 400, before any command runs.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnstorableText = (value: unknown): boolean => {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, field]) => UNSTORABLE.test(key) || hasUnstorableText(field));
  return false;
};

export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  next(hasUnstorableText(req.body) ? new ValidationError(MESSAGES.unstorableText) : undefined);
};
