import { describe, expect, it } from 'vitest';
import { apiErrorOf, readStatusOf } from './api';
import { ApiError } from './api-client';

describe('the one load status, from RTK Query', () => {
  it('is loading until the current arguments have an answer, loaded with one (a re-read keeps it), failed after a failure', () => {
    expect(readStatusOf({ currentData: undefined, isError: false })).toBe('loading');
    expect(readStatusOf({ currentData: [], isError: false })).toBe('loaded');
    expect(readStatusOf({ currentData: undefined, isError: true })).toBe('failed');
  });
});

describe("a refused mutation, read as the API client's error", () => {
  it("keeps the server's status, message and field errors", () => {
    const error = apiErrorOf({
      payload: {
        status: 400,
        data: { message: 'Invalid', errors: [{ field: 'name', message: 'Required' }] },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid');
    expect(error.body.errors).toEqual([{ field: 'name', message: 'Required' }]);
  });

  it('names the status when the server gave no message, and the network when nothing answered', () => {
    expect(apiErrorOf({ payload: { status: 502, data: '<html>' } }).message).toBe('Request failed (502)');
    const lost = apiErrorOf({ payload: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } });
    expect([lost.status, lost.message]).toEqual([0, 'Network error occurred']);
  });
});
