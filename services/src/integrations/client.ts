import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one integration client (docs/product.md §7.8, docs/architecture.md §8): every outbound call
 * the product makes to another system goes through `IntegrationClient.send`. It gives a JSON or
 * XML body, bearer auth when configured, a timeout (30 s unless the caller says less), an answer
 * read up to a size cap, and errors a caller can act on (`IntegrationError.kind`).
 *
 * The guard against request forgery: only http and https, and a host that resolves to anything
 * but a global unicast address (loopback, private, link-local, unique-local, shared, unspecified,
 * NAT64, tunnels, documentation …; cloud metadata services sit at link-local addresses) is
 * refused, unless `allowPrivate`. The address is checked where the connection is made (the
 * socket's own DNS lookup), so a name that resolves somewhere else between a check and the call
 * is refused too.
 */

export type IntegrationErrorKind =
  | 'timeout'
  | 'connection'
  | 'status'
  | 'too_large'
  | 'unsafe_url'
  /** A form's URL whose host has no address (`checkUrl`). */
  | 'unresolvable';

export class IntegrationError extends Error {
  constructor(
    readonly kind: IntegrationErrorKind,
    message: string,
    /** What was received before the failure, for `status` and `too_large`. */
    readonly response?: IntegrationResponse,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}

export interface IntegrationResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer's body as text, at most `maxResponseBytes` of it. */
  body: string;
  /** From the start of the call to the end of the answer. */
  latencyMs: number;
}

export interface IntegrationRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body (an object, serialised here) or a body already serialised, sent as it is. */
  json?: unknown;
  xml?: string;
  /** Sent as it is, with `contentType`; the webhook signer needs the exact bytes it signed. */
  raw?: { body: string; contentType: string };
  headers?: Record<string, string>;
  /** `Authorization: Bearer <token>`. */
  bearer?: string;
  /** Default 30 s. */
  timeoutMs?: number;
  /** The answer is read up to this many bytes; past it the call fails as `too_large`. Default 1 MB. */
  maxResponseBytes?: number;
  /** A non-2xx answer is an `IntegrationError` of kind `status` unless this is false. */
  throwOnStatus?: boolean;
}

export interface IntegrationClientOptions {
  /** Lets private and loopback addresses through (tests, local development). */
  allowPrivate?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

/** 2000::/3, the only IPv6 space IANA hands out as global unicast (RFC 4291 §2.4). */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Is this literal address one an outbound call may reach? Only global unicast: an IPv4-mapped
 * address is judged as the IPv4 address it carries; any other IPv6 address must lie in 2000::/3
 * (which leaves out the IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 64:ff9b:1::/48,
 * site-local fec0::/10, unique-local, link-local, multicast and whatever is unassigned) and
 * outside ipaddr.js's special-purpose ranges inside it (6to4 2002::/16 and Teredo 2001::/32,
 * which tunnel to an embedded IPv4 address, documentation, benchmarking, ORCHID …).
 */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (!v6.match(GLOBAL_UNICAST_V6)) return false;
  }
  // ipaddr.js names every special-purpose range (loopback, private, linkLocal, uniqueLocal,
  // carrierGradeNat, reserved …); only the rest, 'unicast', is the public internet.
  return parsed.range() === 'unicast';
};

/** How long a save waits for a host name to resolve. */
const DNS_TIMEOUT_MS = 5000;

const withDeadline = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

/** Why a URL may not be called, or undefined when its form is fine (its addresses are checked on call). */
export const urlProblem = (url: string): string | undefined => {
  if (!URL.canParse(url)) return 'not a URL';
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http and https URLs';
  if (parsed.username || parsed.password) return 'credentials in the URL';
  return undefined;
};

/**
 * Resolves a URL's host and refuses it when any of its addresses is not public (unless
 * `allowPrivate`): the check at save time. The call checks again where it connects.
 */
