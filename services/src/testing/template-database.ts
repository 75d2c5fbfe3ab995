import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { startPlatform } from '../main/platform';

/**
 * A database holding what the platform creates when it first starts on an empty one (every
 * schema and table, no event), made once per test run: the test platforms and the scenarios
 * copy it (`createTestDatabase(…, { migrated: true })`) instead of migrating each database anew,
 * about a second of PostgreSQL's time per start. Nothing connects to it afterwards, as
 * PostgreSQL requires of a template.
 */
export const createMigratedTemplate = async (): Promise<TestDatabase> => {
  const database = await createTestDatabase('template');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appointment-template-'));
  try {
    const platform = await startPlatform({
      config: loadConfig({
        DEMO_DATA: 'false',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_POOL_SIZE: '4',
      }),
      databaseUrl: database.url,
      logger: createLogger('silent'),
    });
    await platform.stop();
    return database;
  } catch (error) {
    await database.drop();
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
