import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import pLimit from 'p-limit';
import { MESSAGES } from '@appointment/contracts/messages';
import { ServiceUnavailableError } from '../domain/errors';

const suspectLane = new AsyncLocalStorage<true>();

/**
 * Runs `work` with the password hashing it does in the suspects' lane: a sign-in from an
 * address that has failed to sign in recently (services/src/accounts/accounts.handlers.ts).
 */
export const asSuspect = <T>(work: () => Promise<T>): Promise<T> => suspectLane.run(true, work);

export interface PasswordWorkOptions {
  /** Hashes and verifications at once; by default one per CPU (Argon2id keeps a core busy). */
  concurrency?: number;
  /** How many may wait for a free slot before more are refused (503); 8 per slot by default. */
  maxWaiting?: number;
  /** How many suspects may wait, one at a time behind everyone else, before more are refused. */
  maxSuspectsWaiting?: number;
}

const busy = () => new ServiceUnavailableError(MESSAGES.signInBusy);

/**
 * Every password hash and verification (~0.3-0.45 s of CPU each at the standard cost) runs
 * through this bounded queue, so that a flood of bogus sign-ins cannot take every core and
 * make a real sign-in wait for seconds. At most `concurrency` run at once (p-limit); suspects
 * (`asSuspect`) pass one at a time through their own gate first, so they hold at most one
 * place in the queue and every other sign-in overtakes them; past the waiting bounds the
 * answer is 503 "busy" at once instead of a wait without end.
 */
export class PasswordWork {
  private readonly all: pLimit.Limit;
  private readonly suspects = pLimit(1);
  private readonly concurrency: number;
  private readonly maxWaiting: number;
  private readonly maxSuspectsWaiting: number;

  constructor(options: PasswordWorkOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? os.availableParallelism());
    this.maxWaiting = options.maxWaiting ?? this.concurrency * 8;
    this.maxSuspectsWaiting = options.maxSuspectsWaiting ?? this.concurrency * 2;
    this.all = pLimit(this.concurrency);
  }

  /** Hashes or verifications waiting for a slot, suspects included. */
  get waiting(): number {
    return this.all.pendingCount + this.suspects.pendingCount;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (!suspectLane.getStore()) return this.enter(work);
    // Counted as taken or queued: p-limit starts queued work a microtask later.
    if (this.suspects.activeCount + this.suspects.pendingCount >= 1 + this.maxSuspectsWaiting)
      return Promise.reject(busy());
    return this.suspects(() => this.enter(work));
  }

  private enter<T>(work: () => Promise<T>): Promise<T> {
    if (this.all.activeCount + this.all.pendingCount >= this.concurrency + this.maxWaiting)
      return Promise.reject(busy());
    return this.all(work);
  }
}
