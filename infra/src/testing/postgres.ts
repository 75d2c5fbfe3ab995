import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's server (docs/architecture.md §7: tests use real Postgres on loopback). */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * The database a test run migrated once (`npm test` makes it: services/src/testing/template-database.ts),
 * copied for each platform a test starts instead of migrating every copy anew.
 */
export const TEMPLATE_DATABASE_VARIABLE = 'TEST_TEMPLATE_DATABASE';

/**
 * A fresh database per test file, so files can run in parallel without seeing each other.
 * `migrated`: a copy of the run's migrated template, when the run has one (an empty database
 * otherwise, which the platform migrates as it starts): for tests that start the platform.
 */
export const createTestDatabase = async (
  prefix: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<TestDatabase> => {
  const name = `t_${prefix.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const template = migrated ? process.env[TEMPLATE_DATABASE_VARIABLE] : undefined;
  if (template !== undefined && !/^t_[a-z0-9_]+$/.test(template))
    throw new Error(`${TEMPLATE_DATABASE_VARIABLE} must name a test database (t_…), not "${template}"`);
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(TEST_SERVER_URL, name),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_SERVER_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
};
