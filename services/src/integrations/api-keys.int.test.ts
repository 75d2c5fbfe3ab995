import type { ApiKeyScope } from '@appointment/contracts/api-keys';
import type { Appointment } from '@appointment/contracts/appointments';
import { ApiKeyAuth } from './api-key-auth';
import { bookAtSunrise, Caller, startTestPlatform, type TestPlatform } from '../testing/test-platform';

/** A caller whose bearer is an API key, as a provider's own systems call the API. */
const withKey = (test: TestPlatform, key: string): Caller => {
  const caller = test.caller();
  caller.token = key;
  return caller;
};

const listOf = async (caller: Caller): Promise<Appointment[]> =>
  (await caller.op('list', { body: { filters: {} } })).body.appointments;

describe('API keys over HTTP (issue 10)', () => {
  let test: TestPlatform;
  let admin: Caller;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'apikeys' });
    admin = await test.signedIn('admin@example.com');
  });
  afterAll(async () => {
    await test.stop();
  });

  const create = async (name: string, scopes: ApiKeyScope[]) => {
    const reply = await admin.op('createApiKey', { body: { name, scopes } });
    expect(reply.status).toBe(201);
    return reply.body;
  };

  it('generates a key shown once, keeps only its hash, prefix and last four, and lists it masked', async () => {
    const { key, apiKey } = await create('Website', [
      'appointments:read',
      'services:read',
      'appointments:read',
    ]);
    expect(key).toMatch(/^apt_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Website',
      prefix: key.slice(0, 8),
      last4: key.slice(-4),
      scopes: ['appointments:read', 'services:read'],
      createdAt: expect.any(String),
      lastUsedAt: null,
      providerId: expect.any(String),
      providerName: 'Sunrise Clinic',
    });
    const listed = await admin.op('listApiKeys');
    expect(listed.status).toBe(200);
    expect(listed.body.apiKeys).toContainEqual(apiKey);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    // Nowhere stored in clear: not in the events, not in the read model.
    const { rows } = await test.platform.pool.query(
      `SELECT (SELECT count(*) FROM es.events WHERE data::text LIKE '%' || $1 || '%')::int AS in_events,
              (SELECT count(*) FROM rm_apikeys.api_keys WHERE key_hash = encode(sha256($1::bytea), 'hex'))::int AS by_hash`,
      [key],
    );
    expect(rows[0]).toEqual({ in_events: 0, by_hash: 1 });
  });

  it('refuses a key without a name or a scope, or with an unknown scope, with the field messages', async () => {
    const reply = await admin.op('createApiKey', { body: { name: ' ', scopes: [] } });
    expect(reply).toMatchObject({
      status: 400,
      body: {
        errors: expect.arrayContaining([
          { field: 'name', message: 'Key name is required' },
          { field: 'scopes', message: 'Choose at least one scope' },
        ]),
      },
    });
    expect(
      (await admin.opUnchecked('createApiKey', { body: { name: 'x', scopes: ['payments:write'] } })).status,
    ).toBe(400);
  });

  it("reads the provider's appointments with the key, and only within its scopes", async () => {
    const user = await test.signedIn('user@example.com');
    const { appointment } = await bookAtSunrise(user, 'General Consultation');
    const { key } = await create('CRM', ['appointments:read']);
    const crm = withKey(test, key);

    const appointments = await listOf(crm);
    expect(appointments.map((a) => a._id)).toContain(appointment._id);
    // The same as the admin's own list: the key acts for its provider.
    expect(appointments.map((a) => a._id).sort()).toEqual((await listOf(admin)).map((a) => a._id).sort());

    // Out of scope: changing a status, the services, signing in as someone, managing keys.
    const refused = { message: 'This API key does not have the scope this call needs' };
    expect(
      await crm.op('updateStatus', { body: { id: appointment._id, status: 'scheduled' } }),
    ).toMatchObject({ status: 403, body: refused });
    expect(await crm.op('getServices')).toMatchObject({ status: 403, body: refused });
    expect(await crm.op('me')).toMatchObject({ status: 403, body: refused });
    expect(await crm.op('listApiKeys')).toMatchObject({ status: 403, body: refused });
    // Public operations stay open.
    expect((await crm.op('health')).status).toBe(200);
    // Another spelling of a path, another method, a path that is no operation: refused all the same.
    expect(await crm.get('/api/AUTH/me')).toMatchObject({ status: 403, body: refused });
    expect((await crm.call('HEAD', '/api/auth/me')).status).toBe(403);
    expect(await crm.get('/api/no/such/route')).toMatchObject({ status: 403, body: refused });
    expect((await crm.post('/api/Appointments/AppointmentList', { filters: {} })).status).toBe(200);
  });

  it('answers an unknown or a malformed key 401 with the error body', async () => {
    const unknown = { status: 401, body: { message: 'This API key is unknown or has been revoked' } };
    expect(await withKey(test, `apt_${'A'.repeat(43)}`).op('list', { body: { filters: {} } })).toMatchObject(
      unknown,
    );
    expect(await withKey(test, 'apt_short').op('health')).toMatchObject(unknown);
  });

  it('revokes a key at once: its next call answers 401, and it leaves the list', async () => {
    const { key, apiKey } = await create('Old integration', ['appointments:read']);
    const old = withKey(test, key);
    expect((await old.op('list', { body: { filters: {} } })).status).toBe(200);

    expect(await admin.op('revokeApiKey', { params: { id: apiKey.id } })).toMatchObject({
      status: 200,
      body: { message: 'API key revoked' },
    });
    expect(await old.op('list', { body: { filters: {} } })).toMatchObject({
      status: 401,
      body: { message: 'This API key is unknown or has been revoked' },
    });
    const listed = await admin.op('listApiKeys');
    expect(listed.body.apiKeys.map((k) => k.id)).not.toContain(apiKey.id);
    expect(await admin.op('revokeApiKey', { params: { id: apiKey.id } })).toMatchObject({
      status: 404,
      body: { message: 'API key not found' },
    });
  });

  it("never books with a key (booking is a user's act), not even on the fast path", async () => {
    const { key } = await create('Booker', ['appointments:read', 'appointments:write']);
    const reply = await withKey(test, key).op('book', {
      body: {
        servicename: 'General Consultation',
        providerId: 'p',
        timeslotId: 't',
        date: '2030-01-01',
        index: '1',
      },
    });
    expect(reply).toMatchObject({
      status: 403,
      body: { message: 'This API key does not have the scope this call needs' },
    });
  });

  it("keeps each provider's keys to itself; superadmin lists and revokes every provider's, support only lists", async () => {
    const { apiKey } = await create('Shared', ['services:read']);
    const superadmin = await test.signedIn('superadmin@example.com');
    const support = await test.signedIn('support@example.com');
    const incharge = await test.signedIn('incharge@example.com');

    expect((await superadmin.op('listApiKeys')).body.apiKeys).toContainEqual(apiKey);
    expect((await support.op('listApiKeys')).body.apiKeys).toContainEqual(apiKey);
    expect((await incharge.op('listApiKeys')).status).toBe(403);
    expect((await support.op('revokeApiKey', { params: { id: apiKey.id } })).status).toBe(403);
    // A superadmin has no provider to generate a key for.
    expect(
      await superadmin.op('createApiKey', { body: { name: 'x', scopes: ['services:read'] } }),
    ).toMatchObject({
      status: 403,
      body: { message: 'This action belongs to a provider account' },
    });

    // Another provider's admin neither sees nor revokes it.
    const anonymous = test.caller();
    await anonymous.op('registerProvider', {
      body: {
        businessName: 'Clinic keys',
        industry: 'Healthcare',
        email: 'clinic.keys@example.org',
        phone: '5559876543',
        address: '1 Main Street, Chicago, IL',
        password: 'correct horse',
        confirmPassword: 'correct horse',
      },
    });
    const { body } = await superadmin.op('pendingProviders');
    await superadmin.op('approveProvider', {
      body: {
        id: body.users.find((u) => u.email === 'clinic.keys@example.org')!._id,
      },
    });
    const other = test.caller();
    expect((await other.login('clinic.keys@example.org', 'correct horse')).status).toBe(200);
    expect((await other.op('listApiKeys')).body.apiKeys).toEqual([]);
    expect((await other.op('revokeApiKey', { params: { id: apiKey.id } })).status).toBe(404);

    expect((await superadmin.op('revokeApiKey', { params: { id: apiKey.id } })).status).toBe(200);
    expect((await admin.op('listApiKeys')).body.apiKeys).not.toContainEqual(apiKey);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const { key, apiKey } = await create('Throttled', ['schedule:read']);
    const lastUsed = async () =>
      (await admin.op('listApiKeys')).body.apiKeys.find((k) => k.id === apiKey.id)!.lastUsedAt;

    // Over HTTP: the first call records it, the next ones within the minute leave it.
    const scheduler = withKey(test, key);
    expect((await scheduler.op('getAvailability')).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect((await scheduler.op('getAvailability')).status).toBe(200);
    expect(await lastUsed()).toBe(first);

    // On a clock of its own (another process, say): within a minute of the stored time nothing
    // is written, a minute later it is.
    const t0 = Date.parse(first!);
    let now = t0 + 30_000;
    const auth = new ApiKeyAuth(test.platform.pool, { now: () => new Date(now) });
    expect(await auth.resolve(key)).toMatchObject({ keyId: apiKey.id, scopes: ['schedule:read'] });
    expect(await lastUsed()).toBe(first);
    now = t0 + 61_000;
    await auth.resolve(key);
    // This process already wrote within its minute: it skips without asking the database.
    expect(await lastUsed()).toBe(first);
    const fresh = new ApiKeyAuth(test.platform.pool, { now: () => new Date(now) });
    await fresh.resolve(key);
    expect(await lastUsed()).toBe(new Date(t0 + 61_000).toISOString());
  });
});
