import { z } from 'zod';
import { Role } from './roles';

/** Who caused an event and why: carried on every command and copied onto its events. */
export const EventMetadata = z
  .object({
    userId: z.string().optional(),
    role: Role.optional(),
    correlationId: z.string().optional(),
    causationId: z.string().optional(),
    /** The API key the account acted through. */
    apiKeyId: z.string().optional(),
    /** Recorded by a job or a reactor, not by a person; `process` names which. */
    system: z.boolean().optional(),
    process: z.string().optional(),
  })
  .catchall(z.unknown());
export type EventMetadata = z.infer<typeof EventMetadata>;

/** An event about to be appended. `id` makes a retried append idempotent. */
export const NewEvent = z.object({
  id: z.uuid().optional(),
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
  metadata: EventMetadata.optional(),
});
export type NewEvent = z.infer<typeof NewEvent>;

/**
 * A position in the global log. Ordering is (transactionId, globalPosition): a reader never
 * passes an event whose transaction commits late (docs/architecture.md §3). Both are decimal strings
 * because they are 64-bit.
 */
export const LogPosition = z.object({ transactionId: z.string(), globalPosition: z.string() });
export type LogPosition = z.infer<typeof LogPosition>;

export const RecordedEvent = z.object({
  id: z.uuid(),
  type: z.string(),
  streamName: z.string(),
  streamRevision: z.number().int().nonnegative(),
  position: LogPosition,
  data: z.record(z.string(), z.unknown()),
  metadata: EventMetadata,
  createdAt: z.string(),
});
export type RecordedEvent = z.infer<typeof RecordedEvent>;
