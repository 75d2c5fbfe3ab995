import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { HistoryChange, HistoryEntry, ProviderStateAt } from '@appointment/contracts/history';
import { FormButton } from '../../ui/form.styles';
import {
  exportUrl,
  isoOf,
  useProviderHistoryInfiniteQuery,
  useProviderStateAtQuery,
  type HistoryFilters,
} from './history.api';
import {
  Diff,
  Entry,
  EntryMeta,
  Filters,
  Layout,
  Muted,
  Panel,
  States,
  Timeline,
  Title,
} from './history-page.styles';

/** The event types a filter offers, grouped as people name them. */
const TYPE_CHOICES: { label: string; types: string }[] = [
  { label: 'All events', types: '' },
  {
    label: 'Provider (registration, approval, currency)',
    types: 'ProviderRegistered,ProviderCreated,ProviderApproved,ProviderRejected,ProviderCurrencyChanged',
  },
  { label: 'Services', types: 'ServiceAdded,ServiceEdited,ServiceDeleted' },
  {
    label: 'Working hours and templates',
    types: 'AvailabilitySet,ScheduleTemplateSaved,ScheduleTemplateDeleted',
  },
  { label: 'Time slots', types: 'TimeSlotAdded,CalendarOpened,WindowsReserved' },
  { label: 'Bookings and status', types: 'IntervalBooked,AppointmentStatusChanged' },
  { label: 'Payments', types: 'PaymentRequested,PaymentConfirmed' },
  { label: 'Reminders', types: 'ReminderSent,ReminderSuppressed' },
  { label: 'Staff', types: 'UserRegistered' },
];

const shown = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function ChangesTable({ changes }: { changes: HistoryChange[] }) {
  return (
    <Diff aria-label="Changes">
      <thead>
        <tr>
          <th>Field</th>
          <th>Before</th>
          <th>After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <td>{change.field}</td>
            <td>
              <del>{shown(change.before)}</del>
            </td>
            <td>
              <ins>{shown(change.after)}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </Diff>
  );
}

const actorText = (entry: HistoryEntry): string => {
  if (!entry.actor) return 'unknown';
  if (entry.actor.id === 'system') return 'the system';
  return `${entry.actor.email ?? 'Forgotten user'} (${entry.actor.role ?? 'unknown role'})`;
};

