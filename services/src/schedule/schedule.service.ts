import { WEEKDAYS } from '@appointment/contracts/constants';
import type { OpenHours } from '@appointment/contracts/catalogue';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { addDays, format, parseISO } from 'date-fns';
import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import type { LogPosition } from '@appointment/contracts/events';
import { MESSAGES } from '@appointment/contracts/messages';
import {
  dayKeyIn,
  firstOpenSlot,
  generateIntervals,
  occurrenceDates,
  templateWindows,
  windowShape,
  zonedInstant,
  type ApplyTemplate,
  type Availability,
  type FetchSlotRequest,
  type MatchedService,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
  type SlotLogger,
  type TimeSlot,
  type TimeSlotForm,
} from '@appointment/contracts/schedule';
import type { Actor } from '../accounts/accounts.service';
import { CatalogueService } from '../catalogue/catalogue.service';
import { commandMetadata, handleCommand, loadState, type Command } from '../domain/command-handler';
import { NotFoundError, ValidationError } from '../domain/errors';
import {
  providerDecider,
  providerStream,
  type ActiveProvider,
  type ProviderCommand,
} from '../domain/providers/provider.decider';
import { timeSlotDecider, timeSlotStream, type TimeSlotCommand } from '../domain/schedule/time-slot.decider';
import {
  providerCalendarDecider,
  providerCalendarStream,
  type CalendarWindow,
  type ProviderCalendarCommand,
} from '../domain/schedule/provider-calendar.decider';
import { comparePositions, type EventStore } from '../eventstore/event-store';
import { ReadYourWrites, type WaitFor } from '../read-your-writes';

export interface ScheduleDependencies {
  store: EventStore;
  /** Read models (rm_schedule). */
  pool: pg.Pool;
  waitFor: WaitFor;
  logger: SlotLogger;
  now?: () => Date;
}

interface TimeSlotRow {
  id: string;
  provider_id: string;
  service_ids: string[];
  date: string;
  start_time: string;
  end_time: string;
  timezone: string;
  starts_at: Date;
  ends_at: Date;
  available_slots: number;
  capacity: number;
  indexes: number[];
  add_as_slot: boolean;
}

const SLOT_COLUMNS = `id, provider_id, service_ids, date::text AS date, start_time, end_time, timezone, starts_at,
  ends_at, available_slots, capacity, indexes, add_as_slot`;

const toTimeSlot = (row: TimeSlotRow): TimeSlot => ({
  _id: row.id,
  providerId: row.provider_id,
  serviceIds: row.service_ids,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  availableSlots: row.available_slots,
  capacity: row.capacity,
  indexes: row.indexes,
  addAsSlot: row.add_as_slot,
  timezone: row.timezone,
  startDateTime: row.starts_at.toISOString(),
  endDateTime: row.ends_at.toISOString(),
});

type Window = {
  date: string;
  startTime: string;
  endTime: string;
  availableSlots: number;
  addAsSlot: boolean;
};

/** A fetchslot answer kept until the provider's windows or services change, or the day turns. */
interface CachedAvailability {
  version: string;
  /** The first instant of the next day in the provider's zone: the windows "from today" change then. */
  dayEndsAt: number;
  /** This process's change count for the provider when the entry was read (local projector). */
  localVersion: number;
  matchedServiceJson: string;
  windows: TimeSlot[];
  timeslotsJson: string;
  /** The whole answer, until the clock passes the start of its first open slot. */
  body?: Buffer;
  /** The same answer gzipped, made on the first request that accepts it. */
  gzipped?: Buffer;
  bodyValidUntil: number;
}

/** A fetchslot answer: JSON bytes, gzipped when the caller accepts that. */
export interface SlotAnswer {
  body: Buffer;
  encoding?: 'gzip';
}

const CACHE_LIMIT = 2000;
const WINDOW_NAMESPACE = '0f8a3c52-5b1e-4f0e-8a57-8e6c1d2f4b90';
/** How many windows of one request are appended at once. */
const APPEND_CONCURRENCY = 8;

