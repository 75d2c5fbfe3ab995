import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the peer heard it. */
export interface HeardRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
}

/** Where the launcher of playwright.config.ts sends WhatsApp messages (WHATSAPP_API_URL). */
export const WHATSAPP_PEER_PORT = Number(process.env.E2E_PORT ?? 3199) + 1;

/**
 * An outside service the product calls (a provider's system behind a webhook, a chat channel):
 * a real HTTP server on this machine that records what it hears and answers 200 with JSON.
 * (infra/src/testing/http-peer.ts is the jest tests' scriptable one; the browser specs run as ES
 * modules and need only this.)
 */
export const startLocalPeer = async (port = 0) => {
  const heard: HeardRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      heard.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heard,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
