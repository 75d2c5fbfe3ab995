import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkUrl, IntegrationClient, IntegrationError, isPublicAddress } from './client';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP peer on loopback that records what it was sent and answers as the test says. */
const startPeer = async (answer: (req: Received, res: http.ServerResponse) => void) => {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const r = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(r);
      answer(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const failureOf = async (promise: Promise<unknown>): Promise<IntegrationError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IntegrationError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('the integration client', () => {
  const local = new IntegrationClient({ allowPrivate: true });
  const guarded = new IntegrationClient();
  afterAll(() => {
    local.close();
    guarded.close();
  });

  it('sends JSON with a bearer token, and reads the answer', async () => {
    const peer = await startPeer((_req, res) => res.writeHead(201).end('{"ok":true}'));
    const response = await local.send({ url: `${peer.url}/in`, json: { a: 1 }, bearer: 'tok' });
    expect(response).toMatchObject({ status: 201, body: '{"ok":true}' });
    expect(response.latencyMs).toBeGreaterThanOrEqual(0);
    expect(peer.received[0]).toMatchObject({
      method: 'POST',
      url: '/in',
      body: '{"a":1}',
      headers: expect.objectContaining({ authorization: 'Bearer tok', 'content-type': 'application/json' }),
    });
    await peer.close();
  });

  it('sends XML as XML', async () => {
    const peer = await startPeer((_req, res) => res.end('<ok/>'));
    await local.send({ url: peer.url, xml: '<a>1</a>' });
    expect(peer.received[0]).toMatchObject({
      body: '<a>1</a>',
      headers: expect.objectContaining({ 'content-type': 'application/xml; charset=utf-8' }),
    });
    await peer.close();
  });

  it('a non-2xx answer is a status error that carries the answer', async () => {
    const peer = await startPeer((_req, res) => res.writeHead(503).end('busy'));
    const error = await failureOf(local.send({ url: peer.url, json: {} }));
    expect(error.kind).toBe('status');
    expect(error.response).toMatchObject({ status: 503, body: 'busy' });
    await peer.close();
  });

  it('an answer that does not come in time is a timeout', async () => {
    const peer = await startPeer(() => undefined);
    const error = await failureOf(local.send({ url: peer.url, json: {}, timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
    await peer.close();
  });

  it('an answer larger than the cap is refused, keeping its first bytes', async () => {
    const peer = await startPeer((_req, res) => res.end('x'.repeat(200_000)));
    const error = await failureOf(local.send({ url: peer.url, json: {}, maxResponseBytes: 64 * 1024 }));
    expect(error.kind).toBe('too_large');
    expect(error.response?.body).toHaveLength(64 * 1024);
    await peer.close();
  });

  it('nobody listening is a connection error', async () => {
    const peer = await startPeer(() => undefined);
    await peer.close();
    const error = await failureOf(local.send({ url: peer.url, json: {} }));
    expect(error.kind).toBe('connection');
  });

  it('refuses other schemes, and loopback, private and metadata hosts unless allowed', async () => {
    const peer = await startPeer((_req, res) => res.end('ok'));
    const port = new URL(peer.url).port;
    for (const url of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      peer.url,
      `http://localhost:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect((await failureOf(guarded.send({ url, json: {} }))).kind).toBe('unsafe_url');
      expect((await failureOf(checkUrl(url))).kind).toBe('unsafe_url');
    }
    // The name is resolved where the socket connects, so a name is checked as well as an address.
    expect(peer.received).toHaveLength(0);
    await expect(checkUrl(peer.url, { allowPrivate: true })).resolves.toBeUndefined();
    await peer.close();
  });

  it('knows public addresses from the others', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '192.168.1.1',
      '172.16.0.1',
      '100.64.0.1',
      '0.0.0.0',
      'fd00:ec2::254',
      'fe80::1',
    ])
      expect(isPublicAddress(address)).toBe(false);
  });
});
