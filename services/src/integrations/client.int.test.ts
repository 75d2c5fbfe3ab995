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

  // The spellings the outside probe tried and the ranges it found open, with others of the
  // same kind: every one is refused by the check at save time and by the call itself.
  const HOLDING = [
    'http://127.0.0.1/',
    'http://127.1/',
    'http://127.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://127.0.0.1.:80/',
    'http://0/',
    'http://0.0.0.0/',
    'http://localhost/',
    'http://LocalHost/',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:10.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://0251.0376.0251.0376/',
    'http://169.254.170.2/',
    'http://10.0.0.1/',
    'http://10.1/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.0.1/',
    'http://192.168.1/',
    'http://100.64.0.1/',
    'http://100.100.100.200/',
    'http://192.0.0.192/',
    'http://192.0.2.1/',
    'http://198.18.0.1/',
    'http://224.0.0.1/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fc00::1]/',
    'http://[ff02::1]/',
  ];
  const FOUND_OPEN = [
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::10.0.0.1]/',
    'http://[::169.254.169.254]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://[64:ff9b:1::7f00:1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[fec0::1]/',
    'http://[feff::1]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://[2001:db8::1]/',
    'http://[3fff::1]/',
    'http://[100::1]/',
    'http://[5f00::1]/',
    'http://[4000::1]/',
    'http://[1::1]/',
  ];

  it.each([...HOLDING, ...FOUND_OPEN])('refuses %s (issue 26: only global unicast)', async (url) => {
    expect((await failureOf(checkUrl(url))).kind).toBe('unsafe_url');
    expect((await failureOf(guarded.send({ url, json: {}, timeoutMs: 2000 }))).kind).toBe('unsafe_url');
  });

  it('knows public addresses from the others', () => {
    for (const address of ['8.8.8.8', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address)).toBe(true);
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
