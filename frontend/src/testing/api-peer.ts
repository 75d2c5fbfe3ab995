import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the peer received. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Answer {
  status?: number;
  body?: unknown;
}

type Route = (request: Received) => Answer;

/**
 * A real HTTP peer on loopback standing in for the API in unit tests: the page's origin
 * (jsdom's URL) points at it, so RTK Query and the API client send real requests, which the test
 * reads back. Routes answer by path; an unknown path answers 404.
 */
export interface ApiPeer {
  received: Received[];
  /** Requests made to one path. */
  to: (path: string) => Received[];
  answer: (path: string, route: Route | Answer) => void;
  close: () => Promise<void>;
}

declare const jsdom: { reconfigure: (options: { url: string }) => void };

export const startApiPeer = async (): Promise<ApiPeer> => {
  const received: Received[] = [];
  const routes = new Map<string, Route>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const seen: Received = {
        method: request.method ?? 'GET',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      };
      received.push(seen);
      const route = routes.get(path);
      const { status = 200, body = {} } = route
        ? route(seen)
        : { status: 404, body: { message: 'Not found' } };
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  jsdom.reconfigure({ url: `http://127.0.0.1:${port}/` });
  return {
    received,
    to: (path) => received.filter((request) => request.path === path),
    answer: (path, route) => routes.set(path, typeof route === 'function' ? route : () => route),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
