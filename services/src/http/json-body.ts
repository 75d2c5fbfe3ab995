import express, { type RequestHandler } from 'express';
import { jsonNestedDeeperThan } from '@appointment/contracts/json-depth';
import { MESSAGES } from '@appointment/contracts/messages';
import { ValidationError } from '../domain/errors';

const UTF8 = new Set(['utf-8', 'utf8']);

/** A charset Express's JSON parser would take (utf-*) that this process cannot read to check. */
class UnreadableCharsetError extends Error {
  readonly status = 415;
}

/** The bytes as text, to count their nesting in the charset the parser will read them in. */
const textOf = (body: Buffer, encoding: string): string | Buffer => {
  if (UTF8.has(encoding.toLowerCase())) return body;
  try {
    return new TextDecoder(encoding).decode(body);
  } catch {
    throw new UnreadableCharsetError(`unsupported charset "${encoding}"`);
  }
};

/**
 * Express's JSON body parser, which refuses JSON nested deeper than JSON_MAX_DEPTH with a 400
 * before parsing it: the check reads the raw bytes once; the parse and the walks after it
 * (storable text, schemas) never meet a deep body.
 */
export const jsonBody = (): RequestHandler =>
  express.json({
    limit: '1mb',
    verify: (_req, _res, body, encoding) => {
      if (jsonNestedDeeperThan(textOf(body, encoding))) throw new ValidationError(MESSAGES.jsonTooDeep);
    },
  });