/** The schedule area: time slots, availability for booking, working hours and templates. */
export class ScheduleService {
  private readonly now: () => Date;
  /** Commands answer once the read models hold their events. */
  private readonly reads: ReadYourWrites;
  private readonly cache = new Map<string, CachedAvailability>();
  /**
   * Per provider, how many batches touching its schedule this process's projector committed.
   * Undefined when the projector runs elsewhere: then every read checks the version row.
   */
  private localVersions?: Map<string, number>;

  constructor(private readonly deps: ScheduleDependencies) {
    this.now = deps.now ?? (() => new Date());
    this.reads = new ReadYourWrites(deps.waitFor);
  }

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

  private meta(actor: Actor): Command['metadata'] {
    return commandMetadata(this.now(), actor);
  }

  private async activeProvider(actor: Actor): Promise<ActiveProvider> {
    const providerId = CatalogueService.ownProvider(actor);
    const state = await loadState(this.deps.store, providerStream(providerId), providerDecider);
    if (state.status !== 'active') throw new NotFoundError(MESSAGES.providerNotFound);
    return state as ActiveProvider;
  }

  private async provider(actor: Actor, command: Omit<ProviderCommand, 'metadata'>) {
    const providerId = CatalogueService.ownProvider(actor);
    const result = await handleCommand(this.deps.store, providerStream(providerId), providerDecider, {
      ...command,
      metadata: this.meta(actor),
    } as ProviderCommand);
    await this.reads.settled(result.position);
    return result.state as ActiveProvider;
  }

  /** Service names as the provider spells them; an unknown name is a field error. */
  private serviceNames(provider: ActiveProvider, names: string[]): string[] {
    return [...new Set(names)].map((name) => {
      const service = provider.services.find(
        (s) => s.name.trim().toLowerCase() === name.trim().toLowerCase(),
      );
      if (!service) {
        const message = `${MESSAGES.unknownService}: ${name}`;
        throw new ValidationError(message, [{ field: 'serviceIds', message }]);
      }
      return service.name;
    });
  }

  /** docs/product.md §7.5 addtimeslot: one window per occurrence, in the provider's time zone. */
  async addTimeSlot(actor: Actor, form: TimeSlotForm, idempotencyKey?: string): Promise<TimeSlot[]> {
    const provider = await this.activeProvider(actor);
    const today = dayKeyIn(this.now(), provider.timezone);
    if (form.date < today) {
      throw new ValidationError(MESSAGES.dateInPast, [{ field: 'date', message: MESSAGES.dateInPast }]);
    }
    const shape = windowShape(form);
    const windows = occurrenceDates(form).map((date) => ({
      date,
      startTime: form.startTime,
      endTime: form.endTime,
      ...shape,
    }));
    return this.addWindows(
      actor,
      provider,
      windows,
      this.serviceNames(provider, form.serviceIds),
      idempotencyKey,
    );
  }

  private async addWindows(
    actor: Actor,
    provider: ActiveProvider,
    windows: Window[],
    serviceIds: string[],
    idempotencyKey?: string,
  ): Promise<TimeSlot[]> {
    const details = windows.map((window) => {
      const startDateTime = zonedInstant(window.date, window.startTime, provider.timezone).toISOString();
      const endDateTime = zonedInstant(window.date, window.endTime, provider.timezone).toISOString();
      if (
        window.addAsSlot &&
        generateIntervals({ ...window, indexes: [], timezone: provider.timezone }, this.deps.logger)
          .length === 0
      ) {
        throw new ValidationError(MESSAGES.slotTooShort, [
          { field: 'availableSlots', message: MESSAGES.slotTooShort },
        ]);
      }
      const key = `${provider.providerId}\u0000${window.date}\u0000${window.startTime}\u0000${window.endTime}`;
      return {
        timeSlotId: idempotencyKey ? uuidv5(`${key}\u0000${idempotencyKey}`, WINDOW_NAMESPACE) : randomUUID(),
        providerId: provider.providerId,
        serviceIds,
        date: window.date,
        startTime: window.startTime,
        endTime: window.endTime,
        timezone: provider.timezone,
        startDateTime,
        endDateTime,
        availableSlots: window.availableSlots,
        addAsSlot: window.addAsSlot,
      };
    });
    // Issue 18: the times are reserved on the provider's calendar first, where an overlap with
    // any of its windows is refused (a retried request reserves its own windows again: nothing).
    await this.reserveOnCalendar(actor, provider.providerId, details);
    const positions: LogPosition[] = [];
    for (let i = 0; i < details.length; i += APPEND_CONCURRENCY) {
      const results = await Promise.all(
        details.slice(i, i + APPEND_CONCURRENCY).map((data) =>
          handleCommand(this.deps.store, timeSlotStream(data.timeSlotId), timeSlotDecider, {
            type: 'AddTimeSlot',
            data,
            metadata: this.meta(actor),
          } satisfies TimeSlotCommand),
        ),
      );
      for (const result of results) if (result.position) positions.push(result.position);
    }
    const last = positions.sort(comparePositions).at(-1);
    await this.reads.settled(last);
    const { rows } = await this.deps.pool.query<TimeSlotRow>(
      `SELECT ${SLOT_COLUMNS} FROM rm_schedule.time_slots WHERE id = ANY($1) ORDER BY starts_at, id`,
      [details.map((d) => d.timeSlotId)],
    );
    return rows.map(toTimeSlot);
  }

