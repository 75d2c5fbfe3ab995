import type { Projection } from './projection';

/**
 * The operators' view of the log: one row per stream (its category, revision and last
 * event) and a count per event type. Counts are not idempotent under replay,
 * so they only stay right because rows and checkpoint commit together.
 */
export const streamCatalogProjection: Projection = {
  name: 'stream_catalog',
  version: 1,
  createTables: (schema) => `
    CREATE TABLE ${schema}.streams (
      stream_name text PRIMARY KEY,
      category text NOT NULL,
      revision bigint NOT NULL,
      event_count bigint NOT NULL,
      last_event_type text NOT NULL,
      first_event_at timestamptz NOT NULL,
      last_event_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.streams (category);
    CREATE TABLE ${schema}.event_types (
      event_type text PRIMARY KEY,
      event_count bigint NOT NULL,
      last_event_at timestamptz NOT NULL
    );
  `,
  apply: async (event, { db, schema }) => {
    const dash = event.streamName.indexOf('-');
    const category = dash > 0 ? event.streamName.slice(0, dash) : event.streamName;
    await db.query(
      `INSERT INTO ${schema}.streams AS s VALUES ($1, $2, $3, 1, $4, $5, $5)
       ON CONFLICT (stream_name) DO UPDATE SET
         revision = EXCLUDED.revision,
         event_count = s.event_count + 1,
         last_event_type = EXCLUDED.last_event_type,
         last_event_at = EXCLUDED.last_event_at
       WHERE s.revision < EXCLUDED.revision`,
      [event.streamName, category, event.streamRevision, event.type, event.createdAt],
    );
    await db.query(
      `INSERT INTO ${schema}.event_types AS t VALUES ($1, 1, $2)
       ON CONFLICT (event_type) DO UPDATE SET
         event_count = t.event_count + 1,
         last_event_at = greatest(t.last_event_at, EXCLUDED.last_event_at)`,
      [event.type, event.createdAt],
    );
  },
};
