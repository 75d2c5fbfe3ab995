import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import pg from 'pg';
import {
  migrateCheckpoints,
  moveIdleCheckpoints,
  readCheckpoint,
  waitForCheckpoints,
  writeCheckpoint,
} from './checkpoints';

/** A process that waits on a projector which has not made its tables yet waits; it does not fail. */
describe('waitForCheckpoints before the projector has started', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('checkpoints_early');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('answers "not yet" (false) when projector.checkpoints does not exist', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      await expect(
        waitForCheckpoints(pool, { transactionId: '1', globalPosition: '1' }, ['appointments'], 100),
      ).resolves.toBe(false);
    } finally {
      await pool.end();
    }
  });
});

/** A batch with nothing for a projection moves its checkpoint without its lock. */
describe('moveIdleCheckpoints', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase('checkpoints_idle');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await migrateCheckpoints(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const at = (n: number) => ({ transactionId: String(n), globalPosition: String(n) });

  it('moves a checkpoint still where its batch was cut from, and leaves one another writer moved', async () => {
    const client = await pool.connect();
    try {
      await writeCheckpoint(client, 'quiet', at(10), 1, 5, 'reset');
      await writeCheckpoint(client, 'swapped', at(40), 1, 7, 'reset');
    } finally {
      client.release();
    }
    const moved = await moveIdleCheckpoints(pool, [
      { name: 'quiet', from: at(10), to: at(20), applied: 3 },
      // Cut from 10, but a rebuild's swap has moved it to 40 meanwhile.
      { name: 'swapped', from: at(10), to: at(20), applied: 3 },
    ]);
    expect([...moved]).toEqual(['quiet']);
    expect(await readCheckpoint(pool, 'quiet')).toMatchObject({ position: at(20), eventsApplied: 8 });
    expect(await readCheckpoint(pool, 'swapped')).toMatchObject({ position: at(40), eventsApplied: 7 });
    expect(await moveIdleCheckpoints(pool, [])).toEqual(new Set());
  });
});
