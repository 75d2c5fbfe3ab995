import { randomUUID } from 'node:crypto';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform';

const person = (email: string) => ({
  name: 'Nadia Quill',
  email,
  phone: '5551234567',
  password: 'correct horse',
  confirmPassword: 'correct horse',
});

/** The e-mail uniqueness stream is named by a keyed hash, never the address in clear. */
describe('e-mail claim streams', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'emailstream' });
  });
  afterAll(async () => {
    await test.stop();
  });

  const streamsNaming = async (text: string) =>
    (
      await test.platform.pool.query<{ stream_name: string }>(
        `SELECT stream_name FROM es.streams WHERE stream_name ILIKE '%' || $1 || '%'`,
        [text],
      )
    ).rows;

  it('claims a new address under a hashed stream name, and still refuses it twice', async () => {
    const anonymous = test.caller();
    expect((await anonymous.op('registerUser', { body: person('nadia.quill@example.org') })).status).toBe(
      201,
    );
    expect(await streamsNaming('nadia.quill')).toEqual([]);
    expect(await streamsNaming('example.com')).toEqual([]);
    const again = await anonymous.op('registerUser', { body: person('Nadia.Quill@example.org') });
    expect(again).toMatchObject({ status: 409, body: { message: 'User already exists' } });
    expect((await test.signedIn('user@example.com')).token).toBeDefined();
  });

  it('keeps honouring a claim recorded under the clear name before streams were hashed', async () => {
    await test.platform.store.append('email-legacy.owner@example.org', [
      { type: 'EmailClaimed', data: { userId: randomUUID(), at: new Date().toISOString() } },
    ]);
    const taken = await test.caller().op('registerUser', { body: person('legacy.owner@example.org') });
    expect(taken).toMatchObject({ status: 409, body: { message: 'User already exists' } });
  });
});
