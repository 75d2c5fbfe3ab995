import type { RecordedEvent } from '@appointment/contracts/events';
import type pg from 'pg';
import { batchStatement, liveSchema, type ApplyContext, type Projection } from './projection';

/**
 * The operators' view of the log: one row per stream (its category, revision and last
 * event) and a count per event type. Counts are not idempotent under replay,
 * so they only stay right because rows and checkpoint commit together.
 */
export const streamCatalogProjection: Projection = {
  name: 'stream_catalog',
  version: 2,
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
  apply: (event, context) => applyCatalog([event], context),
  applyBatch: (events, context) => applyCatalog(events, context),
};

/** A batch in two statements: its streams and its event types, each counted in memory first. */
const applyCatalog = async (events: RecordedEvent[], { db, schema }: ApplyContext): Promise<void> => {
  const streams = new Map<
    string,
    { category: string; revision: number; count: number; type: string; first: string; last: string }
  >();
  const types = new Map<string, { count: number; last: string }>();
  for (const event of events) {
    const stream = streams.get(event.streamName);
    if (stream) {
      stream.count++;
      if (event.streamRevision > stream.revision) {
        stream.revision = event.streamRevision;
        stream.type = event.type;
        stream.last = event.createdAt;
      }
    } else {
      const dash = event.streamName.indexOf('-');
      streams.set(event.streamName, {
        category: dash > 0 ? event.streamName.slice(0, dash) : event.streamName,
        revision: event.streamRevision,
        count: 1,
        type: event.type,
        first: event.createdAt,
        last: event.createdAt,
      });
    }
    const type = types.get(event.type);
    if (type) {
      type.count++;
      if (event.createdAt > type.last) type.last = event.createdAt;
    } else types.set(event.type, { count: 1, last: event.createdAt });
  }
  // Both tables in one statement: one round trip per batch.
  await db.query(
    batchStatement(
      schema,
      'record_streams',
      `WITH streams AS (
       INSERT INTO ${schema}.streams AS s
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::timestamptz[],
                            $7::timestamptz[])
       -- Two appends to one stream can commit in the other order than their revisions: every
       -- event counts, and the last event is the one with the highest revision, however the
       -- log is cut into batches.
       ON CONFLICT (stream_name) DO UPDATE SET
         revision = greatest(s.revision, EXCLUDED.revision),
         event_count = s.event_count + EXCLUDED.event_count,
         last_event_type = CASE WHEN EXCLUDED.revision > s.revision THEN EXCLUDED.last_event_type
                                ELSE s.last_event_type END,
         last_event_at = CASE WHEN EXCLUDED.revision > s.revision THEN EXCLUDED.last_event_at
                              ELSE s.last_event_at END
     )
     INSERT INTO ${schema}.event_types AS t SELECT * FROM unnest($8::text[], $9::bigint[], $10::timestamptz[])
     ON CONFLICT (event_type) DO UPDATE SET
       event_count = t.event_count + EXCLUDED.event_count,
       last_event_at = greatest(t.last_event_at, EXCLUDED.last_event_at)`,
      [
        [...streams.keys()],
        [...streams.values()].map((stream) => stream.category),
        [...streams.values()].map((stream) => stream.revision),
        [...streams.values()].map((stream) => stream.count),
        [...streams.values()].map((stream) => stream.type),
        [...streams.values()].map((stream) => stream.first),
        [...streams.values()].map((stream) => stream.last),
        [...types.keys()],
        [...types.values()].map((type) => type.count),
        [...types.values()].map((type) => type.last),
      ],
    ),
  );
};

export interface StreamCatalogCategory {
  category: string;
  streams: number;
  events: number;
}

/** What the operators' catalogue holds: how many streams and events, in all and per category. */
export interface StreamCatalogSummary {
  streams: number;
  events: number;
  categories: StreamCatalogCategory[];
}

/** Reads the live catalogue (`npm run ops -- streams`). */
export const readStreamCatalog = async (db: pg.Pool | pg.ClientBase): Promise<StreamCatalogSummary> => {
  const { rows } = await db.query<{ category: string; streams: string; events: string }>(
    `SELECT category, count(*) AS streams, sum(event_count) AS events
       FROM ${liveSchema(streamCatalogProjection)}.streams GROUP BY category ORDER BY category`,
  );
  const categories = rows.map((row) => ({
    category: row.category,
    streams: Number(row.streams),
    events: Number(row.events),
  }));
  return {
    streams: categories.reduce((sum, category) => sum + category.streams, 0),
    events: categories.reduce((sum, category) => sum + category.events, 0),
    categories,
  };
};
