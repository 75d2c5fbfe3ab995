import { STORAGE_KEYS } from '@appointment/contracts/constants';
import type { ErrorBody } from '@appointment/contracts/errors';

/**
 * The one way the client calls the API (SPEC §6, §7): credentials (the session cookie) are
 * always sent, and the bearer token from `app_token` too when present.
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

const headers = (json: boolean): HeadersInit => {
  const token = window.localStorage.getItem(STORAGE_KEYS.token);
  return {
    Accept: 'application/json',
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
};

const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: headers(body !== undefined && !isForm),
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
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};
