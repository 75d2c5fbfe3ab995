import { MESSAGES } from '@appointment/contracts/messages';
import { pathOf } from '@appointment/contracts/api';
import { startTestPlatform, type Caller, type TestPlatform, errorOf } from '../testing/test-platform';

/**
 * What the API fuzzer (infra/src/fuzz) found, pinned down: each of these answered 500 before.
 */
describe('hostile forms get a 400 with a message, never a 500', () => {
  let test: TestPlatform;
  let user: Caller;
  let superadmin: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'hostile_forms' });
    user = await test.signedIn('user@example.com');
    superadmin = await test.signedIn('superadmin@example.com');
  });
  afterAll(async () => {
    await test.stop();
  });

  const raw = (caller: Caller, path: string, contentType: string, body: string) =>
    fetch(`${test.base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${caller.token}`, 'content-type': contentType },
      body,
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it('a multipart body without its boundary', async () => {
    expect(await raw(user, pathOf('book'), 'multipart/form-data', 'servicename=x')).toEqual({
      status: 400,
      body: { message: MESSAGES.invalidMultipart },
    });
  });

  it('a file part whose name holds a NUL character (a malformed part header)', async () => {
    const boundary = 'fuzz';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="servicename"',
      '',
      'General Consultation',
      `--${boundary}`,
      'Content-Disposition: form-data; name="image"; filename="x.png\u0000.php"',
      'Content-Type: image/png',
      '',
      '',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    expect(await raw(user, pathOf('book'), `multipart/form-data; boundary=${boundary}`, body)).toEqual({
      status: 400,
      body: { message: MESSAGES.invalidMultipart },
    });
  });

  it('Add Provider with no body at all', async () => {
    const reply = await fetch(`${test.base}/api/providers/addprovider`, {
      method: 'POST',
      headers: { authorization: `Bearer ${superadmin.token}` },
    });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual(expect.objectContaining({ message: MESSAGES.providerNameRequired }));
  });

  it('a booking whose index is an object that cannot become a number', async () => {
    const body = JSON.stringify({
      servicename: 'General Consultation',
      providerId: 'p',
      date: '2026-11-25',
      index: { valueOf: 1, toString: 2 },
    });
    expect(await raw(user, pathOf('book'), 'application/json', body)).toEqual({
      status: 400,
      body: expect.objectContaining({ errors: [expect.objectContaining({ field: 'index' })] }),
    });
  });

  it.each([
    ['half a surrogate pair', '{"name":"\\udfff x"}'],
    ['a NUL character', '{"name":"Bad\\u0000Name"}'],
  ])('a service name holding %s', async (_what, body) => {
    const admin = await test.signedIn('admin@example.com');
    expect(await raw(admin, pathOf('addService'), 'application/json', body)).toEqual({
      status: 400,
      body: { message: MESSAGES.unstorableText },
    });
  });

  describe('deeply nested JSON is refused before anything walks it (issue 26)', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

    it('a 10 KB body of nested arrays, signed out', async () => {
      const reply = await fetch(`${test.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: nested(5000),
      });
      expect({ status: reply.status, body: await reply.json() }).toEqual({
        status: 400,
        body: { message: MESSAGES.jsonTooDeep },
      });
    });

    it('a 1 MB body of nested objects and arrays, signed out', async () => {
      const depth = 125_000;
      const reply = await fetch(`${test.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `${'{"a":['.repeat(depth)}${']}'.repeat(depth)}`,
      });
      expect({ status: reply.status, body: await reply.json() }).toEqual({
        status: 400,
        body: { message: MESSAGES.jsonTooDeep },
      });
    });

    it('a body in UTF-16 is read in its charset', async () => {
      const send = (json: string) =>
        fetch(`${test.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-16le' },
          body: Buffer.from(json, 'utf16le'),
        }).then(async (reply) => ({ status: reply.status, body: await reply.json() }));
      expect(await send(nested(40))).toEqual({ status: 400, body: { message: MESSAGES.jsonTooDeep } });
      expect((await send(JSON.stringify({ email: 'x', password: '[[' }))).body).not.toEqual({
        message: MESSAGES.jsonTooDeep,
      });
    });

    it('brackets inside strings do not count, and 32 levels are accepted', async () => {
      const admin = await test.signedIn('admin@example.com');
      const deepInText = JSON.stringify({ name: `${'[{'.repeat(500)}` });
      const answer = await raw(admin, pathOf('addService'), 'application/json', deepInText);
      expect(answer.body).not.toEqual({ message: MESSAGES.jsonTooDeep });
      const atTheLimit = `{"name":${nested(31)}}`;
      const atLimit = await raw(admin, pathOf('addService'), 'application/json', atTheLimit);
      expect(atLimit.status).toBe(400);
      expect(atLimit.body).not.toEqual({ message: MESSAGES.jsonTooDeep });
      const overTheLimit = `{"name":${nested(32)}}`;
      expect(await raw(admin, pathOf('addService'), 'application/json', overTheLimit)).toEqual({
        status: 400,
        body: { message: MESSAGES.jsonTooDeep },
      });
    });

    it('a booking on the fast path', async () => {
      const body = `{"servicename":"General Consultation","providerId":"p","date":"2026-11-25","note":${nested(1000)}}`;
      expect(await raw(user, pathOf('book'), 'application/json', body)).toEqual({
        status: 400,
        body: { message: MESSAGES.jsonTooDeep },
      });
    });

    it('a JSON field of a multipart form', async () => {
      const form = new FormData();
      form.append('businessname', 'Deep Clinic');
      form.append('email', 'deep@example.com');
      form.append('services', nested(100_000));
      const reply = await superadmin.op('addProvider', { body: form });
      expect(reply.status).toBe(400);
      expect(errorOf(reply).errors).toEqual(
        expect.arrayContaining([{ field: 'services', message: MESSAGES.jsonTooDeep }]),
      );
    });
  });

  it('a booking holding half a surrogate pair, on the fast path', async () => {
    const body =
      '{"servicename":"General Consultation","providerId":"p","date":"2026-11-25","note":"\\ud800"}';
    expect(await raw(user, pathOf('book'), 'application/json', body)).toEqual({
      status: 400,
      body: { message: MESSAGES.unstorableText },
    });
  });
});
