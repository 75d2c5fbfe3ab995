import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import express from 'express';
import pino from 'pino';
import { CATALOGUE_PATHS } from '@appointment/contracts/catalogue';
import { SCHEDULE_PATHS } from '@appointment/contracts/schedule';
import { answerMismatch, checkAnswers, checkedSlotAnswer } from './answer-check';
import { errorHandler } from './error-handler';

/**
 * In tests and development every JSON answer is checked against the schema its operation
 * declares; a handler that answers the wrong shape fails the request that saw it.
 */
describe('the check of answers against their schemas', () => {
  const logged: unknown[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  let server: Server;
  let base: string;
  /** What the route under test answers: its status and body. */
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    const app = express();
    const api = express.Router();
    api.use(checkAnswers(logger));
    // A handler of a real operation of the table (providerCurrency), made to answer anything.
    api.get(CATALOGUE_PATHS.providerCurrency.replace(/^\/api/, ''), (_req, res) => {
      res.status(answer.status).json(answer.body);
    });
    api.get('/fails', () => {
      throw new Error('boom');
    });
    app.use('/api', api);
    app.use(errorHandler(logger));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    logged.length = 0;
  });

  const call = async (path: string = CATALOGUE_PATHS.providerCurrency) => {
    const reply = await fetch(`${base}${path}`);
    return { status: reply.status, body: (await reply.json()) as { message?: string } };
  };

  it('lets an answer that fits its schema through, untouched', async () => {
    answer = { status: 200, body: { currency: 'EUR' } };
    expect(await call()).toEqual({ status: 200, body: { currency: 'EUR' } });
    expect(logged).toEqual([]);
  });

  it('answers 500 instead of a wrong shape, naming the operation and the issue, and logs it', async () => {
    answer = { status: 200, body: { currency: 42 } };
    const reply = await call();
    expect(reply.status).toBe(500);
    expect(reply.body.message).toMatch(/^The answer of providerCurrency \(200\) does not match its schema: /);
    expect(reply.body.message).toMatch(/currency: /);
    expect(logged).toEqual([
      expect.objectContaining({ operation: 'providerCurrency', msg: 'an answer does not match its schema' }),
    ]);
  });

  it('refuses a key the schema does not name, as the document does (additionalProperties: false)', async () => {
    answer = { status: 200, body: { currency: 'EUR', secret: 'x' } };
    const reply = await call();
    expect(reply.status).toBe(500);
    expect(reply.body.message).toMatch(/secret: not in the schema/);
  });

  it('refuses a success status the table does not declare', async () => {
    answer = { status: 201, body: { currency: 'EUR' } };
    const reply = await call();
    expect(reply.status).toBe(500);
    expect(reply.body.message).toMatch(/answered 201, the operations table declares 200/);
  });

  it('checks failures against the error body, whatever the route', async () => {
    answer = { status: 404, body: { error: 'gone' } };
    const reply = await call();
    expect(reply.status).toBe(500);
    expect(reply.body.message).toMatch(/message: /);
    answer = { status: 404, body: { message: 'Not here' } };
    expect(await call()).toEqual({ status: 404, body: { message: 'Not here' } });
    // The error handler's own answers pass through the check too.
    const failed = await call('/api/fails');
    expect(failed.status).toBe(500);
    expect(failed.body.message).toMatch(/^Something went wrong \(reference /);
  });

  it('checks the bytes of a fetchslot answer, gzipped or not, once per cached body', () => {
    const wrong = Buffer.from(JSON.stringify({ timeslots: [] }));
    expect(checkedSlotAnswer(logger, 'POST', SCHEDULE_PATHS.fetchSlot, { body: wrong })?.message).toMatch(
      /^The answer of fetchSlot \(200\) does not match its schema: matchedService: /,
    );
    const right = gzipSync(JSON.stringify({ matchedService: null, timeslots: [], firstTimeslot: null }));
    expect(
      checkedSlotAnswer(logger, 'POST', SCHEDULE_PATHS.fetchSlot, { body: right, encoding: 'gzip' })?.message,
    ).toMatch(/matchedService: /);
  });

  it('says nothing of answers outside the table that succeed', () => {
    expect(answerMismatch('GET', '/api/nothing', 200, { anything: true })).toBeUndefined();
    expect(answerMismatch('GET', '/api/nothing', 404, { anything: true })?.operation).toBe(
      'GET /api/nothing',
    );
  });
});
