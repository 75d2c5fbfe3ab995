import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { accountsProjection } from '@appointment/projections/accounts.projection';
import { historyProjection } from '@appointment/projections/history.projection';
import { createProjectionSchema, replayInto } from '@appointment/projections/rebuild';
import { createPool, PostgresEventStore } from '@appointment/services/eventstore/postgres-event-store';
import { historyPage } from '@appointment/services/history/history.queries';
import { migratePersonKeys } from '@appointment/services/privacy/person-keys';
import { providerStateAt } from '@appointment/services/history/provider-state';
import { SNAPSHOT_EVERY } from '@appointment/services/history/provider-snapshots';
import { exportEventLogToFile, importEventLog } from '@appointment/services/ops/event-log-backup';
import { createTestDatabase } from '../testing/postgres';
import { Samples, envNumber, figure, note, quantileOfSorted, withProgress } from './harness';

/**
 * `npm run bench -- history`: one provider with PROVIDER_EVENTS events among
 * TOTAL_EVENTS in the log. The log is written straight into es.events by SQL (time slots, each
 * booked twice, one booking confirmed, its payment requested; the rest of the log is other
 * providers' time slots), the history read model is built by a replay, then:
 *
 * - history.first_page_p99_ms: the newest 50 entries of the provider (the query the API and the
 *   screen run), FIRST_PAGE_RUNS times;
 * - history.state_as_of_ms: the provider folded with its deciders' evolve up to the middle of
 *   its history (the median of STATE_RUNS), from the nearest snapshot, once a first question
 *   (noted, not a figure) has folded the whole history and left the snapshots behind;
 * - history.export_events_per_s / history.import_events_per_s: `ops export` of the whole log
 *   to a file and `ops import` of that file into an empty database.
 */

const SUITE = 'history';
const TOTAL_EVENTS = envNumber('BENCH_HISTORY_EVENTS', 1_000_000);
const PROVIDER_EVENTS = envNumber('BENCH_HISTORY_PROVIDER_EVENTS', 100_000);
const FIRST_PAGE_RUNS = envNumber('BENCH_HISTORY_PAGE_RUNS', 200);
const STATE_RUNS = envNumber('BENCH_HISTORY_STATE_RUNS', 5);
const PROVIDER = 'bench-provider';

/** Five events per time slot of the provider: added, booked twice, a status change, a payment asked. */
const seedLog = async (pool: ReturnType<typeof createPool>) => {
  const slots = Math.floor((PROVIDER_EVENTS - 3) / 5);
  const others = TOTAL_EVENTS - PROVIDER_EVENTS;
  await pool.query(
    `INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
     VALUES ($1, 0, gen_random_uuid(), 'ProviderCreated', $2, '{"userId":"bench-superadmin","role":"superadmin"}'),
            ($1, 1, gen_random_uuid(), 'ServiceAdded', $3, '{"userId":"bench-admin","role":"admin"}'),
            ($1, 2, gen_random_uuid(), 'ServiceEdited', $4, '{"userId":"bench-admin","role":"admin"}')`,
    [
      `provider-${PROVIDER}`,
      {
        providerId: PROVIDER,
        businessName: 'Bench Clinic',
        industry: 'Healthcare',
        email: 'bench@example.com',
        phone: '5550100100',
        address: '1 Bench Road, Chicago, IL',
        description: '',
        imageUrl: null,
        workingHours: [],
        breaks: [],
        specialties: [],
        timezone: 'America/Chicago',
        currency: 'USD',
        at: '2026-01-01T00:00:00Z',
      },
      {
        providerId: PROVIDER,
        serviceId: 's1',
        name: 'Checkup',
        duration: 30,
        price: 40,
        isPaymentNeeded: true,
        at: '2026-01-01T00:00:00Z',
      },
      {
        providerId: PROVIDER,
        serviceId: 's1',
        name: 'Checkup',
        previousName: 'Checkup',
        duration: 30,
        price: 45,
        isPaymentNeeded: true,
        at: '2026-01-01T00:00:00Z',
      },
    ],
  );
  // Interleaved with the other providers' events, in chunks, as a busy log would be.
  const chunks = 20;
  for (let chunk = 0; chunk < chunks; chunk++) {
    const from = Math.floor((slots * chunk) / chunks);
    const to = Math.floor((slots * (chunk + 1)) / chunks);
    await pool.query(
      `INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
       SELECT 'timeslot-' || $1 || '-' || s, e.rev, gen_random_uuid(), e.type,
              jsonb_build_object('timeSlotId', $1 || '-' || s, 'providerId', $1::text, 'appointmentId', 'a' || s || '-' || least(e.rev, 2),
                'serviceIds', jsonb_build_array('s1'), 'date', '2026-12-01', 'startTime', '09:00', 'endTime', '10:00',
                'timezone', 'America/Chicago', 'startDateTime', '2026-12-01T15:00:00.000Z', 'endDateTime', '2026-12-01T16:00:00.000Z',
                'availableSlots', 2, 'addAsSlot', false, 'userId', 'u' || s, 'email', 'u' || s || '@example.com',
                'username', 'User ' || s, 'providerName', 'Bench Clinic', 'serviceName', 'Checkup', 'index', least(e.rev, 2),
                'paymentNeeded', true, 'automaticBooking', false, 'amount', 45, 'currency', 'USD', 'status', 'pending',
                'from', 'pending', 'to', 'scheduled', 'orderId', 'o' || s, 'at', '2026-11-01T00:00:00Z'),
              jsonb_build_object('userId', 'u' || s, 'role', 'user', 'correlationId', 'c' || s)
         FROM generate_series($2::int, $3::int - 1) AS s,
              (VALUES (0, 'TimeSlotAdded'), (1, 'IntervalBooked'), (2, 'IntervalBooked'),
                      (3, 'AppointmentStatusChanged'), (4, 'PaymentRequested')) AS e(rev, type)
        ORDER BY s, e.rev`,
      [PROVIDER, from, to],
    );
    const otherFrom = Math.floor((others * chunk) / chunks);
    const otherTo = Math.floor((others * (chunk + 1)) / chunks);
    await pool.query(
      `INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
       SELECT 'timeslot-other-' || s, 0, gen_random_uuid(), 'TimeSlotAdded',
              jsonb_build_object('timeSlotId', 'other-' || s, 'providerId', 'other-' || (s % 900), 'serviceIds', '[]'::jsonb,
                'date', '2026-12-01', 'startTime', '09:00', 'endTime', '10:00', 'timezone', 'UTC',
                'startDateTime', '2026-12-01T09:00:00.000Z', 'endDateTime', '2026-12-01T10:00:00.000Z',
                'availableSlots', 1, 'addAsSlot', true, 'at', '2026-11-01T00:00:00Z'),
              '{"system":true}'::jsonb
         FROM generate_series($1::int, $2::int - 1) AS s`,
      [otherFrom, otherTo],
    );
  }
  await pool.query(
    `INSERT INTO es.streams SELECT stream_name, max(stream_revision) FROM es.events GROUP BY stream_name`,
  );
  await pool.query('ANALYZE es.events');
};

