import type { LogPosition } from '@appointment/contracts/events';
import { comparePositions } from '@appointment/contracts/event-store';

/** Waits until the read models have passed a position in the log (bounded by its caller). */
export type WaitFor = (position: LogPosition) => Promise<unknown>;

/**
 * Read your writes (docs/architecture.md §9), one way for every service. A command either answers once the
 * read models hold its last event (`settled`), or answers at once and makes the same person's
 * next reads wait for it (`wrote`, then `caughtUp` before each read).
 */
export class ReadYourWrites {
  /** Where each person's last unsettled write sits in the log, until the read models pass it. */
  private readonly written = new Map<string, LogPosition>();
  /** The last write answered without waiting, whoever made it. */
  private last?: LogPosition;

  constructor(private readonly waitFor: WaitFor) {}

  /** The command answers once the read models hold its last event. */
  async settled(position: LogPosition | undefined): Promise<void> {
    if (position) await this.waitFor(position);
  }

  /**
   * The command answered at once: this person's next reads wait for `position`, or for the
   * later one they already wait for (a refused booking's position may be older than their last
   * booking's).
   */
  wrote(userId: string, position: LogPosition): void {
    if (this.written.size >= 100_000) this.written.clear();
    const waiting = this.written.get(userId);
    if (waiting && comparePositions(waiting, position) > 0) return;
    this.written.set(userId, position);
    if (!this.last || comparePositions(position, this.last) > 0) this.last = position;
  }

  /**
   * Read your writes without making the write wait: a person's reads wait for the read models
   * to hold their last write (at once, nearly always).
   */
  async caughtUp(userId: string): Promise<void> {
    const position = this.written.get(userId);
    if (!position) return;
    await this.waitFor(position);
    if (this.written.get(userId) === position) this.written.delete(userId);
  }

  /** For a read that finds nothing: waits, once, for the last write answered without waiting. */
  async lastWriteSettled(): Promise<boolean> {
    if (!this.last) return false;
    await this.waitFor(this.last);
    return true;
  }
}
