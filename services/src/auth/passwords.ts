import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { PasswordWork } from './password-work';

/**
 * How hard a password hash is to compute: `standard`, Argon2id with the library's defaults
 * (64 MiB, t=3, p=4: docs/architecture.md §6); `test`, Argon2id at its lowest cost (1 MiB, one
 * pass), which test runs choose (PASSWORD_HASH_COST, refused in production) because the standard
 * cost is ~0.45 s of CPU per registration and sign-in. A hash records its own cost, so either
 * setting verifies any stored hash.
 */
export type PasswordHashCost = 'standard' | 'test';

const OPTIONS: Record<PasswordHashCost, argon2.HashOptions> = {
  standard: { type: argon2.argon2id },
  test: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

export interface Passwords {
  hash(password: string): Promise<string>;
  /** True when the password matches the hash; false for a wrong password or a malformed hash. */
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * A hash of a random string nobody knows, made once, checked for unknown accounts so that
   * sign-in takes as long whether or not the e-mail has an account.
   */
  unknownUserHash(): Promise<string>;
}

/**
 * Passwords at `cost`, each hash and verification through `work` (a bounded queue, one at a
 * time per CPU by default).
 */
export const passwordsAt = (
  cost: PasswordHashCost = 'standard',
  work: PasswordWork = new PasswordWork(),
): Passwords => {
  let unknown: Promise<string> | undefined;
  return {
    hash: (password) => work.run(() => argon2.hash(password, OPTIONS[cost])),
    verify: (stored, password) =>
      work.run(async () => {
        try {
          return await argon2.verify(stored, password);
        } catch {
          return false;
        }
      }),
    // Made once, outside the queue: a refusal there must not stay its answer for good.
    unknownUserHash: () => (unknown ??= argon2.hash(randomUUID(), OPTIONS[cost])),
  };
};
