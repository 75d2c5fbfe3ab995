import { gunzipSync } from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import { operationAt } from '@appointment/contracts/api';
import { ErrorBody } from '@appointment/contracts/errors';
import type { Logger } from '../logger';
import type { SlotAnswer } from '../schedule/availability/fetch-slot';

/**
 * In tests and development (CHECK_ANSWERS, refused in production), every JSON answer of the API
 * is checked against the schema the operations table declares for it: the success answer's for
 * its status, the error body for a 4xx or 5xx. The check reads the answer as it goes on the wire
 * and, as the OpenAPI document says (`additionalProperties: false`), a key the schema does not
 * name is a mismatch too. A mismatch is answered 500 with the operation and the schema's issues,
 * and logged, so the test that made the request fails where the answer went wrong.
 */
export interface AnswerMismatch {
  /** The operation's id in the table, or `METHOD path` when the table has none. */
  operation: string;
  status: number;
  problems: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys of the answer that the schema's output dropped: names the schema does not have. */
const unknownKeys = (sent: unknown, kept: unknown, at: string, found: string[]): string[] => {
  if (Array.isArray(sent) && Array.isArray(kept) && sent.length === kept.length) {
    sent.forEach((item, i) => unknownKeys(item, kept[i], `${at}[${i}]`, found));
  } else if (isObject(sent) && isObject(kept)) {
    for (const [key, value] of Object.entries(sent)) {
      const path = at ? `${at}.${key}` : key;
      if (!(key in kept)) found.push(`${path}: not in the schema`);
      else unknownKeys(value, kept[key], path, found);
    }
  }
  return found;
};

/** What is wrong with a JSON answer to `method url` with this status, or undefined when it fits. */
export const answerMismatch = (
  method: string,
  url: string,
  status: number,
  body: unknown,
): AnswerMismatch | undefined => {
  const path = url.split('?')[0]!.toLowerCase();
  const called = operationAt(method, path);
  const operation = called?.id ?? `${method.toUpperCase()} ${path}`;
  let schema;
  if (status >= 400) schema = called?.operation.failures?.[status]?.json ?? ErrorBody;
  else if (!called) return undefined;
  else if (status !== called.operation.success.status) {
    return {
      operation,
      status,
      problems: [`answered ${status}, the operations table declares ${called.operation.success.status}`],
    };
  } else if (!called.operation.success.json) {
    return { operation, status, problems: ['the operations table declares no JSON answer for it'] };
  } else schema = called.operation.success.json;
  // As the client reads it: dates as strings, undefined keys gone.
  const sent: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  const result = schema.safeParse(sent);
  const problems = result.success
    ? unknownKeys(sent, result.data, '', [])
    : result.error.issues.map(
        (issue) => `${issue.path.map(String).join('.') || '(the answer)'}: ${issue.message}`,
      );
  return problems.length > 0 ? { operation, status, problems } : undefined;
};

/** The 500 answered instead of a mismatching one: it names the operation and the issues. */
export const mismatchAnswer = (mismatch: AnswerMismatch): ErrorBody => ({
  message:
    `The answer of ${mismatch.operation} (${mismatch.status}) does not match its schema: ` +
    mismatch.problems.slice(0, 10).join('; '),
});

/** Checks a JSON answer; logs and returns the 500's body when it does not fit. */
export const checkedAnswer = (
  logger: Logger,
  method: string,
  url: string,
  status: number,
  body: unknown,
): ErrorBody | undefined => {
  const mismatch = answerMismatch(method, url, status, body);
  if (!mismatch) return undefined;
  logger.error({ ...mismatch, method, path: url.split('?')[0] }, 'an answer does not match its schema');
  return mismatchAnswer(mismatch);
};

/** Where the check of a fetchslot answer waits for the route that writes its bytes itself. */
const SLOT_CHECK = 'checkSlotAnswer';

/** The check of a fetchslot answer, when answers are checked; its 500's body when it does not fit. */
export const slotAnswerCheckOf = (
  res: Response,
): ((answer: SlotAnswer) => ErrorBody | undefined) | undefined =>
  res.locals[SLOT_CHECK] as ((answer: SlotAnswer) => ErrorBody | undefined) | undefined;

/** Express: every `res.json` of the API router passes the check first (and fetchslot's bytes). */
export const checkAnswers =
  (logger: Logger): RequestHandler =>
  (req, res, next) => {
    res.locals[SLOT_CHECK] = (answer: SlotAnswer) =>
      checkedSlotAnswer(logger, req.method, req.originalUrl, answer);
    const json = res.json.bind(res) as Response['json'];
    res.json = (body: unknown) => {
      const refused = checkedAnswer(logger, req.method, req.originalUrl, res.statusCode, body);
      if (!refused) return json(body);
      res.removeHeader('X-Refused-By');
      res.status(500);
      return json(refused);
    };
    next();
  };

/** The fetchslot answers already checked: the cache hands out the same bytes until they change. */
const checkedSlotAnswers = new WeakSet<Buffer>();

/** A fetchslot answer's bytes (gzipped or not), checked once per cached body. */
export const checkedSlotAnswer = (
  logger: Logger,
  method: string,
  url: string,
  { body, encoding }: SlotAnswer,
): ErrorBody | undefined => {
  if (checkedSlotAnswers.has(body)) return undefined;
  const text = (encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
  const refused = checkedAnswer(logger, method, url, 200, JSON.parse(text));
  if (!refused) checkedSlotAnswers.add(body);
  return refused;
};
