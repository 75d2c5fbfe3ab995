import type pg from 'pg';

/** Runs `work` in one transaction on one client: committed if it resolves, rolled back if not. */
export const inTransaction = async <T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/**
 * Applies idempotent DDL under a named advisory lock, so processes starting together do not
 * trip over each other ("tuple concurrently updated").
 */
export const migrateSchema = (pool: pg.Pool, name: string, ddl: string): Promise<void> =>
  inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`appointment.migrate.${name}`]);
    await client.query(ddl);
  });
