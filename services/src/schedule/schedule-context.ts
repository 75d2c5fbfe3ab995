import type pg from 'pg';
import { MESSAGES } from '@appointment/contracts/messages';
import type { SlotLogger } from '@appointment/contracts/schedule';
import type { Actor } from '../accounts/accounts-context';
import { ownProvider } from '../catalogue/catalogue-context';
import { commandMetadata, handleCommand, loadState, type Command } from '../domain/command-handler';
import { NotFoundError, ValidationError } from '../domain/errors';
import {
  providerDecider,
  providerStream,
  type ActiveProvider,
  type ProviderCommand,
} from '../catalogue/providers/provider.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';
import { AvailabilityCache } from './availability/availability-cache';

export interface ScheduleDependencies {
  store: EventStore;
  /** Read models (rm_schedule). */
  pool: pg.Pool;
  waitFor: WaitFor;
  logger: SlotLogger;
  now?: () => Date;
  /**
   * Read your writes across areas: resolves once the slot lists hold the person's own last
   * booking, which answered without waiting for them (appointments' `reads.caughtUp`).
   */
  ownBookingsSeen?: (userId: string) => Promise<void>;
}

/** What every schedule slice shares: its dependencies, the clock, read-your-writes, the fetchslot cache. */
export interface ScheduleContext {
  deps: ScheduleDependencies;
  now: () => Date;
  /** Commands answer once the read models hold their events. */
  reads: ReadYourWrites;
  availability: AvailabilityCache;
}

export const scheduleContext = (deps: ScheduleDependencies): ScheduleContext => ({
  deps,
  now: deps.now ?? (() => new Date()),
  reads: new ReadYourWrites(deps.waitFor),
  availability: new AvailabilityCache(),
});

export const metadataOf = (context: ScheduleContext, actor: Actor): Command['metadata'] =>
  commandMetadata(context.now(), actor);

/** The actor's own provider, which must be active. */
export const activeProvider = async (context: ScheduleContext, actor: Actor): Promise<ActiveProvider> => {
  const providerId = ownProvider(actor);
  const state = await loadState(context.deps.store, providerStream(providerId), providerDecider);
  if (state.status !== 'active') throw new NotFoundError(MESSAGES.providerNotFound);
  return state as ActiveProvider;
};

/** A command on the actor's own provider, answered once the read models hold its events. */
export const onOwnProvider = async (
  context: ScheduleContext,
  actor: Actor,
  command: Omit<ProviderCommand, 'metadata'>,
): Promise<ActiveProvider> => {
  const providerId = ownProvider(actor);
  const result = await handleCommand(context.deps.store, providerStream(providerId), providerDecider, {
    ...command,
    metadata: metadataOf(context, actor),
  } as ProviderCommand);
  await context.reads.settled(result.position);
  return result.state as ActiveProvider;
};

/** Service names as the provider spells them; an unknown name is a field error. */
export const serviceNames = (provider: ActiveProvider, names: string[]): string[] =>
  [...new Set(names)].map((name) => {
    const service = provider.services.find((s) => s.name.trim().toLowerCase() === name.trim().toLowerCase());
    if (!service) {
      const message = `${MESSAGES.unknownService}: ${name}`;
      throw new ValidationError(message, [{ field: 'serviceIds', message }]);
    }
    return service.name;
  });
