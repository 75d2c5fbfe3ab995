import { gzipSync } from 'node:zlib';
import { addDays, format, parseISO } from 'date-fns';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  bookedMinutes,
  dayKeyIn,
  firstOpenSlot,
  withNotice,
  withoutTimeOff,
  zonedInstant,
} from '@appointment/contracts/schedule';
import {
  availabilityRulesOf,
  scheduleServiceNamed,
  scheduleVersionOf,
  timeSlotsFromToday,
} from '@appointment/projections/schedule.queries';
import { NotFoundError } from '../../domain/errors';
import type { ScheduleContext } from '../schedule-context';
import type { CachedAvailability } from './availability-cache';

/** What fetchslot asks for: a provider's service by name (the request's `serviceId`). */
export interface SlotQuery {
  providerId: string;
  serviceName: string;
}

/** A fetchslot answer: JSON bytes, gzipped when the caller accepts that. */
export interface SlotAnswer {
  body: Buffer;
  encoding?: 'gzip';
}

/**
 * docs/product.md §7.5 fetchslot, answered as JSON bytes. The service's time slots from today on are read
 * from the read model once and kept until the provider's version moves or the day turns;
 * the first open slot, which depends on the clock, is worked out again once the clock passes
 * its start. Each request checks the version row (one indexed read), unless the projector
 * runs in this process and has not touched the provider since (readModelChanged).
 */
export const fetchSlot = async (
  context: ScheduleContext,
  { providerId, serviceName }: SlotQuery,
  acceptsGzip = false,
  viewer?: string,
): Promise<SlotAnswer> => {
  // The interval a person has just booked shows taken in the slots they read next.
  if (viewer) await context.deps.ownBookingsSeen?.(viewer);
  const cache = context.availability;
  const now = context.now();
  const key = `${providerId}\u0000${serviceName.trim().toLowerCase()}`;
  const localVersion = cache.localVersion(providerId);
  let entry = cache.get(key);
  const fresh = (candidate: CachedAvailability) => now.getTime() < candidate.dayEndsAt;
  if (!(cache.local && entry && entry.localVersion === localVersion && fresh(entry))) {
    const version = await scheduleVersionOf(context.deps.pool, providerId);
    if (!entry || entry.version !== version || !fresh(entry)) {
      entry = await loadAvailability(context, providerId, serviceName, version, now);
      cache.set(key, entry);
    }
    entry.localVersion = localVersion;
  }
  if (!entry.body || now.getTime() >= entry.bodyValidUntil) {
    // A minimum notice (issue 30) offers only what starts from now + notice: the time slots
    // starting sooner read as taken, and the first open slot is the first from then.
    const earliest = now.getTime() + entry.noticeMs;
    const offered =
      entry.noticeMs > 0 ? withNotice(entry.timeSlots, earliest, context.deps.logger) : entry.timeSlots;
    const first = firstOpenSlot(offered, new Date(earliest), context.deps.logger);
    const timeslotsJson = offered === entry.timeSlots ? entry.timeslotsJson : JSON.stringify(offered);
    entry.body = Buffer.from(
      `{"matchedService":${entry.matchedServiceJson},"timeslots":${timeslotsJson},"firstTimeslot":${JSON.stringify(first)}}`,
    );
    entry.gzipped = undefined;
    // The first open slot (and what the notice hides before it) stays the same until the clock
    // reaches its start less the notice.
    entry.bodyValidUntil = first
      ? Date.parse(first.intervalStart) - entry.noticeMs
      : Number.POSITIVE_INFINITY;
  }
  if (!acceptsGzip) return { body: entry.body };
  // A year of time slots is ~130 KB of repetitive JSON and ~10 KB gzipped; it is compressed once.
  entry.gzipped ??= gzipSync(entry.body);
  return { body: entry.gzipped, encoding: 'gzip' };
};

const loadAvailability = async (
  context: ScheduleContext,
  providerId: string,
  serviceName: string,
  version: string,
  now: Date,
): Promise<CachedAvailability> => {
  const matchedService = await scheduleServiceNamed(context.deps.pool, providerId, serviceName.trim());
  if (!matchedService) throw new NotFoundError(MESSAGES.serviceNotFound);
  const [stored, rules] = await Promise.all([
    timeSlotsFromToday(context.deps.pool, providerId, matchedService.name, now),
    availabilityRulesOf(context.deps.pool, providerId, now),
  ]);
  // Kept until the provider's version moves: time off and the notice move it (issue 30). Intervals
  // shorter than the service (made before the duration rule) are not offered for it.
  const timeSlots = withoutTimeOff(
    stored.filter((slot) => bookedMinutes(slot, context.deps.logger) >= matchedService.duration),
    rules.timeOff,
    context.deps.logger,
  );
  const timezone = stored[0]?.timezone ?? 'UTC';
  const today = dayKeyIn(now, timezone);
  return {
    version,
    dayEndsAt: zonedInstant(format(addDays(parseISO(today), 1), 'yyyy-MM-dd'), '00:00', timezone).getTime(),
    localVersion: 0,
    matchedServiceJson: JSON.stringify(matchedService),
    timeSlots,
    timeslotsJson: JSON.stringify(timeSlots),
    noticeMs: rules.minimumNoticeMinutes * 60_000,
    bodyValidUntil: 0,
  };
};
