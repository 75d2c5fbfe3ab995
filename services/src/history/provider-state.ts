import { gunzipSync, gzipSync } from 'node:zlib';
import type pg from 'pg';
import type { ProviderStateAt } from '@appointment/contracts/history';
import type { RecordedEvent } from '@appointment/contracts/events';
import { PERSONAL_DATA } from '@appointment/contracts/events/privacy';
import { historyProjection } from '@appointment/projections/history.projection';
import { inTransaction } from '@appointment/projections/db/transaction';
import { liveSchema } from '@appointment/projections/projection';
import {
  providerDecider,
  providerStream,
  type Provider,
  type ProviderEvent,
} from '../catalogue/providers/provider.decider';
import { timeSlotDecider, type TimeSlotState } from '../appointments/book/time-slot.decider';
import type { TimeSlotEvent } from '@appointment/contracts/events/time-slot';
import {
  SNAPSHOT_EVERY,
  SNAPSHOT_FORMAT,
  SNAPSHOTS,
  snapshotsReady,
  type NewSnapshot,
  type SnapshotRow,
} from './provider-snapshots';

/** A point of the log: every event up to a global position, or recorded up to a time. */
export type PointInLog = { position: string } | { time: string };

export const pointOf = (at: string): PointInLog =>
  /^\d+$/.test(at) ? { position: at } : { time: new Date(at).toISOString() };

const STATE_WORK_MEM = '64MB';

interface Row {
  global_position: string;
  stream_name: string;
  event_type: string;
  data: Record<string, unknown>;
  at: Date;
}

/** Opens the personal fields the log holds sealed (services/src/privacy). */
export type Opener = (events: RecordedEvent[]) => Promise<RecordedEvent[]>;

/** Who booked, as the log holds it: `username` sealed (or, written before sealing, in clear). */
interface BookingName {
  stream: string;
  userId: string;
  username: unknown;
  serviceName: string;
}

/**
 * The fold: what the deciders' `evolve` make of the provider's stream and of each time slot's,
 * and the bookers' names. Personal values stay as the log holds them (sealed) and are opened
 * only when the answer is built, so a snapshot of it holds nothing readable of a person.
 */
interface Folded {
  provider: Provider;
  /** The profile came from a self-registration: its personal fields are the business's. */
  registered: boolean;
  slots: Map<string, TimeSlotState>;
  names: Map<string, BookingName>;
  eventsFolded: number;
  last: string | null;
  lastAt: string | null;
}

const REGISTERED_FIELDS = Object.keys(PERSONAL_DATA.ProviderRegistered?.fields ?? {});
/** The provider state's name for a field of `ProviderRegistered` (the log's `businessName` is its `name`). */
const stateFieldOf = (field: string): string => (field === 'businessName' ? 'name' : field);

const emptyFold = (): Folded => ({
  provider: providerDecider.initialState(),
  registered: false,
  slots: new Map(),
  names: new Map(),
  eventsFolded: 0,
  last: null,
  lastAt: null,
});

const serialize = (folded: Folded): Buffer =>
  gzipSync(JSON.stringify({ ...folded, slots: [...folded.slots], names: [...folded.names] }), { level: 1 });

const deserialize = (state: Buffer): Folded => {
  const raw = JSON.parse(gunzipSync(state).toString('utf8')) as Omit<Folded, 'slots' | 'names'> & {
    slots: [string, TimeSlotState][];
    names: [string, BookingName][];
  };
  return { ...raw, slots: new Map(raw.slots), names: new Map(raw.names) };
};

/** Folds one event of the provider's (in log order) into `folded`. */
const foldRow = async (folded: Folded, row: Row, providerId: string, open: Opener): Promise<void> => {
  folded.eventsFolded++;
  folded.last = row.global_position;
  const at = row.at.toISOString();
  if (folded.lastAt === null || at > folded.lastAt) folded.lastAt = at;
  const event = {
    type: row.event_type,
    streamName: row.stream_name,
    data: row.data,
  } as unknown as RecordedEvent;
  if (row.stream_name === providerStream(providerId)) {
    if (row.event_type === 'ProviderRegistered') {
      // Its time zone and currency come from the address: evolve folds the opened event, and
      // the personal fields go back into the state as the log holds them.
      const [opened] = await open([event]);
      const next = providerDecider.evolve(folded.provider, opened as unknown as ProviderEvent);
      if (next.status !== 'none')
        for (const field of REGISTERED_FIELDS)
          if (field in row.data)
            (next as unknown as Record<string, unknown>)[stateFieldOf(field)] = row.data[field];
      folded.provider = next;
      folded.registered = true;
      return;
    }
    if (row.event_type === 'ProviderCreated') folded.registered = false;
    folded.provider = providerDecider.evolve(folded.provider, event as unknown as ProviderEvent);
    return;
  }
  const slot = folded.slots.get(row.stream_name) ?? timeSlotDecider.initialState();
  folded.slots.set(row.stream_name, timeSlotDecider.evolve(slot, event as unknown as TimeSlotEvent));
  if (row.event_type === 'IntervalBooked')
    folded.names.set(String(row.data.appointmentId), {
      stream: row.stream_name,
      userId: String(row.data.userId ?? ''),
      username: row.data.username ?? '',
      serviceName: String(row.data.serviceName ?? ''),
    });
};

