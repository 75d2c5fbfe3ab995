import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { SCHEDULE_PATHS, FetchSlotRequest } from '@appointment/contracts/schedule';
import type { SessionStore } from '../auth/sessions';
import type { ScheduleService } from '../schedule/schedule.service';
import { bearerOf, cookieTokenOf } from './authenticate';
import { writeSlotAnswer } from './schedule.router';

/**
 * The availability read of the booking screen (POST /api/schedulemanage/fetchslot) is the
 * platform's busiest call, and Express's per-request work costs more than the answer, which
 * is cached bytes. Here it is answered before Express, but only on its happy path: a signed-in
 * caller, a valid body, an answer. Anything else (no session, bad input, an unknown service, an
 * error) goes on to the Express app with the body already read, where the usual middleware,
 * checks and error mapping apply. The security headers are helmet's own, captured once.
 */
export interface FastPathDependencies {
  sessions: SessionStore;
  schedule: ScheduleService;
  /** helmet's middleware, whose headers every answer carries. */
  securityHeaders: RequestHandler;
}

const MAX_BODY_BYTES = 4096;

/** The headers a middleware sets on a response that goes nowhere, read once. */
const capturedHeaders = (middleware: RequestHandler): OutgoingHttpHeaders => {
  const headers: OutgoingHttpHeaders = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, () => undefined);
  return headers;
};

const acceptsGzip = (req: IncomingMessage): boolean => {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  // gzip listed without q=0.
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    return coding?.trim() === 'gzip' && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
};

export const withFastPath = (app: RequestListener, deps: FastPathDependencies): RequestListener => {
  const security = capturedHeaders(deps.securityHeaders);
  const path = SCHEDULE_PATHS.fetchSlot;

  const answer = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse, raw: Buffer) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      parsed = raw.toString('utf8');
    }
    req.body = parsed;
    const token = bearerOf(req.headers.authorization) ?? cookieTokenOf(req.headers.cookie);
    const request = FetchSlotRequest.safeParse(parsed);
    if (!token || !request.success) return false;
    const actor = await deps.sessions.resolveActor(token);
    if (!actor) return false;
    const gzip = acceptsGzip(req);
    writeSlotAnswer(res, await deps.schedule.fetchSlot(request.data, gzip), security);
    return true;
  };

  return (req, res) => {
    const length = Number(req.headers['content-length']);
    if (
      req.method !== 'POST' ||
      req.url !== path ||
      !req.headers['content-type']?.startsWith('application/json') ||
      !(length > 0 && length <= MAX_BODY_BYTES)
    ) {
      app(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      answer(req, res, Buffer.concat(chunks))
        .then((answered) => {
          if (!answered) app(req, res);
        })
        // Any failure is answered by the app, which maps errors in one place.
        .catch(() => app(req, res));
    });
    req.on('error', () => app(req, res));
  };
};
