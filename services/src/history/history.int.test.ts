import type { OperationQueryInput } from '@appointment/contracts/api';
import { startTestPlatform, type Caller, type TestPlatform, errorOf } from '../testing/test-platform';

/** Who did it, a provider's history over HTTP, its exports and the state at a point. */
describe('provider history', () => {
  let test: TestPlatform;
  let superadmin: Caller;
  let support: Caller;
  let admin: Caller;
  let sunrise: string;
  let adminId: string;

  const history = (caller: Caller, query: OperationQueryInput<'providerHistory'> = {}) =>
    caller.op('providerHistory', { params: { id: sunrise }, query });

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'history' });
    superadmin = await test.signedIn('superadmin@example.com');
    support = await test.signedIn('support@example.com');
    admin = await test.signedIn('admin@example.com');
    const { rows } = await test.platform.pool.query<{ id: string; admin_id: string }>(
      `SELECT id, admin_id FROM rm_accounts.providers WHERE name = 'Sunrise Clinic'`,
    );
    sunrise = rows[0]!.id;
    adminId = rows[0]!.admin_id;
  });
  afterAll(async () => {
    await test.stop();
  });

  it('records who edited a service, under the request correlation id, and shows before → after', async () => {
    const added = await admin.op('addService', {
      body: { name: 'Dressing', price: 10, duration: 10 },
      headers: { 'x-correlation-id': 'audit-test-1' },
    });
    expect(added.status).toBe(201);
    const id = added.body.service._id;
    const edited = await admin.op('editService', {
      body: {
        id,
        data: { name: 'Wound Dressing', price: 12.5, duration: 10 },
      },
    });
    expect(edited.status).toBe(200);

    const { rows } = await test.platform.pool.query<{ metadata: Record<string, unknown> }>(
      `SELECT metadata FROM es.events WHERE event_type = 'ServiceAdded' AND data->>'serviceId' = $1`,
      [id],
    );
    expect(rows[0]!.metadata).toMatchObject({
      userId: adminId,
      role: 'admin',
      correlationId: 'audit-test-1',
      causationId: 'audit-test-1',
    });

    const page = await history(superadmin, { limit: 2 });
    expect(page.status).toBe(200);
    expect(page.body.entries.map((entry) => entry.type)).toEqual(['ServiceEdited', 'ServiceAdded']);
    const [edit, add] = page.body.entries;
    expect(edit).toMatchObject({
      summary: 'Service Dressing was edited.',
      actor: { id: adminId, email: 'admin@example.com', role: 'admin' },
      changes: expect.arrayContaining([
        { field: 'name', before: 'Dressing', after: 'Wound Dressing' },
        { field: 'price', before: 10, after: 12.5 },
      ]),
    });
    expect(edit!.changes!.map((change) => change.field)).not.toContain('duration');
    expect(add!.summary).toBe('Service Dressing was added (10 min, price ₹10.00).');
    expect(BigInt(edit!.position)).toBeGreaterThan(BigInt(add!.position));
    expect(page.body.nextCursor).toMatch(/^\d+\.\d+$/);
  });

  it('pages newest first without repeating an entry, and filters by type, actor and range', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await history(superadmin, { limit: 7, cursor: cursor || undefined });
      expect(page.status).toBe(200);
      seen.push(...page.body.entries.map((entry) => entry.position));
      cursor = page.body.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(10);
    const all = await history(superadmin, { limit: 200 });
    expect(all.body.entries.map((entry) => entry.position)).toEqual(seen.slice(0, 200));
    expect(all.body.entries.at(-1)).toMatchObject({
      type: 'UserRegistered',
      summary: 'Sunrise Clinic joined as admin.',
    });
    expect(all.body.entries.find((entry) => entry.type === 'ProviderRegistered')!.summary).toBe(
      'Sunrise Clinic registered as a Healthcare provider and awaits approval.',
    );

    const edits = await history(support, { types: 'ServiceEdited,ProviderApproved' });
    expect(new Set(edits.body.entries.map((entry) => entry.type))).toEqual(
      new Set(['ServiceEdited', 'ProviderApproved']),
    );
    const byAdmin = await history(support, { actor: 'admin@example.com' });
    expect(byAdmin.body.entries.length).toBeGreaterThan(0);
    expect(byAdmin.body.entries.every((entry) => entry.actor?.id === adminId)).toBe(true);
    const future = await history(support, { from: '2199-01-01T00:00:00Z' });
    expect(future.body.entries).toEqual([]);

    const backwards = await history(support, { from: '2026-11-25T00:00:00Z', to: '2026-11-24T00:00:00Z' });
    expect(backwards.status).toBe(400);
    expect(errorOf(backwards).message).toBe('The start of the range must not be after its end');
    expect((await history(support, { cursor: 'oops' })).status).toBe(400);
  });

  it('shows an event recorded without an actor as unknown, and a job as the system', async () => {
    await test.platform.store.append(`provider-${sunrise}`, [
      {
        type: 'ProviderCurrencyChanged',
        data: { providerId: sunrise, currency: 'INR', at: new Date().toISOString() },
      },
    ]);
    const { asSystem } = await import('../audit/actor-context');
    await asSystem('test-job', () =>
      test.platform.store.append(`provider-${sunrise}`, [
        {
          type: 'ProviderCurrencyChanged',
          data: { providerId: sunrise, currency: 'INR', at: new Date().toISOString() },
        },
      ]),
    );
    await test.platform.projector!.waitFor(
      (await test.platform.store.readStream(`provider-${sunrise}`)).at(-1)!.position,
      5_000,
    );
    const page = await history(superadmin, { types: 'ProviderCurrencyChanged', limit: 2 });
    expect(page.body.entries.map((entry) => entry.actor)).toEqual([
      { id: 'system', email: null, role: 'system' },
      null,
    ]);
  });

  it('exports the same timeline as CSV and NDJSON', async () => {
    const all = await history(superadmin, { limit: 200 });
    const ndjson = await superadmin.op('providerHistoryExport', {
      params: { id: sunrise },
      query: { format: 'ndjson' },
    });
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = String(ndjson.body)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { position: string });
    expect(lines.map((line) => line.position)).toEqual(all.body.entries.map((entry) => entry.position));

    const csv = await admin.op('providerHistoryExport', {
      params: { id: sunrise },
      query: { format: 'csv', types: 'ServiceEdited' },
    });
    expect(csv.status).toBe(200);
    const rows = String(csv.body).trim().split('\r\n');
    expect(rows[0]).toBe('position,at,type,actor_id,actor_email,actor_role,summary,changes');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',ServiceEdited,');
    expect(rows[1]).toContain('admin@example.com');
    expect(
      (
        await admin.opUnchecked('providerHistoryExport', {
          params: { id: sunrise },
          query: { format: 'pdf' },
        })
      ).status,
    ).toBe(400);
  });

  it('lets platform staff and the own admin in; other admins, incharge and users get 403', async () => {
    expect((await history(support)).status).toBe(200);
    expect((await history(admin)).status).toBe(200);
    const { rows } = await test.platform.pool.query<{ id: string }>(
      `SELECT id FROM rm_accounts.users WHERE email = 'harbor@example.com'`,
    );
    expect((await superadmin.op('approveProvider', { body: { id: rows[0]!.id } })).status).toBe(200);
    const harbor = await test.signedIn('harbor@example.com');
    expect((await history(harbor)).status).toBe(403);
    expect((await history(await test.signedIn('incharge@example.com'))).status).toBe(403);
    expect((await history(await test.signedIn('user@example.com'))).status).toBe(403);
    expect((await superadmin.op('providerHistory', { params: { id: 'no-such-provider' } })).status).toBe(404);
  });

  it('answers 400, never 500, to positions and dates outside the accepted ranges (issue 26)', async () => {
    const base = `/api/providers/${sunrise}/history`;
    const probes = [
      `${base}/state?at=99999999999999999999`,
      `${base}/state?at=0000-01-01`,
      `${base}?cursor=99999999999999999999.1`,
      `${base}?from=0000-01-01`,
      `${base}?to=2201-01-01`,
      `${base}/export?from=0000-01-01`,
    ];
    for (const path of probes) {
      const reply = await superadmin.get<{ message: string }>(path);
      expect({ path, status: reply.status }).toEqual({ path, status: 400 });
    }
    const user = await test.signedIn('user@example.com');
    const booking = await user.op('book', {
      body: {
        servicename: 'General Consultation',
        providerId: sunrise,
        date: '0000-01-01',
        starttime: '09:00',
      },
    });
    expect(booking.status).toBe(400);
  });

  it('answers the provider as it was at a position and at a time, folded from its events', async () => {
    const edits = await history(superadmin, {
      types: 'ServiceAdded,ServiceEdited',
      actor: 'admin@example.com',
    });
    const added = edits.body.entries.find((entry) => entry.type === 'ServiceAdded')!;
    const edited = edits.body.entries.find((entry) => entry.type === 'ServiceEdited')!;
    const state = (at: string) =>
      superadmin.op('providerHistoryState', { params: { id: sunrise }, query: { at } });

    const before = await state(String(BigInt(added.position) - 1n));
    expect(before.status).toBe(200);
    expect(before.body.status).toBe('active');
    expect(before.body.services.map((service) => service.name)).not.toContain('Dressing');

    const afterAdd = await state(added.position);
    expect(afterAdd.body.services.find((service) => service.name === 'Dressing')).toMatchObject({
      price: 10,
    });
    expect(afterAdd.body.position).toBe(added.position);

    const now = await state(new Date(Date.parse(edited.at) + 60_000).toISOString());
    expect(now.body.services.find((service) => service.name === 'Wound Dressing')).toMatchObject({
      price: 12.5,
    });
    expect(now.body.profile).toMatchObject({ businessName: 'Sunrise Clinic' });
    expect(now.body.templates.length).toBeGreaterThan(0);
    expect(now.body.timeSlots.length).toBeGreaterThan(0);

    const first = await state('1');
    expect(first.body).toMatchObject({ status: 'none', profile: null, services: [], timeSlots: [] });
    const bad = await state('yesterday');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe(
      'Please give "at" as an ISO 8601 time or a log position (a whole number)',
    );
  });
});
