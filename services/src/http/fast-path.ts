import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { APPOINTMENT_PATHS, BookingForm } from '@appointment/contracts/appointments';
import { PAYMENT_PATHS } from '@appointment/contracts/payments';
import { jsonNestedDeeperThan } from '@appointment/contracts/json-depth';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { SCHEDULE_PATHS, FetchSlotRequest } from '@appointment/contracts/schedule';
import type { AppointmentsContext } from '../appointments/appointments-context';
import { ValidationError } from '../domain/errors';
import { bookAppointment } from '../appointments/book/book-appointment';
import type { SessionStore } from '../auth/sessions';
import type { Logger } from '../logger';
import type { ScheduleContext } from '../schedule/schedule-context';
import { actingAs } from '../audit/actor-context';
import { actingContextOf, authFor, type RequestAuth } from './authenticate';
import { errorAnswer } from './error-handler';
import { idempotencyKeyOf } from '../idempotency/idempotency-keys';
import { hasUnstorableText } from './storable-text';
import { writeJson, writeSlotAnswer } from './answers';
import { checkedAnswer, checkedSlotAnswer } from './answer-check';
import { fetchSlot } from '../schedule/availability/fetch-slot';
import { Steps, timedAs } from '../server-timing';
import { withFields } from '@appointment/contracts/objects';

/**
 * The booking screen's two busiest calls, the availability read (POST
 * /api/schedulemanage/fetchslot) and the booking itself (POST /api/appointments/bookappointment
 * with a JSON body), are answered before Express: its per-request work (router walk, helmet,
 * body parser, response helpers) costs as much as the answer. Only their happy path is taken
 * here: a JSON body, a session whose role may make the call, a valid body. Anything else (no
 * session, a body the call does not take, multipart with an image) goes on to the Express app
 * with the body already read, where the usual middleware, checks and messages apply; a body that
 * is not JSON at all, or nested deeper than JSON_MAX_DEPTH, is refused here, as Express's parser
 * would. Once a call has started its
 * work, its failure is answered here, by the same errorAnswer as the app's error handler. The
 * security headers are helmet's own, captured once.
 */
export interface FastPathDependencies {
  sessions: SessionStore;
  schedule: ScheduleContext;
  appointments: AppointmentsContext;
  logger: Logger;
  /** helmet's middleware, whose headers every answer carries. */
  securityHeaders: RequestHandler;
  /** CHECK_ANSWERS: each answer is checked against its schema, as the app's are (answer-check.ts). */
  checkAnswers?: boolean;
  /** SERVER_TIMING: each answer says where its time went (server-timing.ts). */
  serverTiming?: boolean;
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

interface FastCall {
  req: IncomingMessage;
  res: ServerResponse;
  body: unknown;
  auth: RequestAuth;
  /** The request's steps, when answers are timed. */
  steps?: Steps;
}

/** Answers the call and says true, or says false, untouched, for the app to answer. */
type FastRoute = (call: FastCall) => Promise<boolean>;

export const withFastPath = (app: RequestListener, deps: FastPathDependencies): RequestListener => {
  // Every answer here is an API answer: never stored, as the app's are.
  const security = { ...capturedHeaders(deps.securityHeaders), 'Cache-Control': 'no-store' };

  /** A JSON answer, checked first when answers are checked: a mismatch answers 500 instead. */
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: OutgoingHttpHeaders,
  ) => {
    const refused = deps.checkAnswers
      ? checkedAnswer(deps.logger, req.method!, req.url!, status, body)
      : undefined;
    if (refused) writeJson(res, 500, refused, security);
    else writeJson(res, status, body, headers);
  };

  const fetchSlotRoute: FastRoute = async ({ req, res, body, auth }) => {
    const request = FetchSlotRequest.safeParse(body);
    if (!request.success) return false;
    // The request's serviceId carries the service's name.
    const { providerId, serviceId } = request.data;
    const answer = await fetchSlot(
      deps.schedule,
      { providerId, serviceName: serviceId },
      acceptsGzip(req),
      auth.userId,
    );
    const refused = deps.checkAnswers
      ? checkedSlotAnswer(deps.logger, req.method!, req.url!, answer)
      : undefined;
    if (refused) writeJson(res, 500, refused, security);
    else writeSlotAnswer(res, answer, security);
    return true;
  };

  const book: FastRoute = async ({ req, res, body, auth, steps }) => {
    if (!can(auth.role, 'appointments.book')) return false;
    const form = BookingForm.safeParse(body);
    if (!form.success) return false;
    steps?.mark('form');
    const timing = () => (steps ? { 'Server-Timing': steps.header() } : {});
    try {
      const answer = await bookAppointment(
        deps.appointments,
        auth,
        form.data,
        idempotencyKeyOf(req, form.data),
      );
      send(req, res, answer.status, answer.body, withFields(security, timing()));
    } catch (error) {
      const { status, body: answer, headers } = errorAnswer(error, req, deps.logger);
      send(req, res, status, answer, { ...security, ...headers, ...timing() });
    }
    return true;
  };

  const routes = new Map<string, FastRoute>([
    [SCHEDULE_PATHS.fetchSlot, fetchSlotRoute],
    // docs/product.md §7.3: the card-payment booking call, named for the provider, books the same way.
    [APPOINTMENT_PATHS.book, book],
    [PAYMENT_PATHS.cardBooking, book],
  ]);

  const answer = async (
    route: FastRoute,
    req: IncomingMessage & { body?: unknown },
    res: ServerResponse,
    raw: Buffer,
    steps: Steps | undefined,
  ) => {
    if (jsonNestedDeeperThan(raw)) {
      const { status, body: refusal } = errorAnswer(
        new ValidationError(MESSAGES.jsonTooDeep),
        req,
        deps.logger,
      );
      send(req, res, status, refusal, security);
      return true;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      // As Express's JSON parser answers it, before anything else.
      const { status, body: refusal } = errorAnswer({ type: 'entity.parse.failed' }, req, deps.logger);
      send(req, res, status, refusal, security);
      return true;
    }
    req.body = body;
    // Text the database cannot keep: Express refuses it with its message.
    if (hasUnstorableText(body)) return false;
    steps?.mark('body');
    const auth = await authFor(deps.sessions, req);
    if (!auth) return false;
    steps?.mark('session');
    const call = () => actingAs(actingContextOf(req, auth), () => route({ req, res, body, auth, steps }));
    return steps ? timedAs(steps, call) : call();
  };

  return (req, res) => {
    const length = Number(req.headers['content-length']);
    const route = req.method === 'POST' ? routes.get(req.url!) : undefined;
    if (
      !route ||
      !req.headers['content-type']?.startsWith('application/json') ||
      !(length > 0 && length <= MAX_BODY_BYTES)
    ) {
      app(req, res);
      return;
    }
    const steps = deps.serverTiming ? new Steps() : undefined;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      answer(route, req, res, Buffer.concat(chunks), steps)
        .then((answered) => {
          if (!answered) app(req, res);
        })
        // A failure before a call's work began (the session lookup) is answered by the app,
        // which maps errors in one place.
        .catch(() => app(req, res));
    });
    req.on('error', () => app(req, res));
  };
};
