import { defaultTemplate, type ScheduleTemplate } from '@appointment/contracts/schedule';
import { FALLBACK_CURRENCY, defaultCurrencyForAddress } from '@appointment/contracts/money';
import { TimeOffAdded, TimeOffDeleted } from '@appointment/contracts/events/provider-calendar';
import {
  BookingPolicySet,
  ProviderApproved,
  ProviderCreated,
  ProviderCurrencyChanged,
  ProviderRegistered,
  ProviderRejected,
  ScheduleTemplateDeleted,
  ScheduleTemplateSaved,
  ServiceAdded,
  ServiceDeleted,
  ServiceEdited,
} from '@appointment/contracts/events/provider';
import {
  AppointmentMovedIn,
  AppointmentStatusChanged,
  IntervalBooked,
  MoveInUndone,
  TimeSlotAdded,
  TimeSlotChanged,
  TimeSlotDeleted,
} from '@appointment/contracts/events/time-slot';
import { WAITLIST_EVENTS } from '@appointment/contracts/events/waitlist';
import { parseData, readEvent, type EventSchemas } from './parse-event';
import type { RecordedEvent } from '@appointment/contracts/events';
import { batchStatement, inRuns, type ApplyContext, type Projection } from './projection';

/** A provider's first event as this read model reads it: its currency, or its address's country's. */
const providerFirst = { providerId: true, at: true, address: true, currency: true } as const;

/** What a booking takes from its time slot. */
const Booked = IntervalBooked.pick({
  at: true,
  providerId: true,
  timeSlotId: true,
  appointmentId: true,
  index: true,
  status: true,
});

/** The events this read model handles, each read with (the fields it needs of) its schema. */
const SCHEMAS = {
  ProviderRegistered: ProviderRegistered.pick(providerFirst),
  ProviderApproved,
  ProviderCreated: ProviderCreated.pick(providerFirst),
  ProviderCurrencyChanged,
  ProviderRejected: ProviderRejected.pick({ providerId: true, at: true }),
  ServiceAdded,
  ServiceEdited,
  ServiceDeleted,
  ScheduleTemplateSaved,
  ScheduleTemplateDeleted,
  TimeSlotAdded,
  IntervalBooked: Booked,
  AppointmentStatusChanged: AppointmentStatusChanged.pick({
    at: true,
    providerId: true,
    appointmentId: true,
    from: true,
    to: true,
  }),
  AppointmentMovedIn: AppointmentMovedIn.pick({
    at: true,
    providerId: true,
    timeSlotId: true,
    appointmentId: true,
    index: true,
  }),
  MoveInUndone: MoveInUndone.pick({ at: true, providerId: true, appointmentId: true, from: true }),
  TimeSlotChanged: TimeSlotChanged.omit({ previous: true, cancelled: true }),
  TimeSlotDeleted: TimeSlotDeleted.pick({ at: true, providerId: true, timeSlotId: true }),
  TimeOffAdded,
  TimeOffDeleted,
  BookingPolicySet,
  // An offered place (issue 31) is held for its waiter: offered, it is a hold of its own.
  PlaceOffered: WAITLIST_EVENTS.PlaceOffered,
  OfferClaimed: WAITLIST_EVENTS.OfferClaimed,
  OfferDeclined: WAITLIST_EVENTS.OfferDeclined,
  OfferExpired: WAITLIST_EVENTS.OfferExpired,
  OfferWithdrawn: WAITLIST_EVENTS.OfferWithdrawn,
  WaiterLeft: WAITLIST_EVENTS.WaiterLeft,
} satisfies EventSchemas;

/** The hold of a place offered to a waitlist entry (issue 31), beside the appointments' holds. */
const offerHold = (entryId: string) => `offer:${entryId}`;

/**
 * Availability for booking and schedule management (docs/product.md §2.6, §2.8, §7.5): time slots per
 * provider and day, the services they offer, and schedule templates. `versions` counts the
 * changes to each provider's time slots and services, so a reader can keep a derived answer until
 * the count moves.
 */
