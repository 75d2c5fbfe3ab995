import type pg from 'pg';
import type { RecordedEvent } from '@appointment/contracts/events';

/**
 * One read model: its tables, and how each event changes them. `apply` runs inside the
 * transaction that also moves the projection's checkpoint, so it must only use `db`.
 */
export interface Projection {
  /** Lower-case identifier; the live tables sit in the schema `rm_<name>`. */
  name: string;
  /** Bumped when the tables or the event handling change; a mismatch triggers a rebuild. */
  version: number;
  /** DDL creating the tables inside `schema` (already created, empty). */
  createTables(schema: string): string;
  apply(event: RecordedEvent, context: { db: pg.ClientBase; schema: string }): Promise<void>;
}

export const liveSchema = (projection: Pick<Projection, 'name'>): string => `rm_${projection.name}`;
export const shadowSchema = (projection: Pick<Projection, 'name'>): string => `rm_${projection.name}__shadow`;

/** The lock a batch or a swap holds for one projection: two writers never interleave. */
export const projectionLockKey = (projection: Pick<Projection, 'name'>): string =>
  `projection:${projection.name}`;
