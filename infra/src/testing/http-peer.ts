import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the peer received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
}

export interface PeerAnswer {
  status: number;
  body?: unknown;
  /** Wait this long before answering (a slow service). */
  delayMs?: number;
}

/**
 * A real HTTP server on loopback that stands in for an outside service (a messaging API, a chat
 * model, a webhook receiver): it records every request and answers from a script, then with
 * `fallback`. Tests check what was sent and drive failures through it.
 */
export class HttpPeer {
  readonly received: ReceivedRequest[] = [];
  private readonly script: PeerAnswer[] = [];
  private server?: http.Server;
  url = '';

  constructor(
    private fallback: (request: ReceivedRequest) => PeerAnswer = () => ({ status: 200, body: {} }),
  ) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
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
        const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json };
        this.received.push(request);
        const answer = this.script.shift() ?? this.fallback(request);
        setTimeout(() => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next answers, in order, before the fallback takes over again. */
  answerNext(...answers: PeerAnswer[]): void {
    this.script.push(...answers);
  }

  answerWith(fallback: (request: ReceivedRequest) => PeerAnswer): void {
    this.fallback = fallback;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
