import { startTestPlatform, type TestPlatform } from '../testing/test-platform';

/**
 * What the product tells a stranger. Health is up or down; its details (positions, queue sizes,
 * database errors) are the superadmin's. A missing file is "Not Found", never an exception's
 * text with the server's paths.
 */
describe('internal details', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'exposure', jobs: true });
  });
  afterAll(async () => {
    await test.stop();
  });

  it('answers /api/health with up or down to anyone, and its details to a superadmin only', async () => {
    const visitor = await test.caller().op('health');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ status: 'ok' });
    const user = await (await test.signedIn('user@example.com')).op('health');
    expect(user.body).toEqual({ status: 'ok' });

    const superadmin = await (await test.signedIn('superadmin@example.com')).op('health');
    expect(superadmin.body.status).toBe('ok');
    expect(superadmin.body.projections!.length).toBeGreaterThan(0);
    expect(Object.keys(superadmin.body.jobs!).length).toBeGreaterThan(0);
  });

  it('answers a missing upload with Not Found, naming no path', async () => {
    const missing = await test.caller().get<{ message: string }>('/uploads/no-such-picture.png');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not Found' });
    const traversal = await test.caller().get<{ message: string }>('/uploads/..%2f..%2fetc%2fpasswd');
    expect(traversal.status).toBeGreaterThanOrEqual(400);
    expect(traversal.status).toBeLessThan(500);
    expect(JSON.stringify(traversal.body)).not.toMatch(/\/tmp|\/work|ENOENT|stat/);
  });

  it('sends the security headers on every answer: API, fast path, uploads and errors alike', async () => {
    const user = await test.signedIn('user@example.com');
    const answers = [
      await test.caller().op('health'),
      await test.caller().get('/api/no-such-route'),
      await test.caller().get('/uploads/none.png'),
      await user.op('fetchSlot', { body: { providerId: 'none', serviceId: 'none' } }),
      await user.op('book', {
        body: {
          servicename: 'x',
          providerId: 'y',
          date: 'bad',
        },
      }),
    ];
    for (const answer of answers) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      // The preview of a chosen picture is a blob: image; nothing else may be blob:.
      expect(csp).toMatch(/img-src 'self' data: blob:/);
      expect(csp).not.toMatch(/(script|default|connect)-src[^;]*blob:/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=/);
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});