  private async reserveOnCalendar(
    actor: Actor,
    providerId: string,
    windows: CalendarWindow[],
  ): Promise<void> {
    const stream = providerCalendarStream(providerId);
    const calendar = await loadState(this.deps.store, stream, providerCalendarDecider);
    const existing = calendar.opened ? undefined : await this.windowsBeforeCalendar(providerId);
    const command: ProviderCalendarCommand = {
      type: 'ReserveWindows',
      data: {
        providerId,
        windows: windows.map(({ timeSlotId, date, startTime, endTime, startDateTime, endDateTime }) => ({
          timeSlotId,
          date,
          startTime,
          endTime,
          startDateTime,
          endDateTime,
        })),
        ...(existing ? { existing } : {}),
      },
      metadata: this.meta(actor),
    };
    await handleCommand(this.deps.store, stream, providerCalendarDecider, command, { maxRetries: 10 });
  }

  /** Windows a provider had before its calendar stream existed (stores older than issue 18). */
  private async windowsBeforeCalendar(providerId: string): Promise<CalendarWindow[]> {
    const { rows } = await this.deps.pool.query<TimeSlotRow>(
      `SELECT ${SLOT_COLUMNS} FROM rm_schedule.time_slots WHERE provider_id = $1 ORDER BY starts_at, id`,
      [providerId],
    );
    return rows.map(toTimeSlot).map((slot) => ({
      timeSlotId: slot._id,
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
    }));
  }

  /**
   * Issue 18: when the provider's time slots of the next four weeks open, per weekday (earliest
   * start, latest end, on the provider's clock). A provider's detail shows these hours, so they
   * never contradict what can be booked.
   */
  async openHours(providerId: string, timezone: string): Promise<OpenHours[]> {
    const today = dayKeyIn(this.now(), timezone);
    const { rows } = await this.deps.pool.query<{ dow: number; opens: string; closes: string }>(
      `SELECT extract(isodow FROM date)::int AS dow, min(start_time) AS opens, max(end_time) AS closes
         FROM rm_schedule.time_slots
        WHERE provider_id = $1 AND date >= $2::date AND date < $2::date + 28
        GROUP BY 1 ORDER BY 1`,
      [providerId, today],
    );
    return rows.map((row) => ({ day: WEEKDAYS[row.dow - 1]!, opens: row.opens, closes: row.closes }));
  }

  /** The provider's windows in time order, optionally only those offering one service. */
  async timeSlots(actor: Actor, serviceName?: string): Promise<TimeSlot[]> {
    const providerId = CatalogueService.ownProvider(actor);
    const { rows } = await this.deps.pool.query<TimeSlotRow>(
      `SELECT ${SLOT_COLUMNS} FROM rm_schedule.time_slots
        WHERE provider_id = $1 AND ($2::text IS NULL OR $2 = ANY(service_ids)) ORDER BY starts_at, id`,
      [providerId, serviceName?.trim() ? serviceName.trim() : null],
    );
    return rows.map(toTimeSlot);
  }

