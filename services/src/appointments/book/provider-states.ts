import { loadState } from '../../domain/command-handler';
import {
  providerDecider,
  providerStream,
  type Provider as ProviderState,
} from '../../catalogue/providers/provider.decider';
import type { EventStore } from '@appointment/contracts/event-store';

/** The longest a provider's state is kept, even when no change is heard of. */
const PROVIDER_KEPT_MS = 60_000;

/** Providers' states as bookings read them, kept between bookings when the process is told of changes. */
export class ProviderStates {
  private readonly kept = new Map<string, { state: ProviderState; until: number }>();
  /** Bumped by every change, so a read that overlapped one is not kept. */
  private changes = 0;

  constructor(
    private readonly store: EventStore,
    private readonly keep: boolean,
  ) {}

  /** Drops kept providers whose streams have new events (the projector calls this per batch). */
  changed(events: readonly { streamName: string }[]): void {
    for (const event of events) {
      if (!event.streamName.startsWith('provider-')) continue;
      this.kept.delete(event.streamName);
      this.changes++;
    }
  }

  async of(providerId: string): Promise<ProviderState> {
    const stream = providerStream(providerId);
    const kept = this.kept.get(stream);
    if (kept && kept.until > Date.now()) return kept.state;
    const changes = this.changes;
    const state = await loadState(this.store, stream, providerDecider);
    if (this.keep && changes === this.changes) {
      if (this.kept.size >= 10_000) this.kept.clear();
      // Read again now and then all the same, should the projector ever stop telling.
      this.kept.set(stream, { state, until: Date.now() + PROVIDER_KEPT_MS });
    }
    return state;
  }
}