export const checkUrl = async (url: string, options: IntegrationClientOptions = {}): Promise<void> => {
  const problem = urlProblem(url);
  if (problem) throw new IntegrationError('unsafe_url', `Refused ${url}: ${problem}`);
  if (options.allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host)
      ? [host]
      : (await withDeadline(dns.promises.lookup(host, { all: true }), DNS_TIMEOUT_MS)).map(
          (entry) => entry.address,
        );
  } catch (error) {
    throw new IntegrationError('unresolvable', `${host} does not resolve: ${(error as Error).message}`);
  }
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused)
    throw new IntegrationError('unsafe_url', `Refused ${url}: ${host} is at ${refused}, not public`);
};

/** The socket's DNS lookup, refusing addresses that are not public. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      const unsafe = new IntegrationError(
        'unsafe_url',
        `Refused ${hostname}: it is at ${refused.address}, not public`,
      );
      return callback(unsafe as NodeJS.ErrnoException, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};

export class IntegrationClient {
  private readonly allowPrivate: boolean;
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(options: IntegrationClientOptions = {}) {
    this.allowPrivate = options.allowPrivate ?? false;
    const lookup = this.allowPrivate ? undefined : guardedLookup;
    // Kept-alive sockets: a receiver hears many deliveries in a row.
    this.agents = {
      http: new http.Agent({ keepAlive: true, maxSockets: 256, ...(lookup ? { lookup } : {}) }),
      https: new https.Agent({ keepAlive: true, maxSockets: 256, ...(lookup ? { lookup } : {}) }),
    };
  }

  /** `checkUrl` with this client's setting: the check a form runs before a URL is saved. */
  checkUrl(url: string): Promise<void> {
    return checkUrl(url, { allowPrivate: this.allowPrivate });
  }

  async send(request: IntegrationRequest): Promise<IntegrationResponse> {
    const problem = urlProblem(request.url);
    if (problem) throw new IntegrationError('unsafe_url', `Refused ${request.url}: ${problem}`);
    const url = new URL(request.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address never goes through the lookup: check it here.
    if (!this.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
      throw new IntegrationError('unsafe_url', `Refused ${request.url}: ${host} is not public`);
    }
    const body =
      request.raw?.body ??
      (request.xml !== undefined
        ? request.xml
        : request.json === undefined
          ? undefined
          : JSON.stringify(request.json));
    const contentType =
      request.raw?.contentType ??
      (request.xml !== undefined
        ? 'application/xml; charset=utf-8'
        : request.json === undefined
          ? undefined
          : 'application/json');
    const headers: Record<string, string> = {
      'user-agent': 'Appointment-Integrations/1',
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      ...(request.bearer ? { authorization: `Bearer ${request.bearer}` } : {}),
      ...request.headers,
    };
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const cap = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const started = performance.now();
    const transport = url.protocol === 'https:' ? https : http;

    const response = await new Promise<IntegrationResponse>((resolve, reject) => {
      let settled = false;
      const fail = (error: IntegrationError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outgoing.destroy();
        reject(error);
      };
      const outgoing = transport.request(
        url,
        {
          method: request.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          agent: url.protocol === 'https:' ? this.agents.https : this.agents.http,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const received = (): IntegrationResponse => ({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            latencyMs: performance.now() - started,
          });
          incoming.on('data', (chunk: Buffer) => {
            if (settled) return;
            const room = cap - size;
            if (chunk.length > room) {
              chunks.push(chunk.subarray(0, room));
              size = cap;
              fail(
                new IntegrationError(
                  'too_large',
                  `The answer of ${url.host} is larger than ${cap} bytes`,
                  received(),
                ),
              );
              return;
            }
            chunks.push(chunk);
            size += chunk.length;
          });
          incoming.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve(received());
          });
          incoming.on('error', (error) =>
            fail(new IntegrationError('connection', `The answer of ${url.host} broke off: ${error.message}`)),
          );
        },
      );
      const timer = setTimeout(
        () => fail(new IntegrationError('timeout', `${url.host} did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      outgoing.on('error', (error) =>
        fail(
          error instanceof IntegrationError
            ? error
            : new IntegrationError('connection', `Could not reach ${url.host}: ${error.message}`),
        ),
      );
      outgoing.end(body);
    });
    if (request.throwOnStatus !== false && (response.status < 200 || response.status > 299)) {
      throw new IntegrationError('status', `${url.host} answered ${response.status}`, response);
    }
    return response;
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
