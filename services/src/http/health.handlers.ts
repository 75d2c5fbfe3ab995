import { handlers, type OperationHandlers } from './mount-operations';
import type pg from 'pg';
import { readCheckpoints } from '@appointment/projections/checkpoints';
import { parkedCounts } from '@appointment/projections/parking';
import type { Projection } from '@appointment/projections/projection';
import type { EventStore } from '@appointment/contracts/event-store';
import { QUEUE_NAMES, type JobCounts, type JobQueues } from '../jobs/job-queues';

export interface HealthDependencies {
  pool: pg.Pool;
  store: EventStore;
  projections: Projection[];
  jobs?: JobQueues;
  /** HEALTH_DETAILS_LOCAL: callers on this machine see the details too (superadmin always does). */
  healthDetailsLocal?: boolean;
}

const isLoopback = (address: string | undefined): boolean =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

export interface ProjectionHealth {
  name: string;
  checkpoint: { transactionId: string; globalPosition: string } | null;
  eventsApplied: number;
  /** Events in the log this projection has not applied yet. */
  lag: number;
  /** Events it set aside: `npm run ops -- parked`, then `retry-parked` after a fix. */
  parked: number;
}

/**
 * GET /api/health: up (200 `{ status: 'ok' }`, or `degraded` while a projection has parked
 * events) or down (503 `{ status: 'unavailable' }`) for anyone; the details (Postgres latency, each projection's checkpoint and lag, each job queue's
 * counts) only for a superadmin, or a caller on this machine when HEALTH_DETAILS_LOCAL is set
 * (positions, queue sizes and database errors are nobody else's business).
 */
export const healthHandlers = ({
  pool,
  store,
  projections,
  jobs,
  healthDetailsLocal = false,
}: HealthDependencies): OperationHandlers =>
  handlers({
    health: async ({ req, res }) => {
      const detailed =
        (res.locals.auth as { role?: string } | undefined)?.role === 'superadmin' ||
        (healthDetailsLocal && isLoopback(req.socket.remoteAddress));
      const started = Date.now();
      try {
        await pool.query('SELECT 1');
      } catch (error) {
        res
          .status(503)
          .json(
            detailed
              ? { status: 'unavailable', postgres: { ok: false, error: (error as Error).message } }
              : { status: 'unavailable' },
          );
        return;
      }
      const latencyMs = Date.now() - started;
      // Parked events leave the platform up but degraded, until an operator retries them.
      const parked = await parkedCounts(pool).catch(() => new Map<string, number>());
      const parkedTotal = [...parked.values()].reduce((sum, count) => sum + count, 0);
      const status = parkedTotal > 0 ? 'degraded' : 'ok';
      if (!detailed) return { status };
      const checkpoints = await readCheckpoints(pool).catch(() => []);
      const projectionHealth: ProjectionHealth[] = await Promise.all(
        projections.map(async (projection) => {
          const checkpoint = checkpoints.find((entry) => entry.projection === projection.name);
          return {
            name: projection.name,
            checkpoint: checkpoint?.position ?? null,
            eventsApplied: checkpoint?.eventsApplied ?? 0,
            lag: await store.countAfter(checkpoint?.position),
            parked: parked.get(projection.name) ?? 0,
          };
        }),
      );
      const queues: Record<string, JobCounts> = {};
      if (jobs) {
        for (const queue of Object.values(QUEUE_NAMES)) queues[queue] = await jobs.counts(queue);
      }
      return {
        status,
        parked: parkedTotal,
        postgres: { ok: true, latencyMs },
        projections: projectionHealth,
        jobs: queues,
      };
    },
  });
