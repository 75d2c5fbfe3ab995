import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/**
 * Where a request's time goes, step by step, as the W3C `Server-Timing` header says it
 * (`party;dur=0.41, slot;dur=0.22, append;dur=2.9`): each step's duration is the time since the
 * step before it (or since the request began), in milliseconds. On only with SERVER_TIMING=true
 * (the benches' per-step figures, docs/performance.md); off, `mark` is one lookup that finds
 * nothing. The steps name the booking's path: the fast path and `book` mark them.
 */
export class Steps {
  private last: number;
  private readonly steps: string[] = [];

  constructor(readonly began = performance.now()) {
    this.last = began;
  }

  mark(name: string): void {
    const now = performance.now();
    this.steps.push(`${name};dur=${(now - this.last).toFixed(2)}`);
    this.last = now;
  }

  /** The header's value, the total last (`total`, from the request's first byte read). */
  header(): string {
    return [...this.steps, `total;dur=${(performance.now() - this.began).toFixed(2)}`].join(', ');
  }
}

const storage = new AsyncLocalStorage<Steps>();

/** Runs `fn` with `steps` collecting the marks of everything it awaits. */
export const timedAs = <T>(steps: Steps, fn: () => T): T => storage.run(steps, fn);

/** Marks the end of a step of the request being served, when it is timed. */
export const mark = (name: string): void => storage.getStore()?.mark(name);
