import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { fieldErrorsOf, type ErrorBody } from '@appointment/contracts/errors';
import { DomainError } from '../domain/errors';
import type { Logger } from '../logger';

/** Unknown /api paths answer JSON, not the single-page app. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.path}` } satisfies ErrorBody);
};

/**
 * The one place errors become HTTP: domain errors keep their status and the spec's message,
 * bad input is a 4xx, and anything unknown is a 500 with a generic message and a logged
 * correlation id.
 */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof DomainError) {
      res.status(error.status).json({ message: error.message, errors: error.errors } satisfies ErrorBody);
      return;
    }
    if (error instanceof ZodError) {
      const errors = fieldErrorsOf(error);
      res.status(400).json({ message: errors[0]?.message ?? 'Invalid request', errors } satisfies ErrorBody);
      return;
    }
    const status = (error as { status?: unknown; type?: unknown }).status;
    const type = (error as { type?: unknown }).type;
    if (type === 'entity.parse.failed') {
      res.status(400).json({ message: 'The request body is not valid JSON' } satisfies ErrorBody);
      return;
    }
    // PostgreSQL refuses text with NUL characters or broken encoding (22P05, 22021): bad input.
    const code = (error as { code?: unknown }).code;
    if (code === '22P05' || code === '22021') {
      res
        .status(400)
        .json({ message: 'The request contains characters that cannot be stored' } satisfies ErrorBody);
      return;
    }
    if (type === 'entity.too.large') {
      res.status(413).json({ message: 'The request body is too large' } satisfies ErrorBody);
      return;
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: (error as Error).message || 'Bad request' } satisfies ErrorBody);
      return;
    }
    const correlationId = String(req.headers['x-correlation-id'] ?? randomUUID());
    logger.error({ err: error, correlationId, method: req.method, path: req.path }, 'unhandled error');
    res
      .status(500)
      .json({ message: `Something went wrong (reference ${correlationId})` } satisfies ErrorBody);
  };
