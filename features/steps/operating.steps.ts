import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Given, Then, When } from '@cucumber/cucumber';
import type { PlatformWorld } from '../support/world';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

interface Health {
  status: string;
  postgres: { ok: boolean };
  projections: { name: string; lag: number }[];
}

const recordEvents = async (world: PlatformWorld, count: number, providers: number, offset = 0) => {
  for (let i = offset; i < offset + count; i++) {
    await world.store.append(`provider-${i % providers}`, [
      { type: i % 2 === 0 ? 'ServiceAdded' : 'TimeSlotAdded', data: { n: i } },
    ]);
  }
};

const rebuildAll = (world: PlatformWorld) =>
  run(process.execPath, ['--import', 'tsx', 'services/src/main/ops.ts', 'rebuild', 'all'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: world.database!.url },
  });

Given('the platform is running', async function (this: PlatformWorld) {
  await this.startPlatform();
});

Given(
  '{int} events have been recorded across {int} providers',
  async function (this: PlatformWorld, count: number, providers: number) {
    await recordEvents(this, count, providers);
  },
);

When('an operator checks its health', async function (this: PlatformWorld) {
  await this.get('/api/health');
});

When('an operator rebuilds every read model', async function (this: PlatformWorld) {
  await rebuildAll(this);
});

When(
  'an operator rebuilds every read model while {int} more events are recorded',
  async function (this: PlatformWorld, more: number) {
    const before = (await this.store.readAll({ limit: 1_000_000 })).length;
    await Promise.all([rebuildAll(this), recordEvents(this, more, 20, before)]);
  },
);

Then('the database is reachable', function (this: PlatformWorld) {
  const health = this.lastResponse!.body as Health;
  assert.equal(this.lastResponse!.status, 200);
  assert.equal(health.status, 'ok');
  assert.equal(health.postgres.ok, true);
});

Then('every read model is up to date', async function (this: PlatformWorld) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { body } = await this.get('/api/health');
    const health = body as Health;
    assert.ok(health.projections.length > 0, 'the platform runs no read models');
    if (health.projections.every((projection) => projection.lag === 0)) return;
    assert.ok(Date.now() < deadline, `read models still behind: ${JSON.stringify(health.projections)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

Then(
  "the operators' stream catalogue lists {int} streams holding {int} events",
  async function (this: PlatformWorld, streams: number, events: number) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await this.pool.query<{ streams: string; events: string }>(
        'SELECT count(*) AS streams, coalesce(sum(event_count), 0) AS events FROM rm_stream_catalog.streams',
      );
      const seen = { streams: Number(rows[0]!.streams), events: Number(rows[0]!.events) };
      if (seen.streams === streams && seen.events === events) return;
      assert.ok(Date.now() < deadline, `catalogue shows ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  },
);
