import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors';
import { createLogger } from '../logger';
import { apiNotFound, errorHandler } from './error-handler';

const Service = z.object({
  name: z.string().min(1, 'Service name is required'),
  duration: z.number().min(1, 'Duration must be at least 1 minute'),
});

describe('error mapping over HTTP', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(express.json({ limit: '1kb' }));
    app.post('/services', (req, res) => {
      res.json(Service.parse(req.body));
    });
    app.get('/conflict', () => {
      throw new ConflictError('This slot was just booked');
    });
    app.get('/missing', async () => {
      throw new NotFoundError('Provider not found');
    });
    app.get('/invalid', () => {
      throw new ValidationError('Invalid email address', [
        { field: 'email', message: 'Invalid email address' },
      ]);
    });
    app.get('/bug', () => {
      throw new TypeError('cannot read properties of undefined');
    });
    app.use(apiNotFound);
    app.use(errorHandler(createLogger('silent')));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const call = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, init);
    return { status: response.status, body: (await response.json()) as { message: string } };
  };
  const post = (body: string) =>
    call('/services', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answers domain errors with their status and the spec message', async () => {
    expect(await call('/conflict')).toEqual({ status: 409, body: { message: 'This slot was just booked' } });
    expect(await call('/missing')).toEqual({ status: 404, body: { message: 'Provider not found' } });
    expect(await call('/invalid')).toEqual({
      status: 400,
      body: {
        message: 'Invalid email address',
        errors: [{ field: 'email', message: 'Invalid email address' }],
      },
    });
  });

  it('answers a body that fails its schema with 400 and every field message', async () => {
    expect(await post(JSON.stringify({ name: '', duration: 0 }))).toEqual({
      status: 400,
      body: {
        message: 'Service name is required',
        errors: [
          { field: 'name', message: 'Service name is required' },
          { field: 'duration', message: 'Duration must be at least 1 minute' },
        ],
      },
    });
    expect((await post(JSON.stringify({ name: 'Consultation', duration: 30 }))).status).toBe(200);
  });

  it("marks a refusal for the input's shape (X-Refused-By: schema), not one by a business rule", async () => {
    const shape = await fetch(`${base}/services`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '' }),
    });
    expect(shape.headers.get('x-refused-by')).toBe('schema');
    const rule = await fetch(`${base}/invalid`);
    expect(rule.status).toBe(400);
    expect(rule.headers.get('x-refused-by')).toBeNull();
  });

  it('answers malformed and oversized bodies with 4xx, not 500', async () => {
    expect(await post('{"name":')).toEqual({
      status: 400,
      body: { message: 'The request body is not valid JSON' },
    });
    expect(await post(JSON.stringify({ name: 'x'.repeat(5000), duration: 1 }))).toEqual({
      status: 413,
      body: { message: 'The request body is too large' },
    });
  });

  it('hides unexpected errors behind a generic 500 with a reference', async () => {
    const { status, body } = await call('/bug');
    expect(status).toBe(500);
    expect(body.message).toMatch(/^Something went wrong \(reference [\w-]+\)$/);
    expect(JSON.stringify(body)).not.toContain('cannot read properties');
  });

  it('answers unknown routes with a JSON 404', async () => {
    expect(await call('/nope')).toEqual({ status: 404, body: { message: 'No API route for GET /nope' } });
  });
});
