import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { PostgresEventStore } from '../eventstore/postgres-event-store';

const ROOT = path.resolve(__dirname, '../../..');

describe('operator CLI (npm run ops)', () => {
  let database: TestDatabase;

  const ops = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'services/src/main/ops.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: 'utf8',
    });
    return { code: result.status, out: result.stdout, err: result.stderr };
  };

  beforeAll(async () => {
    database = await createTestDatabase('ops');
    const store = await PostgresEventStore.connect({ connectionString: database.url });
    await store.append('provider-sunrise', [
      { type: 'ProviderRegistered', data: { businessName: 'Sunrise Clinic' } },
      { type: 'ProviderApproved', data: {} },
    ]);
    await store.append('appointment-1', [
      { type: 'AppointmentBooked', data: { serviceName: 'Consultation' } },
    ]);
    await store.close();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('shows a projection that never ran, with its whole lag', () => {
    const { code, out } = ops('status');
    expect(code).toBe(0);
    expect(out).toContain('Event log: 3 events');
    expect(out).toMatch(/stream_catalog.*never run.*\b3\b/);
  });

  it('rebuilds every projection with progress, then reports it caught up', () => {
    const rebuild = ops('rebuild', 'all');
    expect(rebuild.code).toBe(0);
    expect(rebuild.out).toMatch(/stream_catalog: 3 events in [\d.]+ s \(\d+ events\/s\), swapped in/);
    expect(rebuild.err).toMatch(/stream_catalog .* 100% \| 3\/3 events \| \d+ events\/s/);
    expect(rebuild.out).toMatch(/'streams'\s.*\b2\b/);

    const status = ops('status');
    expect(status.out).toMatch(/'stream_catalog'.*│ 3 +│ 0 +│/);
  });

  it("prints a stream's events", () => {
    const { code, out } = ops('stream', 'provider-sunrise');
    expect(code).toBe(0);
    expect(out).toMatch(/#0 \S+ ProviderRegistered/);
    expect(out).toContain('"businessName":"Sunrise Clinic"');
    expect(out).toMatch(/#1 \S+ ProviderApproved/);
    expect(out).toContain('2 events');
    expect(ops('stream', 'provider-nobody').out).toContain('Stream "provider-nobody" has no events');
  });

  it("shows the operators' stream catalogue, in all and per category", () => {
    const { code, out } = ops('streams');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe('Stream catalogue: 2 streams, 3 events');
    expect(out).toMatch(/'appointment'\s*│ 1 +│ 1 +│/);
    expect(out).toMatch(/'provider'\s*│ 1 +│ 2 +│/);
  });

  it('explains its usage on a wrong command', () => {
    const unknown = ops('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "frobnicate"');
    expect(unknown.err).toContain('rebuild <projection|all>');
    const badProjection = ops('rebuild', 'nope');
    expect(badProjection.code).toBe(2);
    expect(badProjection.err).toContain('Unknown projection "nope"');
  });
});
