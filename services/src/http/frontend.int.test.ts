import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body comes back as sent, still compressed (fetch would decode it). */
const rawGet = (base: string, pathname: string, acceptEncoding?: string): Promise<RawReply> =>
  new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${pathname}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
  });

/** The built frontend as the server sends it: compressed copies, and caching by file kind. */
describe('serving the built frontend', () => {
  let test: TestPlatform;
  let dist: string;
  const script = Buffer.from(`console.log(${JSON.stringify('booking '.repeat(400))});\n`);

  beforeAll(async () => {
    // What `vite build` writes: hashed files under assets/, each with brotli and gzip copies.
    dist = mkdtempSync(path.join(os.tmpdir(), 'appointment-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), script);
    writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
    test = await startTestPlatform({ demoData: false, name: 'frontend', frontendDist: dist });
  });
  afterAll(async () => {
    await test.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the security headers, CSP included, with every page of the app and every asset', async () => {
    for (const pathname of ['/', '/login', '/dashboard', '/providers/some-id', '/assets/index-Ab12Cd34.js']) {
      const reply = await rawGet(test.base, pathname);
      expect(reply.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(reply.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:/);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('sends the brotli copy to a browser that accepts it, cached for good', async () => {
    const reply = await rawGet(test.base, '/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(reply.body).equals(script)).toBe(true);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const reply = await rawGet(test.base, '/assets/index-Ab12Cd34.js', 'gzip');
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(reply.body).equals(script)).toBe(true);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const reply = await rawGet(test.base, '/assets/index-Ab12Cd34.js');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.equals(script)).toBe(true);
  });

  it('keeps files without a content hash for an hour, and the page shell not at all', async () => {
    const icon = await rawGet(test.base, '/favicon.svg', 'br');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');

    for (const route of ['/', '/appointments/book']) {
      const shell = await rawGet(test.base, route, 'br');
      // `/` answers the shell too, which sends a visitor on to /login.
      expect(shell.status).toBe(200);
      expect(shell.headers['cache-control']).toBe('no-cache');
      expect(shell.body.toString()).toContain('<div id="root">');
    }
  });

  it('answers a missing asset with 404, never with the page shell', async () => {
    const reply = await rawGet(test.base, '/assets/index-gone.js', 'br');
    expect(reply.status).toBe(404);
  });
});
