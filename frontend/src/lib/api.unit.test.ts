import { describe, expect, it } from 'vitest';
import { readStatusOf } from './api';

describe('the one load status, from RTK Query', () => {
  it('is loading until the current arguments have an answer, loaded with one (a re-read keeps it), failed after a failure', () => {
    expect(readStatusOf({ currentData: undefined, isError: false })).toBe('loading');
    expect(readStatusOf({ currentData: [], isError: false })).toBe('loaded');
    expect(readStatusOf({ currentData: undefined, isError: true })).toBe('failed');
  });
});
