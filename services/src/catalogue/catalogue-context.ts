import type pg from 'pg';
import { MESSAGES } from '@appointment/contracts/messages';
import type { Actor } from '../accounts/accounts-context';
import { commandMetadata, handleCommand, type Command } from '../domain/command-handler';
import { NotFoundError } from '../domain/errors';
import { providerDecider, providerStream, type ProviderCommand } from './providers/provider.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';

export interface CatalogueDependencies {
  store: EventStore;
  /** Read models (rm_catalogue). */
  pool: pg.Pool;
  /** Read your writes: resolves once the projections have passed a position. */
  waitFor: WaitFor;
  now?: () => Date;
}

/** What every catalogue slice shares: its dependencies, the clock, read-your-writes. */
export interface CatalogueContext {
  deps: CatalogueDependencies;
  now: () => Date;
  /** Commands answer once the read models hold their events. */
  reads: ReadYourWrites;
}

export const catalogueContext = (deps: CatalogueDependencies): CatalogueContext => ({
  deps,
  now: deps.now ?? (() => new Date()),
  reads: new ReadYourWrites(deps.waitFor),
});

export const metadataOf = (context: CatalogueContext, actor: Actor): Command['metadata'] =>
  commandMetadata(context.now(), actor);

/** The provider an admin or incharge works for. */
export const ownProvider = (actor: Actor): string => {
  if (!actor.providerId) throw new NotFoundError(MESSAGES.needsProvider);
  return actor.providerId;
};

/** A command on a provider, answered once the read models hold its events. */
export const onProvider = async (
  context: CatalogueContext,
  actor: Actor,
  providerId: string,
  command: Omit<ProviderCommand, 'metadata'>,
) => {
  const result = await handleCommand(context.deps.store, providerStream(providerId), providerDecider, {
    ...command,
    metadata: metadataOf(context, actor),
  } as ProviderCommand);
  await context.reads.settled(result.position);
  return result;
};
