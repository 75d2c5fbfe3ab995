import type { IncomingMessage } from 'node:http';

/**
 * Whether a browser sent this request from another site or origin (cross-site request forgery),
 * read from the Fetch Metadata header `Sec-Fetch-Site`, else from `Origin` against the request's
 * own Host. A request with neither header did not come from a browser page (curl, an API client,
 * a server), so there is no ambient cookie to abuse: it is not cross-site. The same rule as Go's
 * net/http CrossOriginProtection.
 */
export const isCrossSite = (req: IncomingMessage): boolean => {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (origin === undefined || origin === '') return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or nonsense
  }
};

/** Methods that change state: the ones a forged request is after. */
export const isUnsafeMethod = (method: string | undefined): boolean =>
  method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
