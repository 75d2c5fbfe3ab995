import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { TEST_SERVER_URL, createTestDatabase } from '@appointment/infra/testing/postgres';
import { describeJobQueuesContract } from './job-queues.contract';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * docs/architecture.md §7: on CI nothing is skipped; elsewhere a missing server is reported in one line.
 * Checked synchronously because jest collects the suites before any hook runs.
 */
const reachable = (url: string): boolean => {
  const { hostname, port } = new URL(url);
  const probe = `require('node:net').connect(${Number(port)}, ${JSON.stringify(hostname)})
    .on('connect', () => process.exit(0)).on('error', () => process.exit(1)).setTimeout(2000, () => process.exit(1));`;
  return spawnSync(process.execPath, ['-e', probe]).status === 0;
};

const describeIfReachable = (name: string, url: string, howToStart: string, suite: () => void) => {
  if (process.env.CI === 'true' || reachable(url)) return suite();
  describe.skip(name, () => it('needs a server', () => undefined));
  console.warn(
    `${name} job-queue contract skipped: nothing at ${new URL(url).host}; start one with: ${howToStart}`,
  );
};

describeIfReachable('PostgreSQL', TEST_SERVER_URL, 'apt-get install -y postgresql', () =>
  describeJobQueuesContract('BullMQ on PostgreSQL', async () => {
    const database = await createTestDatabase('jobs_contract');
    const prefix = `jobs_${randomBytes(4).toString('hex')}`;
    return {
      backend: { kind: 'postgres', connectionString: database.url },
      prefix,
      unreachable: { kind: 'postgres', connectionString: 'postgres://postgres@127.0.0.1:1/appointment' },
      stored: async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows: tables } = await client.query<{ name: string }>(
            `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1`,
            [prefix],
          );
          const texts: string[] = [];
          for (const { name } of tables) {
            const { rows } = await client.query<{ text: string | null }>(
              `SELECT string_agg(t::text, E'\\n') AS text FROM "${prefix}"."${name}" t`,
            );
            texts.push(rows[0]?.text ?? '');
          }
          return texts.join('\n');
        } finally {
          await client.end();
        }
      },
      teardown: () => database.drop(),
    };
  }),
);

describeIfReachable('Redis', REDIS_URL, 'apt-get install -y redis-server', () =>
  describeJobQueuesContract('BullMQ on Redis', async () => {
    const prefix = `test-jobs-${randomBytes(4).toString('hex')}`;
    return {
      backend: { kind: 'redis', url: REDIS_URL },
      prefix,
      unreachable: { kind: 'redis', url: 'redis://127.0.0.1:1' },
      stored: async () => {
        const redis = new Redis(REDIS_URL);
        const texts: string[] = [];
        try {
          for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500, type: 'hash' }))
            for (const key of keys as string[]) texts.push(JSON.stringify(await redis.hgetall(key)));
        } finally {
          redis.disconnect();
        }
        return texts.join('\n');
      },
      teardown: async () => {
        const redis = new Redis(REDIS_URL);
        try {
          for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
            if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
          }
        } finally {
          redis.disconnect();
        }
      },
    };
  }),
);
