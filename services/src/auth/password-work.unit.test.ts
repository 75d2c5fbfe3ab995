import argon2 from 'argon2';
import { MESSAGES } from '@appointment/contracts/messages';
import { ServiceUnavailableError } from '../domain/errors';
import { asSuspect, PasswordWork } from './password-work';
import { passwordsAt } from './passwords';

/** Work that runs until released, noting how many run at once and in which order they started. */
const gatedWork = () => {
  let active = 0;
  let most = 0;
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const job = (name: string) => async () => {
    active++;
    most = Math.max(most, active);
    started.push(name);
    await new Promise<void>((resolve) => releases.push(resolve));
    active--;
    return name;
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  /** Releases the oldest running job and lets the queue start the next. */
  const releaseOne = async () => {
    releases.shift()?.();
    await settle();
    await settle();
  };
  return { job, started, releaseOne, settle, most: () => most };
};

/** Password hashing runs at most so many at once, suspects one at a time and behind. */
describe('password work', () => {
  it('runs at most its concurrency at once, the rest in order', async () => {
    const work = new PasswordWork({ concurrency: 2, maxWaiting: 20 });
    const gate = gatedWork();
    const all = Array.from({ length: 8 }, (_, i) => work.run(gate.job(`job ${i}`)));
    await gate.settle();
    expect(gate.started).toEqual(['job 0', 'job 1']);
    expect(work.waiting).toBe(6);
    for (let i = 0; i < 8; i++) await gate.releaseOne();
    await expect(Promise.all(all)).resolves.toHaveLength(8);
    expect(gate.most()).toBe(2);
    expect(gate.started).toEqual(Array.from({ length: 8 }, (_, i) => `job ${i}`));
  });

  it('lets one suspect hash at a time, and a sign-in that came later go ahead of the suspects waiting', async () => {
    const work = new PasswordWork({ concurrency: 2, maxWaiting: 20, maxSuspectsWaiting: 10 });
    const gate = gatedWork();
    const flood = Array.from({ length: 6 }, (_, i) => asSuspect(() => work.run(gate.job(`bogus ${i}`))));
    await gate.settle();
    // One of the two hashing slots is free, yet the suspects wait for the one running.
    expect(gate.started).toEqual(['bogus 0']);
    const real = work.run(gate.job('real'));
    await gate.settle();
    expect(gate.started).toEqual(['bogus 0', 'real']);
    for (let i = 0; i < 7; i++) await gate.releaseOne();
    await expect(real).resolves.toBe('real');
    await expect(Promise.all(flood)).resolves.toHaveLength(6);
    expect(gate.most()).toBe(2);
  });

  it('refuses work beyond what may wait, suspects first, with 503 and a clear message', async () => {
    const work = new PasswordWork({ concurrency: 1, maxWaiting: 2, maxSuspectsWaiting: 1 });
    const gate = gatedWork();
    const running = work.run(gate.job('running'));
    const suspects = [0, 1].map((i) => asSuspect(() => work.run(gate.job(`suspect ${i}`))));
    await gate.settle();
    const third = asSuspect(() => work.run(gate.job('suspect 2')));
    await expect(third).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(third).rejects.toThrow(MESSAGES.signInBusy);
    const waiting = work.run(gate.job('waiting'));
    await expect(work.run(gate.job('one too many'))).rejects.toThrow(MESSAGES.signInBusy);
    for (let i = 0; i < 4; i++) await gate.releaseOne();
    await expect(Promise.all([running, waiting, ...suspects])).resolves.toHaveLength(4);
  });

  it('is what every hash and verification of passwords goes through', async () => {
    let active = 0;
    let most = 0;
    const observe =
      <A extends unknown[], R>(real: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        active++;
        most = Math.max(most, active);
        try {
          return await real(...args);
        } finally {
          active--;
        }
      };
    // Observed, not replaced: the real Argon2id runs, counted on its way in and out.
    const [realHash, realVerify] = [argon2.hash.bind(argon2), argon2.verify.bind(argon2)];
    const hash = jest.spyOn(argon2, 'hash').mockImplementation(observe(realHash) as never);
    const verify = jest.spyOn(argon2, 'verify').mockImplementation(observe(realVerify));
    try {
      const passwords = passwordsAt('test', new PasswordWork({ concurrency: 2, maxWaiting: 100 }));
      const stored = await passwords.hash('correct horse');
      most = 0;
      const answers = await Promise.all([
        ...Array.from({ length: 12 }, () => passwords.verify(stored, 'wrong horse')),
        ...Array.from({ length: 12 }, () => passwords.hash('another horse')),
      ]);
      expect(answers.filter((answer) => answer === false)).toHaveLength(12);
      expect(most).toBe(2);
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
  });
});
