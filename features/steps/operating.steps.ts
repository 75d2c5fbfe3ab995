import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import {
  checkHealth,
  eventsRecorded,
  rebuildAll,
  recordEvents,
  streamCatalog,
  type Health,
} from '../drivers/operating';
import type { PlatformWorld } from '../support/world';

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
  await checkHealth(this);
});

When('an operator rebuilds every read model', async function (this: PlatformWorld) {
  await rebuildAll(this);
});

When(
  'an operator rebuilds every read model while {int} more events are recorded',
  async function (this: PlatformWorld, more: number) {
    const before = await eventsRecorded(this);
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
    const { body } = await checkHealth(this);
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
      const seen = await streamCatalog(this);
      if (seen.streams === streams && seen.events === events) return;
      assert.ok(Date.now() < deadline, `catalogue shows ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  },
);
