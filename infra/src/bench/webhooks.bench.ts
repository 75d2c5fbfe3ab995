import autocannon from 'autocannon';
import { deliveryIdOf, WEBHOOK_LOG_SCHEMA } from '@appointment/services/integrations/webhooks/webhook-log';
import { startWebhookReceiver, type HeardDelivery } from '../testing/webhook-receiver';
import {
  cpuFigures,
  cpuMeter,
  envNumber,
  figure,
  note,
  paced,
  quantileOfSorted,
  Samples,
  bookingBodyFor,
  bookOnce,
} from './harness';
import { BENCH_SERVICE as SERVICE, call, withYearOfSlots } from './launcher';

/**
 * `npm run bench -- webhooks`: the launcher as `npm start` runs it (BullMQ on its
 * PostgreSQL backend), a webhook of the demo provider subscribed to `appointment.booked`, and a
 * receiver on this machine in the bench's process. Two phases:
 * - steady: bookings at 200/s for 10 s; commit-to-delivery latency is, for every booking, the
 *   time from its event's commit (es.events.created_at) to the moment the receiver had the
 *   request (`webhooks.commit_to_delivery_p50_ms`, `_p99_ms`);
 * - flat out: three more webhooks (four deliveries per booking) and bookings with autocannon at
 *   50 connections for 10 s; `webhooks.deliveries_per_s` is the deliveries of that phase over
 *   the time from its start to its last delivery.
 * Then every delivery the log calls for — each booking, for each webhook active when it was
 * recorded — is looked for at the receiver: `webhooks.duplicates` counts webhook-ids heard more
 * than once, `webhooks.lost` the ones never heard (after 120 s of draining at most).
 * Targets on this machine: steady p99 ≤ 250 ms, flat out ≥ 1,000 deliveries/s, 0 duplicates,
 * 0 lost.
 */

const SUITE = 'webhooks';
const STEADY_RPS = envNumber('BENCH_WEBHOOK_RPS', 200);
const DURATION_S = envNumber('BENCH_DURATION_S', 10);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const PARTS = 144;
const FLAT_OUT_WEBHOOKS = 3;