export const run = async (): Promise<void> => {
  note(`history: a provider with ${PROVIDER_EVENTS} events among ${TOTAL_EVENTS}`);
  const database = await createTestDatabase('bench_history');
  const restored = await createTestDatabase('bench_history_import');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
  const store = await PostgresEventStore.connect({ connectionString: database.url, poolSize: 8 });
  const pool = createPool(database.url, 8);
  const restoredPool = createPool(restored.url, 8);
  try {
    await withProgress('writing the log', 1, () => seedLog(pool));
    await createProjectionSchema(pool, accountsProjection, 'rm_accounts');
    // The history's actors are looked up among forgotten people too.
    await migratePersonKeys(pool);
    await withProgress('building the history read model', 1, () =>
      replayInto(pool, store, historyProjection, 'rm_history', { batchSize: 5000 }),
    );
    await pool.query('ANALYZE rm_history.entries');

    const pages = new Samples();
    await withProgress('first pages', FIRST_PAGE_RUNS, async (tick) => {
      for (let i = 0; i < FIRST_PAGE_RUNS; i++) {
        const started = performance.now();
        const page = await historyPage(pool, PROVIDER, { limit: 50 });
        pages.push(performance.now() - started);
        if (page.entries.length !== 50) throw new Error(`a first page of ${page.entries.length} entries`);
        tick(i + 1);
      }
    });
    figure(SUITE, 'first_page_p99_ms', quantileOfSorted(pages.sorted(), 0.99), 'ms');

    const { rows } = await pool.query<{ position: string; last: string }>(
      `SELECT global_position::text AS position,
              (SELECT max(global_position)::text FROM rm_history.entries WHERE provider_id = $1) AS last
         FROM rm_history.entries WHERE provider_id = $1
        ORDER BY global_position OFFSET $2 LIMIT 1`,
      [PROVIDER, Math.floor(PROVIDER_EVENTS / 2)],
    );
    const middle = rows[0]!.position;
    // The first question about the provider folds its whole history once and leaves a snapshot
    // every SNAPSHOT_EVERY events behind (docs/decisions.md D42); later ones start from them.
    const cold = performance.now();
    await withProgress('snapshots (the whole history folded once)', 1, () =>
      providerStateAt(pool, PROVIDER, { position: rows[0]!.last }),
    );
    note(`history: the whole history folded and snapshotted in ${Math.round(performance.now() - cold)} ms`);
    const states = new Samples();
    for (let i = 0; i < STATE_RUNS; i++) {
      const started = performance.now();
      const state = await providerStateAt(pool, PROVIDER, { position: middle });
      states.push(performance.now() - started);
      if (state.timeSlots.length === 0) throw new Error('the state as of the middle has no time slots');
    }
    figure(SUITE, 'state_as_of_ms', quantileOfSorted(states.sorted(), 0.5), 'ms');
    // The worst place for a point: just before the next snapshot, SNAPSHOT_EVERY - 1 events to fold.
    const { rows: late } = await pool.query<{ position: string }>(
      `SELECT global_position::text AS position FROM rm_history.entries WHERE provider_id = $1
        ORDER BY global_position OFFSET $2 LIMIT 1`,
      [PROVIDER, Math.floor(PROVIDER_EVENTS / 2) + SNAPSHOT_EVERY - 1],
    );
    const worst = new Samples();
    for (let i = 0; i < STATE_RUNS; i++) {
      const started = performance.now();
      await providerStateAt(pool, PROVIDER, { position: late[0]!.position });
      worst.push(performance.now() - started);
    }
    note(
      `history: state as of a point ${SNAPSHOT_EVERY - 1} events past a snapshot: ${Math.round(quantileOfSorted(worst.sorted(), 0.5))} ms (median)`,
    );

    const file = path.join(dir, 'log.ndjson');
    let started = performance.now();
    const exported = await withProgress('export', 1, () => exportEventLogToFile(pool, file));
    figure(
      SUITE,
      'export_events_per_s',
      Math.round(exported.events / ((performance.now() - started) / 1000)),
      'events/s',
    );

    started = performance.now();
    const imported = await withProgress('import', 1, () => importEventLog(restoredPool, file));
    figure(
      SUITE,
      'import_events_per_s',
      Math.round(imported.events / ((performance.now() - started) / 1000)),
      'events/s',
    );
  } finally {
    await store.close();
    await pool.end();
    await restoredPool.end();
    await database.drop();
    await restored.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};
