import { afterEach, describe, expect, it, vi } from 'vitest';
import { handled } from './handled';

describe('an async event handler', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is called with the arguments of the event and returns nothing', async () => {
    const seen: string[] = [];
    const onClick = handled(async (value: string) => {
      seen.push(value);
    }, 'The click failed');
    expect(onClick('a')).toBeUndefined();
    await Promise.resolve();
    expect(seen).toEqual(['a']);
  });

  it('logs its failure instead of leaving the rejection unhandled', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      handled(async () => {
        throw new Error('the server is away');
      }, 'The click failed')();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(logged).toHaveBeenCalledWith('The click failed', new Error('the server is away'));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
