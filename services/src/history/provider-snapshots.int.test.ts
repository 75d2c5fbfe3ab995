import { gunzipSync, gzipSync } from 'node:zlib';
import type { RecordedEvent } from '@appointment/contracts/events';
import { FORGOTTEN_USER } from '@appointment/contracts/events/privacy';
import { PostgresEventStore } from '../eventstore/postgres-event-store';
import { PersonKeys } from '../privacy/person-keys';
import { openEvents } from '../privacy/private-event-store';
import {
  bookAtSunrise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
  sunriseIdOf,
} from '../testing/test-platform';
import { SNAPSHOT_FORMAT, SNAPSHOTS } from './provider-snapshots';
import { providerStateAt, type PointInLog } from './provider-state';

/**
 * Time travel from snapshots (docs/decisions.md D42), on the real database: the same answer
 * with snapshots as without, at every point; snapshots of another format, or missing an event,
 * are not used; a forgotten person's data in a snapshot is unreadable after the forget.
 */
describe('provider state snapshots', () => {
  let test: TestPlatform;
  let superadmin: Caller;
  let sunrise: string;

  /** A fresh key cache each time: a forget in the platform's process is seen at once. */
  const open = (events: RecordedEvent[]) => openEvents(new PersonKeys(test.platform.pool), events);
  const withSnapshots = (providerId: string, point: PointInLog, every = 3) =>
    providerStateAt(test.platform.pool, providerId, point, open, { every });
  const withoutSnapshots = (providerId: string, point: PointInLog) =>
    providerStateAt(test.platform.pool, providerId, point, open, { snapshots: false });
  const positionsOf = async (providerId: string): Promise<string[]> =>
    (
      await test.platform.pool.query<{ position: string }>(
        `SELECT global_position::text AS position FROM rm_history.entries WHERE provider_id = $1
          ORDER BY global_position`,
        [providerId],
      )
    ).rows.map((row) => row.position);
  const snapshotsOf = async (providerId: string) =>
    (
      await test.platform.pool.query<{ global_position: string; subjects: string[]; state: Buffer }>(
        `SELECT global_position, subjects, state FROM ${SNAPSHOTS} WHERE provider_id = $1
          ORDER BY global_position`,
        [providerId],
      )
    ).rows.map((row) => ({ ...row, text: gunzipSync(row.state).toString('utf8') }));

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'snapshots' });
    superadmin = await test.signedIn('superadmin@example.com');
    sunrise = await sunriseIdOf(test);
  });
  afterAll(async () => {
    await test.stop();
  });

  it('answers the same from snapshots as from the first event, at every position and time', async () => {
    const positions = await positionsOf(sunrise);
    expect(positions.length).toBeGreaterThan(10);
    // Newest first, so the later questions start from snapshots the first one left.
    await withSnapshots(sunrise, { position: positions[positions.length - 1]! });
    expect((await snapshotsOf(sunrise)).length).toBeGreaterThan(2);
    for (const position of positions) {
      const expected = await withoutSnapshots(sunrise, { position });
      expect(await withSnapshots(sunrise, { position })).toEqual(expected);
    }
    const { rows } = await test.platform.pool.query<{ at: Date }>(
      `SELECT DISTINCT at FROM rm_history.entries WHERE provider_id = $1 ORDER BY at`,
      [sunrise],
    );
    for (const { at } of rows) {
      const time = at.toISOString();
      expect(await withSnapshots(sunrise, { time })).toEqual(await withoutSnapshots(sunrise, { time }));
    }
  });

  it('answers the same when the log is read stream by stream, as from an EventStoreDB log', async () => {
    // The log's own store, without sealing: its streams as the log holds them.
    const log = await PostgresEventStore.connect({
      connectionString: test.platform.databaseUrl,
      poolSize: 2,
    });
    try {
      const readStream = (name: string) => log.readStream(name);
      const positions = await positionsOf(sunrise);
      for (const position of [
        positions[3]!,
        positions[Math.floor(positions.length / 2)]!,
        positions.at(-1)!,
      ]) {
        const expected = await withoutSnapshots(sunrise, { position });
        expect(
          await providerStateAt(test.platform.pool, sunrise, { position }, open, {
            snapshots: false,
            readStream,
          }),
        ).toEqual(expected);
        expect(
          await providerStateAt(test.platform.pool, sunrise, { position }, open, { every: 3, readStream }),
        ).toEqual(expected);
      }
    } finally {
      await log.close();
    }
  });

  it('does not use a snapshot of another format, or one that misses an event', async () => {
    const positions = await positionsOf(sunrise);
    const point = { position: positions[positions.length - 1]! };
    await withSnapshots(sunrise, point);
    const expected = await withoutSnapshots(sunrise, point);
    // A snapshot that says something else: used, it would show in the answer.
    const { rows } = await test.platform.pool.query<{ state: Buffer }>(
      `SELECT state FROM ${SNAPSHOTS} WHERE provider_id = $1 ORDER BY global_position DESC LIMIT 1`,
      [sunrise],
    );
    const fold = JSON.parse(gunzipSync(rows[0]!.state).toString('utf8')) as {
      provider: { industry: string };
    };
    fold.provider.industry = 'Tampered';
    await test.platform.pool.query(`UPDATE ${SNAPSHOTS} SET state = $2 WHERE provider_id = $1`, [
      sunrise,
      gzipSync(JSON.stringify(fold)),
    ]);
    const used = await withSnapshots(sunrise, point);
    expect(used.profile?.industry).toBe('Tampered');

    await test.platform.pool.query(`UPDATE ${SNAPSHOTS} SET format = $2 WHERE provider_id = $1`, [
      sunrise,
      SNAPSHOT_FORMAT + 1,
    ]);
    expect(await withSnapshots(sunrise, point, 1_000_000)).toEqual(expected);

    // Made before a late commit with an earlier position: the count of entries up to it differs.
    await test.platform.pool.query(
      `UPDATE ${SNAPSHOTS} SET format = $2, entries_up_to = entries_up_to - 1 WHERE provider_id = $1`,
      [sunrise, SNAPSHOT_FORMAT],
    );
    expect(await withSnapshots(sunrise, point, 1_000_000)).toEqual(expected);

    // The next fold that snapshots replaces those of another format.
    await test.platform.pool.query(`UPDATE ${SNAPSHOTS} SET format = $2 WHERE provider_id = $1`, [
      sunrise,
      SNAPSHOT_FORMAT - 1,
    ]);
    expect(await withSnapshots(sunrise, point)).toEqual(expected);
    const { rows: formats } = await test.platform.pool.query<{ format: number }>(
      `SELECT DISTINCT format FROM ${SNAPSHOTS} WHERE provider_id = $1`,
      [sunrise],
    );
    expect(formats).toEqual([{ format: SNAPSHOT_FORMAT }]);
  });

  it("holds a booker's name sealed, unreadable once they are forgotten", async () => {
    const person = {
      name: 'Sasha Snapshotson',
      email: 'sasha.snapshotson@example.org',
      phone: '5550163636',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    };
    const user = await test.registeredUser(person);
    const bookingsRecorded = async () =>
      (
        await test.platform.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM rm_history.entries WHERE provider_id = $1 AND type = 'IntervalBooked'`,
          [sunrise],
        )
      ).rows[0]!.n;
    const before = await bookingsRecorded();
    const { appointment } = await bookAtSunrise(user, 'General Consultation');
    // The booking answers within a bounded wait for the read models; on a loaded machine the
    // history may hold it a moment later, and the point must be at or after it.
    for (let i = 0; i < 150 && (await bookingsRecorded()) === before; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const positions = await positionsOf(sunrise);
    const point = { position: positions[positions.length - 1]! };
    const bookingIn = (state: Awaited<ReturnType<typeof withSnapshots>>) =>
      state.timeSlots.flatMap((slot) => slot.bookings).find((b) => b.appointmentId === appointment._id);

    await test.platform.pool.query(`DELETE FROM ${SNAPSHOTS} WHERE provider_id = $1`, [sunrise]);
    expect(bookingIn(await withSnapshots(sunrise, point, 1))?.username).toBe(person.name);
    const made = await snapshotsOf(sunrise);
    const last = made[made.length - 1]!;
    expect(last.text).toContain(appointment._id);
    // Sealed in the snapshot as in the log: the name is not there in clear.
    expect(last.text).toContain('"$pii"');
    for (const snapshot of made) {
      expect(snapshot.text).not.toContain(person.name);
      expect(snapshot.text).not.toContain(person.email);
    }

    const me = await user.op('getProfile');
    expect((await user.op('deleteAccount', { body: { id: me.body.data.id } })).status).toBe(200);

    // The snapshot is still there, and what it holds of them opens to nothing.
    const after = await snapshotsOf(sunrise);
    expect(after.map((snapshot) => snapshot.global_position)).toEqual(
      made.map((snapshot) => snapshot.global_position),
    );
    const fromSnapshot = await withSnapshots(sunrise, point, 1_000_000);
    expect(bookingIn(fromSnapshot)?.username).toBe(FORGOTTEN_USER);
    expect(fromSnapshot).toEqual(await withoutSnapshots(sunrise, point));
    expect(JSON.stringify(fromSnapshot)).not.toContain(person.name);
  });

  it("deletes a rejected provider's snapshots, whose time zone came from its address", async () => {
    const registration = {
      businessName: 'Snapshot Hollow Clinic',
      industry: 'Healthcare',
      email: 'snapshot.hollow@example.org',
      phone: '5550174747',
      address: '3 Snapshot Lane, Chicago, IL',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    };
    expect((await test.caller().op('registerProvider', { body: registration })).status).toBe(201);
    const { body } = await superadmin.op('pendingProviders');
    const pending = body.users.find((user) => user.email === registration.email)!;
    const { rows } = await test.platform.pool.query<{ provider_id: string }>(
      `SELECT data->>'providerId' AS provider_id FROM es.events
        WHERE event_type = 'ProviderRegistered' AND data->>'adminId' = $1`,
      [pending._id],
    );
    const providerId = rows[0]!.provider_id;
    const positions = await positionsOf(providerId);
    const point = { position: positions[positions.length - 1]! };
    const registered = await withSnapshots(providerId, point, 1);
    expect(registered.profile).toMatchObject({
      businessName: registration.businessName,
      timezone: 'America/Chicago',
    });
    const made = await snapshotsOf(providerId);
    expect(made.length).toBeGreaterThan(0);
    expect(made[0]!.subjects).toContain(providerId);
    expect(made[0]!.text).not.toContain(registration.businessName);

    expect((await superadmin.op('rejectProvider', { body: { id: pending._id } })).status).toBe(200);

    expect(await snapshotsOf(providerId)).toEqual([]);
    const rejected = await withSnapshots(providerId, point, 1);
    expect(rejected.profile?.businessName).toBe(FORGOTTEN_USER);
    expect(rejected).toEqual(await withoutSnapshots(providerId, point));
  });
});
