import { Router } from 'express';
import type pg from 'pg';
import { readCheckpoints } from '@appointment/projections/checkpoints';
import type { Projection } from '@appointment/projections/projection';
import type { EventStore } from '../eventstore/event-store';
import { QUEUE_NAMES, type JobCounts, type JobQueues } from '../jobs/job-queues';

export interface HealthDependencies {
  pool: pg.Pool;
  store: EventStore;
  projections: Projection[];
  jobs?: JobQueues;
}

export interface ProjectionHealth {
  name: string;
  checkpoint: { transactionId: string; globalPosition: string } | null;
  eventsApplied: number;
  /** Events in the log this projection has not applied yet. */
  lag: number;
}

/** GET /api/health: Postgres reachability, each projection's lag and each job queue's counts. */
export const healthRouter = ({ pool, store, projections, jobs }: HealthDependencies): Router => {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const started = Date.now();
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      res
        .status(503)
        .json({ status: 'unavailable', postgres: { ok: false, error: (error as Error).message } });
      return;
    }
    const latencyMs = Date.now() - started;
    const checkpoints = await readCheckpoints(pool).catch(() => []);
    const projectionHealth: ProjectionHealth[] = await Promise.all(
      projections.map(async (projection) => {
        const checkpoint = checkpoints.find((entry) => entry.projection === projection.name);
        return {
          name: projection.name,
          checkpoint: checkpoint?.position ?? null,
          eventsApplied: checkpoint?.eventsApplied ?? 0,
          lag: await store.countAfter(checkpoint?.position),
        };
      }),
    );
    const queues: Record<string, JobCounts> = {};
    if (jobs) {
      for (const queue of Object.values(QUEUE_NAMES)) queues[queue] = await jobs.counts(queue);
    }
    res.json({
      status: 'ok',
      postgres: { ok: true, latencyMs },
      projections: projectionHealth,
      jobs: queues,
    });
  });
  return router;
};
