import { loadState } from '../../domain/command-handler';
import {
  providerDecider,
  providerStream,
  type Provider as ProviderState,
} from '../../catalogue/providers/provider.decider';
import type { EventStore } from '@appointment/contracts/event-store';
import { KeptStates } from './kept-states';

/** Providers' states as bookings read them, kept between bookings when the process is told of changes. */
export class ProviderStates {
  private readonly kept: KeptStates<ProviderState>;

  constructor(
    private readonly store: EventStore,
    keep: boolean,
  ) {
    this.kept = new KeptStates(keep);
  }

  /** Drops kept providers whose streams have new events (the projector calls this per batch). */
  changed(events: readonly { streamName: string }[]): void {
    for (const event of events)
      if (event.streamName.startsWith('provider-')) this.kept.drop(event.streamName);
  }

  of(providerId: string): Promise<ProviderState> {
    const stream = providerStream(providerId);
    return this.kept.of(stream, () => loadState(this.store, stream, providerDecider));
  }
}
