/** The longest a state is kept, even when no change is heard of. */
const KEPT_MS = 60_000;
const MOST_KEPT = 10_000;

/**
 * States a booking reads before it decides (a provider, its time off), kept between bookings when
 * the process is told of every change (its projector calls `drop` after each batch); otherwise
 * read every time. A read that overlapped a change is not kept.
 */
export class KeptStates<T> {
  private readonly kept = new Map<string, { state: T; until: number }>();
  /** Bumped by every change, so a read that overlapped one is not kept. */
  private changes = 0;

  constructor(private readonly keep: boolean) {}

  /** Forgets the state of `key`: it changed. */
  drop(key: string): void {
    this.kept.delete(key);
    this.changes++;
  }

  async of(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept && kept.until > Date.now()) return kept.state;
    const changes = this.changes;
    const state = await read();
    if (this.keep && changes === this.changes) {
      if (this.kept.size >= MOST_KEPT) this.kept.clear();
      // Read again now and then all the same, should the projector ever stop telling.
      this.kept.set(key, { state, until: Date.now() + KEPT_MS });
    }
    return state;
  }
}
