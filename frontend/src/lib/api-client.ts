import type { ErrorBody } from '@appointment/contracts/errors';

/**
 * The one way the client calls the API (docs/product.md §6, §7): credentials (the httpOnly session cookie)
 * are always sent. No bearer token: the web app never holds one, so no script can read it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

const headers = (json: boolean): HeadersInit => ({
  Accept: 'application/json',
  ...(json ? { 'Content-Type': 'application/json' } : {}),
});

export interface RequestOptions {
  /** Extra headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
}

const request = async <T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> => {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    // Spelled out against the page's origin, so the same call runs where fetch wants a whole URL (unit tests).
    response = await fetch(new URL(path, globalThis.location.href).href, {
      method,
      credentials: 'include',
      headers: { ...headers(body !== undefined && !isForm), ...options.headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { message: 'Network error occurred' });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const message =
      parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
        ? (parsed as ErrorBody)
        : { message: `Request failed (${response.status})` };
    throw new ApiError(response.status, message);
  }
  return parsed as T;
};

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/**
 * An Idempotency-Key for a command drawn from its content: the same form sent twice (a double
 * click, a retry after a lost answer) is carried out once. FNV-1a over the JSON text; it only
 * has to tell different commands apart, not resist an attacker.
 */
export const contentKey = (prefix: string, value: unknown): string => {
  const text = JSON.stringify(value);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ code, 0x811c9dc5) >>> 0;
  }
  return `${prefix}-${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}-${text.length}`;
};
