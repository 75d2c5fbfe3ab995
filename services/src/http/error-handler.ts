import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { fieldErrorsOf, type ErrorBody } from '@appointment/contracts/errors';
import { MESSAGES } from '@appointment/contracts/messages';
import { DomainError } from '../domain/errors';
import type { Logger } from '../logger';

/** Unknown /api paths answer JSON, not the single-page app. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.path}` } satisfies ErrorBody);
};

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  /** Extra headers: `X-Refused-By: schema` when the input did not fit the operation's schema. */
  headers?: Record<string, string>;
}

/**
 * Tells an API client (and the fuzzer) a refusal for the input's shape, which the API document
 * describes, from a refusal by a business rule (a past date, a taken slot), which it cannot.
 */
export const REFUSED_BY_SCHEMA = { 'X-Refused-By': 'schema' } as const;

/**
 * The one place errors become HTTP: domain errors keep their status and the spec's message,
 * bad input is a 4xx, and anything unknown is a 500 with a generic message and a logged
 * correlation id. The Express error handler and the fast path both answer with it.
 */
export const errorAnswer = (error: unknown, req: IncomingMessage, logger: Logger): ErrorAnswer => {
  if (error instanceof DomainError) {
    return { status: error.status, body: { message: error.message, errors: error.errors } };
  }
  if (error instanceof ZodError) {
    const errors = fieldErrorsOf(error);
    return {
      status: 400,
      body: { message: errors[0]?.message ?? 'Invalid request', errors },
      headers: REFUSED_BY_SCHEMA,
    };
  }
  const status = (error as { status?: unknown }).status;
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.parse.failed') {
    return { status: 400, body: { message: 'The request body is not valid JSON' } };
  }
  // PostgreSQL refuses text with NUL characters or broken encoding (22P05, 22021): bad input.
  const code = (error as { code?: unknown }).code;
  if (code === '22P05' || code === '22021') {
    return { status: 400, body: { message: MESSAGES.unstorableText } };
  }
  if (type === 'entity.too.large') {
    return { status: 413, body: { message: 'The request body is too large' } };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A library's own 4xx (a missing upload, a bad range): its message may name server paths, so
    // the answer says only what the status says.
    return { status, body: { message: STATUS_CODES[status] ?? 'Bad request' } };
  }
  const correlationId = String(req.headers['x-correlation-id'] ?? randomUUID());
  // Express strips a router's mount path from url; originalUrl keeps it.
  const path = ((req as { originalUrl?: string }).originalUrl ?? req.url)?.split('?')[0];
  logger.error({ err: error, correlationId, method: req.method, path }, 'unhandled error');
  return { status: 500, body: { message: `Something went wrong (reference ${correlationId})` } };
};

export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const { status, body, headers } = errorAnswer(error, req, logger);
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
