import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import type { RecordedEvent } from '@appointment/contracts/events';
import { createPool } from '../eventstore/postgres-event-store';
import { PersonKeys } from '../privacy/person-keys';
import { openEvents } from '../privacy/private-event-store';
import { startTestPlatform, type TestPlatform, sunriseIdOf } from '../testing/test-platform';

const ROOT = path.resolve(__dirname, '../../..');

/** The operators' tools on real databases: export, import, history, replay, verify. */
describe('operator tools (npm run ops)', () => {
  let test: TestPlatform;
  let empty: TestDatabase;
  let dir: string;
  let sunrise: string;

  const opsWith = (env: Record<string, string>, databaseUrl: string, ...args: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'services/src/main/ops.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
    });
    return { code: result.status, out: result.stdout, err: result.stderr };
  };
  const ops = (databaseUrl: string, ...args: string[]) => opsWith({}, databaseUrl, ...args);
  const rows = async <T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  const EVENTS = `SELECT global_position::text, stream_name, stream_revision::text, event_id::text, event_type,
                         data, metadata, created_at FROM es.events ORDER BY global_position`;

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'opstools' });
    empty = await createTestDatabase('opsimport');
    dir = mkdtempSync(path.join(os.tmpdir(), 'ops-tools-'));
    sunrise = await sunriseIdOf(test);
  });
  afterAll(async () => {
    await test.stop();
    await empty.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports the log with a closing checksum and imports it into an empty store, exactly', async () => {
    const file = path.join(dir, 'log.ndjson');
    const exported = ops(test.platform.databaseUrl, 'export', '--out', file);
    expect(exported.code).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const original = await rows(test.platform.databaseUrl, EVENTS);
    expect(lines).toHaveLength(original.length + 1);
    expect(JSON.parse(lines.at(-1)!)).toEqual({
      checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      events: original.length,
    });
    expect(exported.out).toMatch(
      new RegExp(`Exported ${original.length} events to .* \\(\\d+ events/s\\), sha256:`),
    );
    expect(exported.err).toMatch(/export .* 100% \| \d+\/\d+ events \| \d+ events\/s/);

    const imported = ops(empty.url, 'import', file);
    expect(imported.err).not.toMatch(/failed/);
    expect(imported.code).toBe(0);
    expect(imported.out).toContain(`Imported ${original.length} events`);
    expect(imported.out).toContain('checksum verified');
    expect(await rows(empty.url, EVENTS)).toEqual(original);
    const revisions = `SELECT stream_name, revision::text FROM es.streams ORDER BY stream_name`;
    expect(await rows(empty.url, revisions)).toEqual(await rows(test.platform.databaseUrl, revisions));

    // Loaded without them, the log's indexes are built again (import speed).
    const indexes = `SELECT indexname FROM pg_indexes WHERE schemaname = 'es' AND tablename = 'events' ORDER BY 1`;
    expect(await rows(empty.url, indexes)).toEqual(await rows(test.platform.databaseUrl, indexes));
    expect(await rows(empty.url, indexes)).toHaveLength(3);

    const again = ops(empty.url, 'import', file);
    expect(again.code).toBe(1);
    expect(again.err).toContain('The event store is not empty');

    // From a position: only what came after it, with its own checksum.
    const from = original[Math.floor(original.length / 2)]!.global_position as string;
    const tail = ops(test.platform.databaseUrl, 'export', '--from', from);
    const tailLines = tail.out.trim().split('\n');
    expect(tailLines).toHaveLength(
      original.filter((e) => BigInt(e.global_position as string) > BigInt(from)).length + 1,
    );
    expect(tail.err).toMatch(/Exported \d+ events, sha256:/);
  });

  it('refuses an export that was altered or cut short, and loads nothing', async () => {
    const file = path.join(dir, 'log.ndjson');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const altered = path.join(dir, 'altered.ndjson');
    // A service's name: not personal data, so the log holds it in clear.
    const touched = lines.findIndex((line) => line.includes('General Consultation'));
    expect(touched).toBeGreaterThanOrEqual(0);
    const changed = lines.map((line, index) =>
      index === touched ? line.replace('General Consultation', 'General Contusion') : line,
    );
    writeFileSync(altered, changed.join('\n') + '\n');
    const target = await createTestDatabase('opsaltered');
    try {
      const refused = ops(target.url, 'import', altered);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('Checksum mismatch');
      const cut = path.join(dir, 'cut.ndjson');
      writeFileSync(cut, lines.slice(0, 5).join('\n') + '\n');
      const cutShort = ops(target.url, 'import', cut);
      expect(cutShort.code).toBe(1);
      expect(cutShort.err).toContain('cut short');
      expect(
        await rows(
          target.url,
          `SELECT to_regclass('es.events') IS NULL OR NOT EXISTS (SELECT 1 FROM es.events) AS empty`,
        ),
      ).toEqual([{ empty: true }]);
    } finally {
      await target.drop();
    }
  });

  it('refuses a file whose checksum holds but that repeats an event, and loads nothing', async () => {
    const lines = readFileSync(path.join(dir, 'log.ndjson'), 'utf8').trim().split('\n').slice(0, -1);
    const repeated = [...lines, lines[0]!].map((line) => `${line}\n`).join('');
    const file = path.join(dir, 'repeated.ndjson');
    const checksum = `sha256:${createHash('sha256').update(repeated).digest('hex')}`;
    writeFileSync(file, `${repeated}${JSON.stringify({ checksum, events: lines.length + 1 })}\n`);
    const target = await createTestDatabase('opsrepeated');
    try {
      const refused = ops(target.url, 'import', file);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/events_event_id_key|duplicate key/);
      expect(await rows(target.url, `SELECT count(*)::int AS n FROM es.events`)).toEqual([{ n: 0 }]);
      const indexes = `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'es' AND tablename = 'events'`;
      expect(await rows(target.url, indexes)).toEqual([{ n: 3 }]);
    } finally {
      await target.drop();
    }
  });

  it('exports the person keys wrapped with BACKUP_KEY, and a restore with it opens the sealed data', async () => {
    const backupKey = randomBytes(32).toString('base64');
    const file = path.join(dir, 'with-keys.ndjson');
    const KEYS = `SELECT person_id, encode(key, 'base64') AS key, forgotten_at FROM pii.person_keys ORDER BY 1`;
    const original = await rows<{ key: string | null }>(test.platform.databaseUrl, KEYS);
    expect(original.length).toBeGreaterThan(3);
    const exported = opsWith(
      { BACKUP_KEY: backupKey },
      test.platform.databaseUrl,
      'export',
      '--out',
      file,
      '--with-keys',
    );
    expect(exported.code).toBe(0);
    expect(exported.out).toMatch(new RegExp(`and ${original.length} person keys to `));
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text.trim().split('\n').at(-1)!)).toMatchObject({ keys: original.length });
    // Wrapped: no key is in the file as the database holds it.
    for (const row of original) if (row.key) expect(text).not.toContain(row.key);
    expect(ops(test.platform.databaseUrl, 'export', '--with-keys').err).toContain(
      '--with-keys needs BACKUP_KEY',
    );

    const refusing = await createTestDatabase('opskeysrefused');
    try {
      const missing = ops(refusing.url, 'import', file);
      expect(missing.code).toBe(1);
      expect(missing.err).toContain('set BACKUP_KEY');
      const wrong = opsWith({ BACKUP_KEY: randomBytes(32).toString('hex') }, refusing.url, 'import', file);
      expect(wrong.code).toBe(1);
      expect(wrong.err).toContain('BACKUP_KEY does not open the person keys');
      expect(await rows(refusing.url, `SELECT count(*)::int AS n FROM es.events`)).toEqual([{ n: 0 }]);
    } finally {
      await refusing.drop();
    }

    const restored = await createTestDatabase('opskeys');
    const pool = createPool(restored.url, 2);
    try {
      const imported = opsWith({ BACKUP_KEY: backupKey }, restored.url, 'import', file);
      expect(imported.code).toBe(0);
      expect(imported.out).toContain(`and ${original.length} person keys`);
      expect(await rows(restored.url, KEYS)).toEqual(original);
      // The restored log's sealed fields open with the restored keys.
      const [demoUser] = await rows<{ id: string }>(
        test.platform.databaseUrl,
        `SELECT id FROM rm_accounts.users WHERE email = 'user@example.com'`,
      );
      const raw = await rows<{ stream_name: string; event_type: string; data: Record<string, unknown> }>(
        restored.url,
        `SELECT stream_name, event_type, data FROM es.events WHERE stream_name = $1 AND event_type = 'UserRegistered'`,
        [`user-${demoUser!.id}`],
      );
      expect(JSON.stringify(raw[0]!.data)).not.toContain('user@example.com');
      const [opened] = await openEvents(
        new PersonKeys(pool),
        raw.map(
          (row) =>
            ({
              streamName: row.stream_name,
              type: row.event_type,
              data: row.data,
            }) as unknown as RecordedEvent,
        ),
      );
      expect(opened!.data.email).toBe('user@example.com');
    } finally {
      await pool.end();
      await restored.drop();
    }
  });

  it("prints a provider's history as the screen shows it", () => {
    const { code, out } = ops(test.platform.databaseUrl, 'history', 'provider', sunrise);
    expect(code).toBe(0);
    expect(out).toMatch(
      /#\d+ \S+ ProviderRegistered by \S+ \(admin\): Sunrise Clinic registered as a Healthcare provider/,
    );
    expect(out).toMatch(
      /#\d+ \S+ ProviderApproved by superadmin@example.com \(superadmin\): Sunrise Clinic was approved\./,
    );
    expect(out).toMatch(/\d+ entries\n$/);
    expect(ops(test.platform.databaseUrl, 'history', 'provider', 'nobody').code).toBe(2);
  });

  it('replays a read model to a point into a schema of its own, leaving the live one alone', async () => {
    const [approved] = await rows<{ position: string }>(
      test.platform.databaseUrl,
      `SELECT global_position::text AS position FROM rm_history.entries WHERE provider_id = $1 AND type = 'ProviderApproved'`,
      [sunrise],
    );
    const liveBefore = await rows(test.platform.databaseUrl, 'SELECT count(*) FROM rm_history.entries');
    const replayed = ops(
      test.platform.databaseUrl,
      'replay',
      'history',
      '--to',
      approved!.position,
      '--into',
      'replay_test',
    );
    expect(replayed.code).toBe(0);
    expect(replayed.out).toMatch(/history: \d+ events up to \d+ replayed into schema replay_test/);
    const atThatPoint = await rows(
      test.platform.databaseUrl,
      `SELECT type FROM replay_test.entries WHERE provider_id = $1 ORDER BY global_position`,
      [sunrise],
    );
    const expected = await rows(
      test.platform.databaseUrl,
      `SELECT type FROM rm_history.entries WHERE provider_id = $1 AND global_position <= $2 ORDER BY global_position`,
      [sunrise, approved!.position],
    );
    expect(atThatPoint).toEqual(expected);
    expect(atThatPoint.at(-1)).toEqual({ type: 'ProviderApproved' });
    expect(await rows(test.platform.databaseUrl, 'SELECT count(*) FROM rm_history.entries')).toEqual(
      liveBefore,
    );

    const byTime = ops(
      test.platform.databaseUrl,
      'replay',
      'appointments',
      '--to',
      '2000-01-01T00:00:00Z',
      '--into',
      'replay_old',
    );
    expect(byTime.out).toContain('appointments: 0 events up to 2000-01-01T00:00:00Z');
    const refused = ops(test.platform.databaseUrl, 'replay', 'history', '--to', '1', '--into', 'rm_history');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('belongs to the product');
  });

  it('verifies every read model against a shadow rebuild, and names a row that differs', async () => {
    const all = ops(test.platform.databaseUrl, 'verify', 'all');
    expect(all.err).not.toMatch(/failed/);
    expect(all.code).toBe(0);
    expect(all.out).toContain('history: same as a rebuild');
    expect(all.out).toContain('appointments: same as a rebuild');
    expect(all.err).toMatch(/history .* 100% \| \d+\/\d+ events \| \d+ events\/s/);

    await test.platform.pool.query(
      `UPDATE rm_history.entries SET summary = 'Tampered.' WHERE provider_id = $1 AND type = 'ProviderApproved'`,
      [sunrise],
    );
    const differs = ops(test.platform.databaseUrl, 'verify', 'history');
    expect(differs.code).toBe(3);
    expect(differs.out).toContain('history: DIFFERS from a rebuild');
    expect(differs.out).toMatch(/entries only live: .*"summary":"Tampered\."/);
    expect(differs.out).toMatch(/entries only rebuilt: .*"summary":"Sunrise Clinic was approved\."/);
    // Nothing was swapped: the live row is still the tampered one, and no shadow is left behind.
    expect(
      await rows(
        test.platform.databaseUrl,
        `SELECT count(*)::int AS n FROM rm_history.entries WHERE summary = 'Tampered.'`,
      ),
    ).toEqual([{ n: 1 }]);
    expect(
      await rows(
        test.platform.databaseUrl,
        `SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE '%__verify'`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});
