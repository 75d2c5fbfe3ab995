import type pg from 'pg';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ReadAllOptions,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '@appointment/contracts/event-store';
import type { LogPosition, NewEvent, RecordedEvent } from '@appointment/contracts/events';
import { PERSONAL_DATA, PersonForgotten } from '@appointment/contracts/events/privacy';
import { isSealed, migratePersonKeys, PersonKeys, seal, unseal, type KeyState } from './person-keys';
import { mark } from '../server-timing';

/**
 * The event store as every process uses it (docs/decisions.md D40). Personal fields
 * (contracts/src/events/privacy.ts) are sealed with their subject's key on the way in, and
 * opened on the way out; a forgotten subject's fields, sealed or written in clear before this
 * store existed, read as the placeholder. Deciders, projections and reactors see plain events.
 */

type Writable = { streamName: string; event: NewEvent };

/** What sealing and opening need of the keys (`PersonKeys`, or an in-memory ring in unit tests). */
export type KeyRing = Pick<PersonKeys, 'lookup' | 'keysForWriting' | 'evict'>;

/** The events with their personal fields sealed; a forgotten subject's fields are not kept. */
export const sealEvents = async (keys: KeyRing, events: readonly Writable[]): Promise<NewEvent[]> => {
  const subjects = events.map(({ streamName, event }) =>
    PERSONAL_DATA[event.type]?.subject({ streamName, data: event.data }),
  );
  const wanted = subjects.filter((subject): subject is string => subject !== undefined);
  if (wanted.length === 0) return events.map(({ event }) => event);
  const states = await keys.keysForWriting(wanted);
  return events.map(({ event }, i) => {
    const subject = subjects[i];
    const spec = PERSONAL_DATA[event.type];
    if (!subject || !spec) return event;
    const state = states.get(subject);
    const data = { ...event.data };
    for (const [name, placeholder] of Object.entries(spec.fields)) {
      const value = data[name];
      // An empty field names nobody: kept as it is (a booking without a note or picture costs no
      // cipher), and read as its placeholder once the subject is forgotten, like a clear one.
      if (typeof value !== 'string' || value === '') continue;
      if (state?.kind === 'key') data[name] = seal(state.key, subject, value);
      else if (state?.kind === 'forgotten') data[name] = placeholder;
    }
    return { ...event, data };
  });
};

/** The subject a stored field belongs to: the one that sealed it, or the event's for clear ones. */
const subjectsOf = (event: RecordedEvent): string[] => {
  const spec = PERSONAL_DATA[event.type];
  if (!spec) return [];
  const subjects = new Set<string>();
  let clear = false;
  for (const name of Object.keys(spec.fields)) {
    const value = event.data[name];
    if (isSealed(value)) subjects.add(value.s);
    else if (typeof value === 'string') clear = true;
  }
  if (clear) {
    const subject = spec.subject(event);
    if (subject) subjects.add(subject);
  }
  return [...subjects];
};

const opened = (event: RecordedEvent, states: Map<string, KeyState>): RecordedEvent => {
  const spec = PERSONAL_DATA[event.type];
  if (!spec) return event;
  const clearSubject = spec.subject(event);
  let data: Record<string, unknown> | undefined;
  for (const [name, placeholder] of Object.entries(spec.fields)) {
    const value = event.data[name];
    let shown: unknown = value;
    if (isSealed(value)) {
      const state = states.get(value.s);
      shown = (state?.kind === 'key' ? unseal(state.key, value) : undefined) ?? placeholder;
    } else if (typeof value === 'string' && clearSubject && states.get(clearSubject)?.kind === 'forgotten') {
      // Written in clear before sealing began: hidden once its subject is forgotten.
      shown = placeholder;
    }
    if (shown !== value) {
      data ??= { ...event.data };
      data[name] = shown;
    }
  }
  return data ? { ...event, data } : event;
};

/** The events as readers see them: personal fields opened, or placeholders once forgotten. */
export const openEvents = async (keys: KeyRing, events: RecordedEvent[]): Promise<RecordedEvent[]> => {
  // A subject forgotten by another process: trust no cached key of theirs from here on.
  for (const event of events)
    if (event.type === 'PersonForgotten') {
      const parsed = PersonForgotten.safeParse(event.data);
      if (parsed.success) keys.evict(parsed.data.personId);
    }
  const subjects = events.flatMap(subjectsOf);
  if (subjects.length === 0) return events;
  const states = await keys.lookup(subjects);
  return events.map((event) => opened(event, states));
};

export class PrivateEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    readonly keys: PersonKeys,
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {}

  /** The store `inner` behind sealing, with its keys in the database at `pool`. */
  static async over(
    inner: EventStore,
    pool: pg.Pool,
    onClose?: () => Promise<void>,
  ): Promise<PrivateEventStore> {
    await migratePersonKeys(pool);
    return new PrivateEventStore(inner, new PersonKeys(pool), onClose);
  }

  async append(streamName: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    const sealed = await sealEvents(
      this.keys,
      events.map((event) => ({ streamName, event })),
    );
    mark('seal');
    return this.inner.append(streamName, sealed, options);
  }

  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const flat = appends.flatMap(({ streamName, events }) => events.map((event) => ({ streamName, event })));
    const sealed = await sealEvents(this.keys, flat);
    let next = 0;
    return this.inner.appendToStreams(
      appends.map((append) => ({ ...append, events: append.events.map(() => sealed[next++]!) })),
    );
  }

  async readStream(streamName: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    return openEvents(this.keys, await this.inner.readStream(streamName, options));
  }

  /** The stream as the log holds it, personal fields sealed: what time travel folds (D42). */
  readStreamAsStored(streamName: string): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamName);
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return openEvents(this.keys, await this.inner.readAll(options));
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe({
      ...options,
      onBatch: async (events) => options.onBatch(await openEvents(this.keys, events)),
    });
  }

  countAfter(position: LogPosition | undefined, cap?: number): Promise<number> {
    return this.inner.countAfter(position, cap);
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.onClose();
  }
}