function TimelineEntry({ entry, onAsOf }: { entry: HistoryEntry; onAsOf: (position: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Entry data-testid="history-entry" data-type={entry.type}>
      <div>{entry.summary}</div>
      <EntryMeta>
        {new Date(entry.at).toLocaleString()} · {entry.type} · by {actorText(entry)} · #{entry.position}
      </EntryMeta>
      <button type="button" onClick={() => onAsOf(entry.position)}>
        As of here
      </button>{' '}
      {entry.changes && entry.changes.length > 0 && (
        <>
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide changes' : `Show changes (${entry.changes.length})`}
          </button>
          {open && <ChangesTable changes={entry.changes} />}
        </>
      )}
    </Entry>
  );
}

/** The state of one point, as a short summary list. */
function StateColumn({ title, state }: { title: string; state: ProviderStateAt | undefined }) {
  if (!state) return <Muted>Loading…</Muted>;
  const bookings = state.timeSlots.reduce((sum, slot) => sum + slot.bookings.length, 0);
  return (
    <div aria-label={title} role="group">
      <h3>{title}</h3>
      <dl>
        <dt>Status</dt>
        <dd data-testid="state-status">{state.status === 'none' ? 'not registered yet' : state.status}</dd>
        <dt>Name</dt>
        <dd>{state.profile?.businessName ?? '—'}</dd>
        <dt>Currency</dt>
        <dd>{state.profile?.currency ?? '—'}</dd>
        <dt>Services</dt>
        <dd data-testid="state-services">
          {state.services.length === 0
            ? 'none'
            : state.services
                .map((service) => `${service.name} (${service.duration} min, ${service.price})`)
                .join(', ')}
        </dd>
        <dt>Templates</dt>
        <dd>{state.templates.map((template) => template.name).join(', ') || 'none'}</dd>
        <dt>Time slots</dt>
        <dd data-testid="state-slots">
          {state.timeSlots.length} with {bookings} booking{bookings === 1 ? '' : 's'}
        </dd>
        <dt>Events folded</dt>
        <dd>{state.eventsFolded}</dd>
      </dl>
    </div>
  );
}

/** What differs between two states: status, services and slots, as plain lines. */
const stateDifferences = (a: ProviderStateAt, b: ProviderStateAt): string[] => {
  const lines: string[] = [];
  if (a.status !== b.status) lines.push(`Status: ${a.status} → ${b.status}`);
  if (a.profile?.currency !== b.profile?.currency)
    lines.push(`Currency: ${a.profile?.currency ?? '—'} → ${b.profile?.currency ?? '—'}`);
  const before = new Map(a.services.map((service) => [service.serviceId, service]));
  const after = new Map(b.services.map((service) => [service.serviceId, service]));
  for (const [id, service] of after) {
    const old = before.get(id);
    if (!old) lines.push(`Service added: ${service.name}`);
    else if (JSON.stringify(old) !== JSON.stringify(service))
      lines.push(`Service changed: ${old.name} → ${service.name}`);
  }
  for (const [id, service] of before) if (!after.has(id)) lines.push(`Service removed: ${service.name}`);
  if (a.timeSlots.length !== b.timeSlots.length)
    lines.push(`Time slots: ${a.timeSlots.length} → ${b.timeSlots.length}`);
  const booked = (state: ProviderStateAt) =>
    state.timeSlots.reduce((sum, slot) => sum + slot.bookings.length, 0);
  if (booked(a) !== booked(b)) lines.push(`Bookings: ${booked(a)} → ${booked(b)}`);
  return lines;
};

/** The last position there can be: "today" is every event recorded so far. */
const LATEST = '9223372036854775807';

/** An as-of point: a time picked (date-time-local) or an entry's log position. */
export type AsOfPoint = { time: string } | { position: string } | undefined;

const pointText = (point: NonNullable<AsOfPoint>): string =>
  'time' in point ? new Date(point.time).toLocaleString() : `event #${point.position}`;

function AsOf({
  providerId,
  point,
  onPoint,
}: {
  providerId: string;
  point: AsOfPoint;
  onPoint: (point: AsOfPoint) => void;
}) {
  const [compareFrom, setCompareFrom] = useState('');
  const [compareTo, setCompareTo] = useState('');
  const today = useProviderStateAtQuery({ providerId, at: LATEST });
  const at = point ? ('time' in point ? isoOf(point.time) : point.position) : '';
  const past = useProviderStateAtQuery({ providerId, at }, { skip: !at });
  const asOf = point && 'time' in point ? point.time : '';
  const first = useProviderStateAtQuery({ providerId, at: isoOf(compareFrom) }, { skip: !compareFrom });
  const second = useProviderStateAtQuery({ providerId, at: isoOf(compareTo) }, { skip: !compareTo });
  const differences = first.data && second.data ? stateDifferences(first.data, second.data) : undefined;
  return (
    <Panel aria-labelledby="as-of-title">
      <h2 id="as-of-title">As of</h2>
      <label>
        Show the provider as it was on{' '}
        <input
          type="datetime-local"
          aria-label="As of"
          value={asOf}
          onChange={(e) => onPoint(e.target.value ? { time: e.target.value } : undefined)}
        />
      </label>
      <States>
        {point ? (
          <StateColumn title={`As of ${pointText(point)}`} state={past.data} />
        ) : (
          <Muted>Pick a time to see the provider as it was then.</Muted>
        )}
        <StateColumn title="Today" state={today.data} />
      </States>
      <h2>Compare two points</h2>
      <label>
        From{' '}
        <input
          type="datetime-local"
          aria-label="Compare from"
          value={compareFrom}
          onChange={(e) => setCompareFrom(e.target.value)}
        />
      </label>{' '}
      <label>
        To{' '}
        <input
          type="datetime-local"
          aria-label="Compare to"
          value={compareTo}
          onChange={(e) => setCompareTo(e.target.value)}
        />
      </label>
      {differences && (
        <ul aria-label="Differences">
          {differences.length === 0 ? (
            <li>No differences.</li>
          ) : (
            differences.map((line) => <li key={line}>{line}</li>)
          )}
        </ul>
      )}
    </Panel>
  );
}

const EMPTY = { types: '', actor: '', from: '', to: '' };

/** Issue 12: /providers/:id/history, the audit timeline of one provider. */
export function HistoryPage() {
  const providerId = useParams().id ?? '';
  const [draft, setDraft] = useState(EMPTY);
  const [applied, setApplied] = useState(EMPTY);
  const [point, setPoint] = useState<AsOfPoint>(undefined);
  const filters: HistoryFilters = { providerId, ...applied };
  const { data, error, isFetching, hasNextPage, fetchNextPage } = useProviderHistoryInfiniteQuery(filters);
  const entries = data?.pages.flatMap((page) => page.entries) ?? [];
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll: the next page once the end of the list comes into view.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting) && hasNextPage && !isFetching) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, fetchNextPage]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
  };
  const status = error && 'status' in error ? error.status : undefined;
  return (
    <>
      <Link to={`/providers/${encodeURIComponent(providerId)}`}>Back to the provider</Link>
      <Title>History</Title>
      <Filters onSubmit={submit} aria-label="Filters">
        <label>
          Type
          <select value={draft.types} onChange={(e) => setDraft({ ...draft, types: e.target.value })}>
            {TYPE_CHOICES.map((choice) => (
              <option key={choice.label} value={choice.types}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Actor (e-mail, id, system or unknown)
          <input value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        </label>
        <label>
          From
          <input
            type="datetime-local"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="datetime-local"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <FormButton type="submit">Apply filters</FormButton>
        <a href={exportUrl(filters, 'csv')} download>
          Export CSV
        </a>
        <a href={exportUrl(filters, 'ndjson')} download>
          Export NDJSON
        </a>
      </Filters>
      <Layout>
        <Panel aria-labelledby="timeline-title">
          <h2 id="timeline-title">Timeline</h2>
          {status === 403 && <Muted role="alert">You may not read this provider&apos;s history.</Muted>}
          {status === 404 && <Muted role="alert">This provider has no history.</Muted>}
          {error && status !== 403 && status !== 404 && (
            <Muted role="alert">The history could not be loaded.</Muted>
          )}
          {!error && data && entries.length === 0 && <Muted>No events match these filters.</Muted>}
          <Timeline aria-label="Timeline">
            {entries.map((entry) => (
              <TimelineEntry
                key={entry.position}
                entry={entry}
                onAsOf={(position) => setPoint({ position })}
              />
            ))}
          </Timeline>
          <div ref={sentinel} />
          {isFetching && <Muted>Loading…</Muted>}
          {hasNextPage && !isFetching && (
            <button type="button" onClick={() => void fetchNextPage()}>
              Load more
            </button>
          )}
        </Panel>
        {providerId && <AsOf providerId={providerId} point={point} onPoint={setPoint} />}
      </Layout>
    </>
  );
}
