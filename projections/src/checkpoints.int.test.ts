import { createTestDatabase, type TestDatabase } from '@appointment/infra/testing/postgres';
import pg from 'pg';
import { waitForCheckpoints } from './checkpoints';

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
