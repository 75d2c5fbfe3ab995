import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@appointment/contracts/events';
import type { Role } from '@appointment/contracts/roles';
import { withFields } from '@appointment/contracts/objects';

/**
 * Who is acting, for the events a request, a job or a reactor records: a signed-in account
 * (with the API key it used, if any) or the system. Set once at each entry point (the HTTP
 * actor middleware, the fast path, the job workers, the reactors) and read where events are
 * appended, so no service passes it by hand.
 */
export type ActingParty =
  { kind: 'account'; userId: string; role: Role; apiKeyId?: string } | { kind: 'system'; process: string };

export interface ActingContext {
  actor?: ActingParty;
  /** One per request (or job run); every event the request records carries it. */
  correlationId: string;
  /** The event (or job) that caused what runs in this context, when one did. */
  causationId?: string;
}

const storage = new AsyncLocalStorage<ActingContext>();

export const actingContext = (): ActingContext | undefined => storage.getStore();

/** Runs `fn` with `context` as the acting context of everything it appends. */
export const actingAs = <T>(context: Partial<ActingContext>, fn: () => T): T =>
  storage.run({ correlationId: context.correlationId ?? randomUUID(), ...context }, fn);

/** Runs `fn` as the system: jobs and reactors (docs/architecture.md §1). */
export const asSystem = <T>(process: string, fn: () => T, causationId?: string): T =>
  actingAs({ actor: { kind: 'system', process }, ...(causationId ? { causationId } : {}) }, fn);

/** The acting party as event metadata fields. */
export const actorMetadata = (actor: ActingParty): Partial<EventMetadata> =>
  actor.kind === 'system'
    ? { system: true, process: actor.process }
    : { userId: actor.userId, role: actor.role, ...(actor.apiKeyId ? { apiKeyId: actor.apiKeyId } : {}) };

/**
 * Fills what an event's metadata lacks from the acting context: who (unless it names someone
 * already), the request's correlation id and the causation id. Called at the event store's
 * append, so every path records it.
 */
export const withActingContext = (metadata: EventMetadata | undefined): EventMetadata => {
  const context = storage.getStore();
  const given = metadata ?? {};
  if (!context) return given;
  const named = given.userId !== undefined || given.system === true || given.apiKeyId !== undefined;
  return withFields(context.actor && !named ? actorMetadata(context.actor) : {}, {
    correlationId: context.correlationId,
    ...(context.causationId ? { causationId: context.causationId } : {}),
    ...given,
  });
};