export const scheduleProjection: Projection = {
  name: 'schedule',
  // 5: a time slot's repeating series; time slots changed and deleted (issue 30).
  // 6: time off, and the minimum notice of each provider's booking policy (issue 30).
  // 7: a place offered to a waiter (issue 31) is held; 8: until withdrawn by a change of its time slot.
  version: 8,
  createTables: (schema) => `
    CREATE TABLE ${schema}.time_slots (
      id text PRIMARY KEY,
      provider_id text NOT NULL,
      service_names text[] NOT NULL,
      date date NOT NULL,
      start_time text NOT NULL,
      end_time text NOT NULL,
      timezone text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      capacity integer NOT NULL,
      -- A block's places left; null for a split time slot, whose free intervals are the ones
      -- not in taken_intervals.
      places_left integer,
      taken_intervals integer[] NOT NULL DEFAULT '{}',
      split boolean NOT NULL,
      -- The repeating series it was added with (issue 30), if any.
      series_id text
    );
    CREATE INDEX ON ${schema}.time_slots (provider_id, date, starts_at);
    CREATE TABLE ${schema}.services (
      id text PRIMARY KEY,
      provider_id text NOT NULL,
      name text NOT NULL,
      description text,
      duration integer NOT NULL,
      price numeric(12, 2) NOT NULL,
      currency text NOT NULL,
      is_payment_needed boolean NOT NULL,
      automatic_booking boolean NOT NULL
    );
    CREATE INDEX ON ${schema}.services (provider_id, lower(name));
    -- Each provider's currency (issue 18), which its services take.
    CREATE TABLE ${schema}.provider_currencies (
      provider_id text PRIMARY KEY,
      currency text NOT NULL
    );
    CREATE TABLE ${schema}.templates (
      provider_id text NOT NULL,
      id text NOT NULL,
      name text NOT NULL,
      description text NOT NULL,
      is_default boolean NOT NULL,
      working_hours jsonb NOT NULL,
      breaks jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (provider_id, id)
    );
    -- Which appointment holds which interval (its interval number) or place (null) of a time slot.
    CREATE TABLE ${schema}.holds (
      appointment_id text PRIMARY KEY,
      timeslot_id text NOT NULL,
      interval_number integer,
      active boolean NOT NULL
    );
    -- Time off (issue 30): as given, and its instants; no slot inside it is offered.
    CREATE TABLE ${schema}.time_off (
      id text PRIMARY KEY,
      provider_id text NOT NULL,
      from_given text NOT NULL,
      to_given text NOT NULL,
      reason text NOT NULL,
      timezone text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${schema}.time_off (provider_id, ends_at);
    -- The minimum notice of each provider's booking policy, in minutes (issue 30).
    CREATE TABLE ${schema}.notices (
      provider_id text PRIMARY KEY,
      minimum_notice_minutes integer NOT NULL
    );
    CREATE TABLE ${schema}.versions (
      provider_id text PRIMARY KEY,
      version bigint NOT NULL
    );
  `,
  applyBatch: (events, context) => applyBatch(events, context),
  apply: async (event, { db, schema }) => {
    const read = readEvent('schedule', SCHEMAS, event);
    if (!read) return;
    const { type, data: d } = read;
    const bump = () =>
      db.query(
        `INSERT INTO ${schema}.versions (provider_id, version) VALUES ($1, 1)
         ON CONFLICT (provider_id) DO UPDATE SET version = ${schema}.versions.version + 1`,
        [d.providerId],
      );
    /** What an appointment holds now: its time slot, interval and whether it is active. */
    const holdOf = async (appointmentId: string) =>
      (
        await db.query<{ timeslot_id: string; interval_number: number | null; active: boolean }>(
          `SELECT timeslot_id, interval_number, active FROM ${schema}.holds WHERE appointment_id = $1`,
          [appointmentId],
        )
      ).rows[0];
    /** Takes (+1) or frees (-1) an interval of a split time slot, or a place in a block. */
    const hold = (timeSlotId: string, intervalNumber: number | null, change: 1 | -1) =>
      intervalNumber === null
        ? db.query(`UPDATE ${schema}.time_slots SET places_left = places_left - $2 WHERE id = $1`, [
            timeSlotId,
            change,
          ])
        : db.query(
            change > 0
              ? `UPDATE ${schema}.time_slots SET taken_intervals = array_append(array_remove(taken_intervals, $2), $2) WHERE id = $1`
              : `UPDATE ${schema}.time_slots SET taken_intervals = array_remove(taken_intervals, $2) WHERE id = $1`,
            [timeSlotId, intervalNumber],
          );
    const saveTemplate = (template: ScheduleTemplate) =>
      db.query(
        `INSERT INTO ${schema}.templates (provider_id, id, name, description, is_default, working_hours, breaks,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (provider_id, id) DO UPDATE SET name = $3, description = $4, is_default = $5,
           working_hours = $6, breaks = $7, updated_at = $8`,
        [
          d.providerId,
          template.id,
          template.name,
          template.description,
          template.isDefault,
          JSON.stringify(template.workingHours),
          JSON.stringify(template.breaks),
          d.at,
        ],
      );
    const setCurrency = (currency: string) =>
      db.query(
        `INSERT INTO ${schema}.provider_currencies (provider_id, currency) VALUES ($1, $2)
         ON CONFLICT (provider_id) DO UPDATE SET currency = $2`,
        [d.providerId, currency],
      );
    switch (type) {
      case 'ProviderRegistered':
        await setCurrency(d.currency ?? defaultCurrencyForAddress(d.address));
        return;
      case 'ProviderCurrencyChanged':
        await setCurrency(d.currency);
        await db.query(`UPDATE ${schema}.services SET currency = $2 WHERE provider_id = $1`, [
          d.providerId,
          d.currency,
        ]);
        await bump();
        return;
      case 'ProviderCreated':
        await setCurrency(d.currency ?? defaultCurrencyForAddress(d.address));
        // Every active provider starts with the default template (the provider decider's rule).
        await saveTemplate(defaultTemplate());
        return;
      case 'ProviderApproved':
        await saveTemplate(defaultTemplate());
        return;
      case 'ProviderRejected':
        await db.query(`DELETE FROM ${schema}.templates WHERE provider_id = $1`, [d.providerId]);
        return;
      case 'ServiceAdded':
      case 'ServiceEdited':
        await db.query(
          `INSERT INTO ${schema}.services (id, provider_id, name, description, duration, price, is_payment_needed,
             automatic_booking, currency)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
             COALESCE((SELECT currency FROM ${schema}.provider_currencies WHERE provider_id = $2), $9))
           ON CONFLICT (id) DO UPDATE SET name = $3, description = $4, duration = $5, price = $6,
             is_payment_needed = $7, automatic_booking = $8`,
          [
            d.serviceId,
            d.providerId,
            d.name,
            d.description ?? null,
            d.duration,
            d.price,
            d.isPaymentNeeded,
            d.automaticBooking,
            FALLBACK_CURRENCY,
          ],
        );
        if (type === 'ServiceEdited' && d.previousName !== d.name) {
          // Time slots name their services; a renamed service keeps its time slots.
          await db.query(
            `UPDATE ${schema}.time_slots SET service_names = array_replace(service_names, $2, $3)
              WHERE provider_id = $1 AND $2 = ANY(service_names)`,
            [d.providerId, d.previousName, d.name],
          );
        }
        await bump();
        return;
      case 'ServiceDeleted':
        await db.query(`DELETE FROM ${schema}.services WHERE id = $1`, [d.serviceId]);
        await db.query(
          `UPDATE ${schema}.time_slots SET service_names = array_remove(service_names, $2)
            WHERE provider_id = $1 AND $2 = ANY(service_names)`,
          [d.providerId, d.name],
        );
        await bump();
        return;
      case 'ScheduleTemplateSaved':
        await saveTemplate(d.template);
        return;
      case 'ScheduleTemplateDeleted':
        await db.query(`DELETE FROM ${schema}.templates WHERE provider_id = $1 AND id = $2`, [
          d.providerId,
          d.templateId,
        ]);
        return;
      case 'IntervalBooked':
        await bookRun([event], { db, schema });
        return;
      case 'AppointmentStatusChanged': {
        const active = d.to !== 'cancelled';
        const before = await holdOf(d.appointmentId);
        await db.query(`UPDATE ${schema}.holds SET active = $2 WHERE appointment_id = $1`, [
          d.appointmentId,
          active,
        ]);
        if (before && before.active !== active)
          await hold(before.timeslot_id, before.interval_number, active ? +1 : -1);
        await bump();
        return;
      }
      case 'PlaceOffered': {
        const taken = await db.query(
          `INSERT INTO ${schema}.holds (appointment_id, timeslot_id, interval_number, active)
           VALUES ($1, $2, $3, true) ON CONFLICT (appointment_id) DO NOTHING`,
          [offerHold(d.entryId), d.timeSlotId, d.index],
        );
        if (taken.rowCount) await hold(d.timeSlotId, d.index, +1);
        await bump();
        return;
      }
      case 'OfferClaimed':
      case 'OfferDeclined':
      case 'OfferExpired':
      case 'OfferWithdrawn':
      case 'WaiterLeft': {
        // The offer no longer holds its place (a claim's booking, after it, takes it again).
        const before = await holdOf(offerHold(d.entryId));
        // A day entry's copy elsewhere (issue 31) closing holds nothing here.
        if (!before?.active || before.timeslot_id !== d.timeSlotId) return;
        await db.query(`UPDATE ${schema}.holds SET active = false WHERE appointment_id = $1`, [
          offerHold(d.entryId),
        ]);
        await hold(before.timeslot_id, before.interval_number, -1);
        await bump();
        return;
      }
      case 'AppointmentMovedIn':
      case 'MoveInUndone': {
        // Its hold moves (issue 29): the place it had is free, the place it has is taken.
        const to =
          type === 'AppointmentMovedIn'
            ? { timeSlotId: d.timeSlotId, index: d.index }
            : { timeSlotId: d.from.timeSlotId, index: d.from.index };
        const before = await holdOf(d.appointmentId);
        if (!before) return;
        if (before.active) await hold(before.timeslot_id, before.interval_number, -1);
        await db.query(
          `UPDATE ${schema}.holds SET timeslot_id = $2, interval_number = $3 WHERE appointment_id = $1`,
          [d.appointmentId, to.timeSlotId, to.index],
        );
        if (before.active) await hold(to.timeSlotId, to.index, +1);
        await bump();
        return;
      }
      case 'TimeSlotChanged':
        // What it offers now; its intervals and places taken are those its active holds take
        // (the bookings the change dropped were cancelled by the events before it).
        await db.query(
          `UPDATE ${schema}.time_slots t SET service_names = $2, date = $3, start_time = $4, end_time = $5,
             starts_at = $6, ends_at = $7, capacity = $8, split = $9,
             taken_intervals = coalesce(array(SELECT h.interval_number FROM ${schema}.holds h
               WHERE h.timeslot_id = t.id AND h.active AND h.interval_number IS NOT NULL
               ORDER BY h.interval_number), '{}'),
             places_left = CASE WHEN $9 THEN NULL ELSE $8::integer - (SELECT count(*) FROM ${schema}.holds h
               WHERE h.timeslot_id = t.id AND h.active AND h.interval_number IS NULL)::integer END
           WHERE id = $1`,
          [
            d.timeSlotId,
            d.serviceIds,
            d.date,
            d.startTime,
            d.endTime,
            d.startDateTime,
            d.endDateTime,
            d.availableSlots,
            d.addAsSlot,
          ],
        );
        await bump();
        return;
      case 'TimeSlotDeleted':
        // Offered no more; its holds stay (inactive once cancelled) for the appointments' history.
        await db.query(`DELETE FROM ${schema}.time_slots WHERE id = $1`, [d.timeSlotId]);
        await bump();
        return;
      case 'TimeOffAdded':
        await db.query(
          `INSERT INTO ${schema}.time_off (id, provider_id, from_given, to_given, reason, timezone, starts_at, ends_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
          [d.timeOffId, d.providerId, d.from, d.to, d.reason, d.timezone, d.startDateTime, d.endDateTime],
        );
        await bump();
        return;
      case 'TimeOffDeleted':
        await db.query(`DELETE FROM ${schema}.time_off WHERE id = $1`, [d.timeOffId]);
        await bump();
        return;
      case 'BookingPolicySet': {
        const notice = d.policy.minimumNoticeMinutes ?? 0;
        const { rowCount } = await db.query(
          `INSERT INTO ${schema}.notices (provider_id, minimum_notice_minutes) VALUES ($1, $2)
           ON CONFLICT (provider_id) DO UPDATE SET minimum_notice_minutes = $2
           WHERE ${schema}.notices.minimum_notice_minutes <> $2`,
          [d.providerId, notice],
        );
        // Only a change of the notice changes what fetchslot offers.
        if (rowCount) await bump();
        return;
      }
      case 'TimeSlotAdded':
        await db.query(
          `INSERT INTO ${schema}.time_slots (id, provider_id, service_names, date, start_time, end_time, timezone,
             starts_at, ends_at, capacity, places_left, split, series_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11 THEN NULL ELSE $10::integer END, $11, $12)
           ON CONFLICT (id) DO NOTHING`,
          [
            d.timeSlotId,
            d.providerId,
            d.serviceIds,
            d.date,
            d.startTime,
            d.endTime,
            d.timezone,
            d.startDateTime,
            d.endDateTime,
            d.availableSlots,
            d.addAsSlot,
            d.seriesId ?? null,
          ],
        );
        await bump();
        return;
      default:
        return;
    }
  },
};

/**
 * A run of bookings: their holds, the intervals and places they take per time slot, and the
 * change count per provider.
 */
const bookRun = async (events: RecordedEvent[], { db, schema }: ApplyContext): Promise<void> => {
  const bookings = events
    .map((event) => parseData('schedule', Booked, event))
    .filter((booking) => booking !== undefined);
  if (bookings.length === 0) return;
  const providers = new Map<string, number>();
  for (const b of bookings) providers.set(b.providerId, (providers.get(b.providerId) ?? 0) + 1);
  // Three tables in one statement: one round trip per run. Only the holds this run adds take
  // intervals and places: a booking applied again (a replay meeting its own row) changes nothing.
  await db.query(
    batchStatement(
      schema,
      'hold_places',
      `WITH holds AS (
       INSERT INTO ${schema}.holds (appointment_id, timeslot_id, interval_number, active)
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS h(appointment_id text, timeslot_id text, interval_number integer, active boolean)
       ON CONFLICT (appointment_id) DO NOTHING
       RETURNING timeslot_id, interval_number, active
     ), won AS (
       SELECT timeslot_id AS id,
              coalesce(array_agg(interval_number) FILTER (WHERE active AND interval_number IS NOT NULL), '{}') AS added,
              count(*) FILTER (WHERE active AND interval_number IS NULL) AS places
         FROM holds GROUP BY timeslot_id
     ), taken AS (
       UPDATE ${schema}.time_slots t
          SET taken_intervals = array(SELECT i FROM unnest(t.taken_intervals) AS i WHERE i <> ALL (w.added)) || w.added,
              places_left = t.places_left - w.places
         FROM won w
        WHERE t.id = w.id
     )
     INSERT INTO ${schema}.versions AS v SELECT * FROM unnest($2::text[], $3::bigint[])
     ON CONFLICT (provider_id) DO UPDATE SET version = v.version + EXCLUDED.version`,
      [
        JSON.stringify(
          bookings.map((b) => ({
            appointment_id: b.appointmentId,
            timeslot_id: b.timeSlotId,
            interval_number: b.index,
            active: b.status !== 'cancelled',
          })),
        ),
        [...providers.keys()],
        [...providers.values()],
      ],
    ),
  );
};

const applyBatch = inRuns(SCHEMAS, { IntervalBooked: bookRun }, (event, context) =>
  scheduleProjection.apply(event, context),
);
