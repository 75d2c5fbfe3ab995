import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a webhook receiver heard. */
export interface HeardDelivery {
  webhookId: string;
  timestamp: string;
  signature: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Epoch ms when the request's body had arrived. */
  at: number;
  /** The status it answered. */
  answered: number;
}

export interface WebhookReceiver {
  /** Where to point a webhook: http://127.0.0.1:<port>/hooks. */
  url: string;
  heard: HeardDelivery[];
  /** The statuses the next requests get, in order; 200 once they are used up. */
  answerNext(...statuses: number[]): void;
  /** Every request answers this status until told otherwise (undefined: back to 200). */
  answerAlways(status: number | undefined): void;
  /** Resolves once `predicate` holds for what was heard, or rejects after `timeoutMs`. */
  until(predicate: (heard: HeardDelivery[]) => boolean, timeoutMs?: number): Promise<HeardDelivery[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP peer on loopback standing for a provider's system: it records each
 * delivery with its Standard Webhooks headers and answers what the test scripted. Tests,
 * scenarios, the browser journey and the bench share it.
 */
export const startWebhookReceiver = async (
  options: {
    onHeard?: (heard: HeardDelivery) => void;
    /** Leaves a request unanswered when this says so (a sender killed while it waits). */
    hold?: (heard: HeardDelivery) => boolean;
  } = {},
): Promise<WebhookReceiver> => {
  const heard: HeardDelivery[] = [];
  const scripted: number[] = [];
  let always: number | undefined;
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answered = scripted.shift() ?? always ?? 200;
      const delivery: HeardDelivery = {
        webhookId: String(req.headers['webhook-id'] ?? ''),
        timestamp: String(req.headers['webhook-timestamp'] ?? ''),
        signature: String(req.headers['webhook-signature'] ?? ''),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        answered,
      };
      heard.push(delivery);
      options.onHeard?.(delivery);
      const held = options.hold?.(delivery) ?? false;
      if (!held)
        res
          .writeHead(answered, { 'content-type': 'application/json' })
          .end(JSON.stringify({ received: answered < 300 }));
      for (const wake of waiters) wake();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    heard,
    answerNext: (...statuses) => scripted.push(...statuses),
    answerAlways: (status) => {
      always = status;
    },
    until: (predicate, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(heard)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(heard);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `the receiver did not hear what was expected within ${timeoutMs} ms (heard ${heard.length})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
