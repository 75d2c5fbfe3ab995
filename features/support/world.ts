import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { After, Before, setDefaultTimeout, setWorldConstructor, World } from '@cucumber/cucumber';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { PROJECTIONS } from '@appointment/projections/registry';
import { ProjectorRunner } from '@appointment/projections/runner';
import { PostgresEventStore } from '@appointment/services/eventstore/postgres-event-store';
import { createApp } from '@appointment/services/http/app';
import { createLogger } from '@appointment/services/logger';

setDefaultTimeout(60_000);

/** One running platform per scenario: its own database, projector and HTTP server. */
export class PlatformWorld extends World {
  database?: TestDatabase;
  store?: PostgresEventStore;
  projector?: ProjectorRunner;
  server?: http.Server;
  baseUrl = '';
  lastResponse?: { status: number; body: unknown };

  async startPlatform(): Promise<void> {
    this.database = await createTestDatabase('feature');
    this.store = await PostgresEventStore.connect({
      connectionString: this.database.url,
      pollIntervalMs: 50,
    });
    this.projector = new ProjectorRunner(this.store.pool, this.store, PROJECTIONS, { batchSize: 100 });
    await this.projector.start();
    const app = createApp({
      pool: this.store.pool,
      store: this.store,
      projections: PROJECTIONS,
      logger: createLogger('silent'),
    });
    this.server = http.createServer(app);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async get(path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.baseUrl}${path}`);
    this.lastResponse = { status: response.status, body: await response.json() };
    return this.lastResponse;
  }

  async stopPlatform(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.projector?.stop();
    await this.store?.close();
    await this.database?.drop();
  }
}

setWorldConstructor(PlatformWorld);

Before(function (this: PlatformWorld) {
  this.baseUrl = '';
});

After(async function (this: PlatformWorld) {
  await this.stopPlatform();
});
