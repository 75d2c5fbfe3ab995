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

/** A fresh database per test file, so files can run in parallel without seeing each other. */
export const createTestDatabase = async (prefix: string): Promise<TestDatabase> => {
  const name = `t_${prefix.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
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
