import type { TimeSlot } from '@appointment/contracts/schedule';

/** A fetchslot answer kept until the provider's time slots or services change, or the day turns. */
export interface CachedAvailability {
  version: string;
  /** The first instant of the next day in the provider's zone: the time slots "from today" change then. */
  dayEndsAt: number;
  /** This process's change count for the provider when the entry was read (local projector). */
  localVersion: number;
  matchedServiceJson: string;
  /** Its time slots from today on as offered: time off taken out (issue 30). */
  timeSlots: TimeSlot[];
  timeslotsJson: string;
  /** The provider's minimum notice in ms (issue 30): intervals starting sooner are not offered. */
  noticeMs: number;
  /** The whole answer, until the clock passes the start of its first open slot. */
  body?: Buffer;
  /** The same answer gzipped, made on the first request that accepts it. */
  gzipped?: Buffer;
  bodyValidUntil: number;
}

const CACHE_LIMIT = 2000;

/** fetchslot answers per provider and service, and what this process's projector has changed. */
export class AvailabilityCache {
  private readonly entries = new Map<string, CachedAvailability>();
  /**
   * Per provider, how many batches touching its schedule this process's projector committed.
   * Undefined when the projector runs elsewhere: then every read checks the version row.
   */
  private localVersions?: Map<string, number>;

  /**
   * Called with every batch the projector in this process commits to rm_schedule. From the
   * first call on, a cached answer is trusted until its provider shows up in a batch.
   */
  readModelChanged(events: { data: unknown }[]): void {
    this.localVersions ??= new Map();
    for (const event of events) {
      const providerId = (event.data as { providerId?: unknown }).providerId;
      if (typeof providerId === 'string') {
        this.localVersions.set(providerId, (this.localVersions.get(providerId) ?? 0) + 1);
      }
    }
  }

  /** Whether this process's projector reports its batches (readModelChanged was called). */
  get local(): boolean {
    return this.localVersions !== undefined;
  }

  localVersion(providerId: string): number {
    return this.localVersions?.get(providerId) ?? 0;
  }

  get(key: string): CachedAvailability | undefined {
    return this.entries.get(key);
  }

  /** Keeps an entry as the newest; the oldest goes once the cache is full. */
  set(key: string, entry: CachedAvailability): void {
    this.entries.delete(key);
    if (this.entries.size >= CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }
}
