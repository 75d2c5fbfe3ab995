import { passwordsAt } from './passwords';

describe('password hashing', () => {
  it('stores Argon2id at the production cost (64 MiB, t=3, p=4) by default', async () => {
    const passwords = passwordsAt();
    const hash = await passwords.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    await expect(passwords.verify(hash, 'correct horse')).resolves.toBe(true);
    await expect(passwords.verify(hash, 'wrong horse')).resolves.toBe(false);
  });

  it('at the test cost, still Argon2id, and either cost verifies the other’s hashes', async () => {
    const test = passwordsAt('test');
    const standard = passwordsAt('standard');
    const cheap = await test.hash('correct horse');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    await expect(standard.verify(cheap, 'correct horse')).resolves.toBe(true);
    await expect(test.verify(await standard.hash('correct horse'), 'correct horse')).resolves.toBe(true);
    await expect(test.verify(cheap, 'wrong horse')).resolves.toBe(false);
  });

  it('refuses a malformed hash instead of throwing, and makes the unknown account’s hash once', async () => {
    const passwords = passwordsAt('test');
    await expect(passwords.verify('not a hash', 'anything')).resolves.toBe(false);
    const unknown = await passwords.unknownUserHash();
    expect(await passwords.unknownUserHash()).toBe(unknown);
    await expect(passwords.verify(unknown, '')).resolves.toBe(false);
  });
});