  /**
   * docs/product.md §7.5 fetchslot, answered as JSON bytes. The service's windows from today on are read
   * from the read model once and kept until the provider's version moves or the day turns;
   * the first open slot, which depends on the clock, is worked out again once the clock passes
   * its start. Each request checks the version row (one indexed read), unless the projector
   * runs in this process and has not touched the provider since (readModelChanged).
   */
  async fetchSlot({ providerId, serviceId }: FetchSlotRequest, acceptsGzip = false): Promise<SlotAnswer> {
    const now = this.now();
    const key = `${providerId}\u0000${serviceId.trim().toLowerCase()}`;
    const localVersion = this.localVersions?.get(providerId) ?? 0;
    let entry = this.cache.get(key);
    const fresh = (candidate: CachedAvailability) => now.getTime() < candidate.dayEndsAt;
    if (!(this.localVersions && entry && entry.localVersion === localVersion && fresh(entry))) {
      const { rows } = await this.deps.pool.query<{ version: string }>(
        'SELECT version FROM rm_schedule.versions WHERE provider_id = $1',
        [providerId],
      );
      const version = rows[0]?.version ?? '0';
      if (!entry || entry.version !== version || !fresh(entry)) {
        entry = await this.loadAvailability(providerId, serviceId, version, now);
        this.cache.delete(key);
        if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
        this.cache.set(key, entry);
      }
      entry.localVersion = localVersion;
    }
    if (!entry.body || now.getTime() >= entry.bodyValidUntil) {
      const first = firstOpenSlot(entry.windows, now, this.deps.logger);
      entry.body = Buffer.from(
        `{"matchedService":${entry.matchedServiceJson},"timeslots":${entry.timeslotsJson},"firstTimeslot":${JSON.stringify(first)}}`,
      );
      entry.gzipped = undefined;
      // The first open slot stays the same until the clock reaches its start.
      entry.bodyValidUntil = first ? Date.parse(first.intervalStart) : Number.POSITIVE_INFINITY;
    }
    if (!acceptsGzip) return { body: entry.body };
    // A year of windows is ~130 KB of repetitive JSON and ~10 KB gzipped; it is compressed once.
    entry.gzipped ??= gzipSync(entry.body);
    return { body: entry.gzipped, encoding: 'gzip' };
  }

  private async loadAvailability(
    providerId: string,
    serviceName: string,
    version: string,
    now: Date,
  ): Promise<CachedAvailability> {
    const services = await this.deps.pool.query<{
      id: string;
      name: string;
      description: string | null;
      duration: number;
      price: string;
      currency: string;
      is_payment_needed: boolean;
      automatic_booking: boolean;
    }>(
      `SELECT id, name, description, duration, price, currency, is_payment_needed, automatic_booking
         FROM rm_schedule.services
        WHERE provider_id = $1 AND lower(name) = lower($2) LIMIT 1`,
      [providerId, serviceName.trim()],
    );
    const service = services.rows[0];
    if (!service) throw new NotFoundError(MESSAGES.serviceNotFound);
    const matchedService: MatchedService = {
      _id: service.id,
      name: service.name,
      ...(service.description ? { description: service.description } : {}),
      duration: service.duration,
      price: Number(service.price),
      currency: service.currency,
      isPaymentNeeded: service.is_payment_needed,
      automaticBooking: service.automatic_booking,
    };
    const { rows } = await this.deps.pool.query<TimeSlotRow>(
      `SELECT ${SLOT_COLUMNS} FROM rm_schedule.time_slots
        WHERE provider_id = $1 AND $2 = ANY(service_ids) AND date >= ($3::timestamptz AT TIME ZONE timezone)::date
        ORDER BY starts_at, id`,
      [providerId, service.name, now.toISOString()],
    );
    const windows = rows.map(toTimeSlot);
    const timezone = windows[0]?.timezone ?? 'UTC';
    const today = dayKeyIn(now, timezone);
    return {
      version,
      dayEndsAt: zonedInstant(format(addDays(parseISO(today), 1), 'yyyy-MM-dd'), '00:00', timezone).getTime(),
      localVersion: 0,
      matchedServiceJson: JSON.stringify(matchedService),
      windows,
      timeslotsJson: JSON.stringify(windows),
      bodyValidUntil: 0,
    };
  }