/** Subjects a forget must delete this snapshot for: clear values of theirs, or a registration. */
const subjectsOf = (folded: Folded, providerId: string): string[] => {
  const subjects = new Set<string>();
  if (folded.registered) subjects.add(providerId);
  for (const name of folded.names.values())
    if (typeof name.username === 'string' && name.username && name.userId) subjects.add(name.userId);
  return [...subjects];
};

/**
 * Time travel: the provider as it was at a point, folded from its own events with the deciders'
 * `evolve` (the provider's and each time slot's), never from the read models. The history read
 * model serves only as the index of which time-slot streams are the provider's; their events
 * are read from the log itself. The fold starts from the nearest snapshot at or before the
 * point (provider-snapshots.ts, docs/decisions.md D42) and leaves new snapshots behind every
 * `every` events.
 */
export const providerStateAt = async (
  pool: pg.Pool,
  providerId: string,
  point: PointInLog,
  open: Opener = async (events) => events,
  options: {
    every?: number;
    snapshots?: boolean;
    /**
     * Where the log is not in this database (EventStoreDB, the scale-out profile), its streams as it
     * holds them, personal fields sealed: the events are read stream by stream instead of joined.
     */
    readStream?: (streamName: string) => Promise<RecordedEvent[]>;
  } = {},
): Promise<ProviderStateAt> => {
  const every = options.every ?? SNAPSHOT_EVERY;
  const useSnapshots = options.snapshots ?? true;
  if (useSnapshots) await snapshotsReady(pool);
  const history = liveSchema(historyProjection);
  const byPosition = 'position' in point;
  const pointValue = byPosition ? point.position : point.time;
  const upTo = byPosition ? 'h.global_position <= $2::bigint' : 'h.at <= $2::timestamptz';
  const { start, rows, firstLater } = await inTransaction(pool, async (client) => {
    // The snapshot's check and the events after it are read from one snapshot of the database.
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await client.query(`SET LOCAL work_mem = '${STATE_WORK_MEM}'`);
    let start: Folded | undefined;
    if (useSnapshots) {
      const { rows: found } = await client.query<SnapshotRow>(
        `SELECT global_position, events_folded, entries_up_to, last_at, state FROM ${SNAPSHOTS}
          WHERE provider_id = $1 AND format = $3
            AND ${byPosition ? 'global_position <= $2::bigint' : 'last_at <= $2::timestamptz'}
          ORDER BY global_position DESC LIMIT 1`,
        [providerId, pointValue, SNAPSHOT_FORMAT],
      );
      const snapshot = found[0];
      if (snapshot) {
        // A transaction that committed after the snapshot was made, with an earlier position,
        // would be missing from it: the count of the provider's entries up to it tells.
        const { rows: counted } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${history}.entries
            WHERE provider_id = $1 AND global_position <= $2::bigint`,
          [providerId, snapshot.global_position],
        );
        if (counted[0]!.n === snapshot.entries_up_to) start = deserialize(snapshot.state);
      }
    }
    const after = start?.last ?? '0';
    // The events' data joined from the log, or read from their streams afterwards.
    const source = options.readStream
      ? `SELECT h.global_position, h.stream_name, h.type AS event_type, h.event_id, h.at
           FROM ${history}.entries h`
      : `SELECT e.global_position, e.stream_name, e.event_type, e.data, h.at
           FROM ${history}.entries h JOIN es.events e ON e.event_id = h.event_id`;
    const { rows } = await client.query<Row & { event_id: string }>(
      `${source}
        WHERE h.provider_id = $1 AND ${upTo} AND h.global_position > $4::bigint
          AND (h.stream_name = $3 OR h.stream_name LIKE 'timeslot-%')
        ORDER BY h.global_position`,
      [providerId, pointValue, providerStream(providerId), after],
    );
    // Up to a time, the events folded are a prefix of the log only below the first one after it.
    let firstLater: bigint | undefined;
    if (useSnapshots && !byPosition) {
      const { rows: later } = await client.query<{ position: string | null }>(
        `SELECT min(h.global_position)::text AS position FROM ${history}.entries h
          WHERE h.provider_id = $1 AND h.at > $2::timestamptz AND h.global_position > $3::bigint`,
        [providerId, pointValue, after],
      );
      if (later[0]?.position) firstLater = BigInt(later[0].position);
    }
    return { start, rows, firstLater };
  });

  if (options.readStream) await withDataFromStreams(rows, options.readStream);
  const folded = start ?? emptyFold();
  const made: NewSnapshot[] = [];
  for (const row of rows) {
    await foldRow(folded, row, providerId, open);
    if (
      useSnapshots &&
      folded.eventsFolded % every === 0 &&
      (firstLater === undefined || BigInt(row.global_position) < firstLater)
    )
      made.push({
        position: row.global_position,
        eventsFolded: folded.eventsFolded,
        lastAt: folded.lastAt!,
        subjects: subjectsOf(folded, providerId),
        state: serialize(folded),
      });
  }
  if (made.length > 0) await saveSnapshots(pool, providerId, made);
  return answerOf(providerId, pointValue, folded, open);
};

/** Each row's data from its stream, read once per stream, as the log holds it. */
const withDataFromStreams = async (
  rows: (Row & { event_id: string })[],
  readStream: (streamName: string) => Promise<RecordedEvent[]>,
): Promise<void> => {
  const data = new Map<string, Record<string, unknown>>();
  for (const streamName of new Set(rows.map((row) => row.stream_name)))
    for (const event of await readStream(streamName))
      data.set(event.id, event.data as Record<string, unknown>);
  for (const row of rows) row.data = data.get(row.event_id) ?? {};
};

/** Keeps the snapshots made by a fold; those of another format go. */
const saveSnapshots = async (pool: pg.Pool, providerId: string, made: NewSnapshot[]): Promise<void> => {
  const history = liveSchema(historyProjection);
  await pool.query(`DELETE FROM ${SNAPSHOTS} WHERE provider_id = $1 AND format <> $2`, [
    providerId,
    SNAPSHOT_FORMAT,
  ]);
  for (const snapshot of made)
    await pool.query(
      `INSERT INTO ${SNAPSHOTS}
         (provider_id, global_position, format, events_folded, entries_up_to, last_at, subjects, state)
       SELECT $1, $2::bigint, $3, $4, count(*)::int, $5, $6, $7
         FROM ${history}.entries WHERE provider_id = $1 AND global_position <= $2::bigint
       ON CONFLICT (provider_id, global_position) DO UPDATE SET
         format = excluded.format, events_folded = excluded.events_folded,
         entries_up_to = excluded.entries_up_to, last_at = excluded.last_at,
         subjects = excluded.subjects, state = excluded.state, created_at = now()`,
      [
        providerId,
        snapshot.position,
        SNAPSHOT_FORMAT,
        snapshot.eventsFolded,
        snapshot.lastAt,
        snapshot.subjects,
        snapshot.state,
      ],
    );
};

/** The answer: the fold's personal values opened (or their placeholders, once forgotten). */
const answerOf = async (
  providerId: string,
  at: string,
  folded: Folded,
  open: Opener,
): Promise<ProviderStateAt> => {
  const openSlots = [...folded.slots.values()]
    .filter((slot): slot is Extract<TimeSlotState, { status: 'open' }> => slot.status === 'open')
    // ISO times in UTC: their code-unit order is their time order, and far cheaper than a locale's.
    .sort((a, b) => (a.startDateTime < b.startDateTime ? -1 : a.startDateTime > b.startDateTime ? 1 : 0));
  const body = folded.provider.status === 'none' ? undefined : folded.provider;
  // Everything personal is opened in one go, through synthetic events of the kinds that hold it.
  const sealed: RecordedEvent[] = [];
  if (body && folded.registered)
    sealed.push({
      type: 'ProviderRegistered',
      streamName: providerStream(providerId),
      data: Object.fromEntries([
        ['providerId', providerId],
        ...REGISTERED_FIELDS.map((field) => [
          field,
          (body as unknown as Record<string, unknown>)[stateFieldOf(field)],
        ]),
      ]),
    } as unknown as RecordedEvent);
  const wanted = openSlots.flatMap((slot) =>
    slot.appointments
      .map((appointment) => folded.names.get(appointment.appointmentId))
      .filter((name) => name),
  ) as BookingName[];
  for (const name of wanted)
    sealed.push({
      type: 'IntervalBooked',
      streamName: name.stream,
      data: { userId: name.userId, username: name.username },
    } as unknown as RecordedEvent);
  const opened = sealed.length > 0 ? await open(sealed) : [];
  const profile = body && folded.registered ? { ...body, ...opened[0]!.data } : body;
  const usernames = new Map<BookingName, string>();
  wanted.forEach((name, i) => {
    const value = opened[i + (body && folded.registered ? 1 : 0)]!.data.username;
    usernames.set(name, typeof value === 'string' ? value : '');
  });
  const timeSlots = openSlots.map((slot) => ({
    timeSlotId: slot.timeSlotId,
    date: slot.date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    availableSlots: slot.capacity,
    bookings: slot.appointments.map((appointment) => {
      const name = folded.names.get(appointment.appointmentId);
      return {
        appointmentId: appointment.appointmentId,
        status: appointment.status,
        paid: appointment.paid,
        ...(name ? { username: usernames.get(name) ?? '', serviceName: name.serviceName } : {}),
      };
    }),
  }));
  return {
    providerId,
    at,
    position: folded.last,
    eventsFolded: folded.eventsFolded,
    status: folded.provider.status,
    profile: profile
      ? {
          businessName: String((profile as { businessName?: unknown }).businessName ?? body!.name),
          industry: profile.industry,
          email: String(profile.email),
          phone: String(profile.phone),
          address: String(profile.address),
          timezone: profile.timezone,
          currency: profile.currency,
        }
      : null,
    workingHours: body?.workingHours ?? null,
    breaks: body?.breaks ?? null,
    services: body?.services ?? [],
    templates: body?.templates ?? [],
    timeSlots,
  };
};