export const run = async (): Promise<void> => {
  // The receiver is on loopback: the launcher must be let through to it.
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  const receiver = await startWebhookReceiver();
  try {
    await withYearOfSlots(
      'bench_webhooks',
      PARTS,
      async ({ base, pid, db, admin, user, providerId, timeSlots }) => {
        const addWebhook = (name: string) =>
          call(base, admin, '/api/integrations/webhooks', {
            name,
            url: receiver.url,
            eventTypes: ['appointment.booked'],
          });
        await addWebhook('Bench 1');

        let sent = 0;
        const bodyFor = bookingBodyFor(SERVICE, providerId, timeSlots);
        const book = () => bookOnce(base, user, bodyFor(sent++));

        /** Every delivery the log calls for: each booking, for each webhook created before it. */
        const expected = async (): Promise<Set<string>> => {
          const { rows } = await db.query<{
            event_id: string;
            event_type: string;
            data: { webhookId?: string };
          }>(
            `SELECT event_id, event_type, data FROM es.events
          WHERE event_type IN ('IntervalBooked', 'WebhookCreated') ORDER BY transaction_id, global_position`,
          );
          const hooks: string[] = [];
          const ids = new Set<string>();
          for (const row of rows) {
            if (row.event_type === 'WebhookCreated') hooks.push(row.data.webhookId!);
            else {
              const publicId = `evt_${row.event_id.replaceAll('-', '')}_appointmentbooked`;
              for (const hook of hooks) ids.add(deliveryIdOf(hook, publicId));
            }
          }
          return ids;
        };
        const drained = async (timeoutMs: number) => {
          for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
            const wanted = await expected();
            if (new Set(receiver.heard.map((heard) => heard.webhookId)).size >= wanted.size) return;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        };

        note(`${SUITE}: ${STEADY_RPS} bookings/s, steady, for ${DURATION_S} s…`);
        const steadyFrom = receiver.heard.length;
        const steadyMeter = cpuMeter(pid);
        const steady = await paced(STEADY_RPS, DURATION_S, book);
        await drained(60_000);
        const steadyCpu = steadyMeter();
        const steadyHeard = receiver.heard.slice(steadyFrom);
        const { rows: commits } = await db.query<{ event_id: string; at: Date }>(
          `SELECT event_id, created_at AS at FROM es.events WHERE event_type = 'IntervalBooked'`,
        );
        const committedAt = new Map(
          commits.map((row) => [
            `evt_${row.event_id.replaceAll('-', '')}_appointmentbooked`,
            row.at.getTime(),
          ]),
        );
        const latency = new Samples();
        const first = new Map<string, HeardDelivery>();
        for (const heard of steadyHeard) if (!first.has(heard.webhookId)) first.set(heard.webhookId, heard);
        for (const heard of first.values()) {
          const at = committedAt.get((JSON.parse(heard.body) as { id: string }).id);
          if (at !== undefined) latency.push(heard.at - at);
        }
        const sorted = latency.sorted();
        // Where the time goes: commit → the dispatcher's log row (projector lag), row → heard (queue and send).
        const { rows: logged } = await db.query<{ event_id: string; dispatched: Date }>(
          `SELECT event_id, created_at AS dispatched FROM ${WEBHOOK_LOG_SCHEMA}.deliveries`,
        );
        const dispatchedAt = new Map(logged.map((row) => [row.event_id, row.dispatched.getTime()]));
        const toDispatch = new Samples();
        const toHeard = new Samples();
        for (const heard of first.values()) {
          const id = (JSON.parse(heard.body) as { id: string }).id;
          const [at, dispatched] = [committedAt.get(id), dispatchedAt.get(id)];
          if (at === undefined || dispatched === undefined) continue;
          toDispatch.push(dispatched - at);
          toHeard.push(heard.at - dispatched);
        }
        const [dispatchSorted, heardSorted] = [toDispatch.sorted(), toHeard.sorted()];
        note(
          `${SUITE}: steady: commit → dispatched p50 ${quantileOfSorted(dispatchSorted, 0.5).toFixed(0)} ms, p99 ${quantileOfSorted(dispatchSorted, 0.99).toFixed(0)} ms; dispatched → heard p50 ${quantileOfSorted(heardSorted, 0.5).toFixed(0)} ms, p99 ${quantileOfSorted(heardSorted, 0.99).toFixed(0)} ms`,
        );
        note(
          `${SUITE}: steady: ${steady.sent} bookings (${JSON.stringify(Object.fromEntries(steady.statuses))}), ${first.size} delivered`,
        );

        for (let n = 2; n <= FLAT_OUT_WEBHOOKS + 1; n++) await addWebhook(`Bench ${n}`);
        note(
          `${SUITE}: flat out, ${FLAT_OUT_WEBHOOKS + 1} webhooks, ${CONNECTIONS} connections for ${DURATION_S} s…`,
        );
        const flatFrom = receiver.heard.length;
        const flatStart = Date.now();
        const flatMeter = cpuMeter(pid);
        const result = await autocannon({
          url: `${base}/api/appointments/bookappointment`,
          connections: CONNECTIONS,
          duration: DURATION_S,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${user}` },
              setupRequest: (request) => ({ ...request, body: bodyFor(sent++) }),
            },
          ],
        });
        await drained(120_000);
        const flatCpu = flatMeter();
        const flatHeard = receiver.heard.slice(flatFrom);
        const lastAt = flatHeard.reduce((last, heard) => Math.max(last, heard.at), flatStart);
        note(
          `${SUITE}: flat out: ${result.requests.total} bookings sent (${result['2xx']} 2xx), ${flatHeard.length} deliveries in ${((lastAt - flatStart) / 1000).toFixed(1)} s`,
        );

        const wanted = await expected();
        const counts = new Map<string, number>();
        for (const heard of receiver.heard)
          counts.set(heard.webhookId, (counts.get(heard.webhookId) ?? 0) + 1);
        let duplicates = 0;
        for (const count of counts.values()) duplicates += count - 1;
        let lost = 0;
        for (const id of wanted) if (!counts.has(id)) lost++;
        const unexpected = [...counts.keys()].filter((id) => !wanted.has(id)).length;
        if (unexpected > 0) note(`${SUITE}: ${unexpected} deliveries the log does not call for`);

        figure(
          SUITE,
          'deliveries_per_s',
          flatHeard.length / Math.max(0.001, (lastAt - flatStart) / 1000),
          '/s',
        );
        figure(SUITE, 'commit_to_delivery_p50_ms', quantileOfSorted(sorted, 0.5), 'ms');
        figure(SUITE, 'commit_to_delivery_p99_ms', quantileOfSorted(sorted, 0.99), 'ms');
        // The receiver runs in this process: its CPU is not counted.
        cpuFigures(SUITE, 'steady.', 'booking', steadyCpu, steady.statuses.get(201) ?? 0);
        cpuFigures(SUITE, 'flat_out.', 'delivery', flatCpu, flatHeard.length);
        figure(SUITE, 'duplicates', duplicates, '');
        figure(SUITE, 'lost', lost, '');
      },
    );
  } finally {
    await receiver.close();
  }
};