  async availability(actor: Actor): Promise<Availability> {
    const provider = await this.activeProvider(actor);
    return { workingHours: provider.workingHours, breaks: provider.breaks, timezone: provider.timezone };
  }

  async setAvailability(actor: Actor, availability: Availability): Promise<Availability> {
    const state = await this.provider(actor, { type: 'SetAvailability', data: availability });
    return { workingHours: state.workingHours, breaks: state.breaks, timezone: state.timezone };
  }

  async templates(actor: Actor): Promise<ScheduleTemplate[]> {
    const providerId = CatalogueService.ownProvider(actor);
    const { rows } = await this.deps.pool.query<{
      id: string;
      name: string;
      description: string;
      is_default: boolean;
      working_hours: ScheduleTemplate['workingHours'];
      breaks: ScheduleTemplate['breaks'];
    }>(
      `SELECT id, name, description, is_default, working_hours, breaks FROM rm_schedule.templates
        WHERE provider_id = $1 ORDER BY is_default DESC, created_at, id`,
      [providerId],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      isDefault: row.is_default,
      workingHours: row.working_hours,
      breaks: row.breaks,
    }));
  }

  private async template(provider: ActiveProvider, id: string): Promise<ScheduleTemplate> {
    const template = provider.templates.find((candidate) => candidate.id === id);
    if (!template) throw new NotFoundError(MESSAGES.templateNotFound);
    return template;
  }

  async saveTemplate(
    actor: Actor,
    input: ScheduleTemplateInput & { description: string },
  ): Promise<ScheduleTemplate> {
    const provider = await this.activeProvider(actor);
    const existing = input.id ? await this.template(provider, input.id) : undefined;
    const template: ScheduleTemplate = {
      id: existing?.id ?? randomUUID(),
      name: input.name,
      description: input.description,
      isDefault: existing?.isDefault ?? false,
      workingHours: input.workingHours,
      breaks: input.breaks,
    };
    await this.provider(actor, { type: 'SaveTemplate', data: { template } });
    return template;
  }

  /** A copy named "(Copy)" that is not the default (docs/product.md §2.8). */
  async duplicateTemplate(actor: Actor, id: string): Promise<ScheduleTemplate> {
    const original = await this.template(await this.activeProvider(actor), id);
    const template: ScheduleTemplate = {
      ...original,
      id: randomUUID(),
      name: `${original.name} (Copy)`,
      isDefault: false,
    };
    await this.provider(actor, { type: 'SaveTemplate', data: { template } });
    return template;
  }

  async deleteTemplate(actor: Actor, id: string): Promise<void> {
    await this.provider(actor, { type: 'DeleteTemplate', data: { templateId: id } });
  }

  /** A week of time slots from a template; days already past are left out. */
  async applyTemplate(actor: Actor, request: ApplyTemplate, idempotencyKey?: string): Promise<TimeSlot[]> {
    const provider = await this.activeProvider(actor);
    const template = await this.template(provider, request.id);
    const names = request.serviceIds?.length ? request.serviceIds : provider.services.map((s) => s.name);
    if (names.length === 0) {
      throw new ValidationError(MESSAGES.serviceSelectionRequired, [
        { field: 'serviceIds', message: MESSAGES.serviceSelectionRequired },
      ]);
    }
    const today = dayKeyIn(this.now(), provider.timezone);
    const windows = templateWindows(template, request.weekStart).filter((window) => window.date >= today);
    if (windows.length === 0) {
      throw new ValidationError(MESSAGES.templateWeekEmpty, [
        { field: 'weekStart', message: MESSAGES.templateWeekEmpty },
      ]);
    }
    return this.addWindows(actor, provider, windows, this.serviceNames(provider, names), idempotencyKey);
  }
}
