import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { HistoryChange, HistoryEntry, ProviderStateAt } from '@appointment/contracts/history';
import { eventSentence } from '@appointment/contracts/history-sentences';
import { can } from '@appointment/contracts/roles';
import { useCatalogue } from '../../lib/catalogue';
import { useAppSelector } from '../../lib/hooks';
import { selectRole } from '../../lib/session.slice';
import { currentLanguage, formatDateTime, formatPrice } from '../../lib/locale-format';
import { SmallButton, SmallLink } from '../../ui/button.styles';
import { useCrumbName } from '../../ui/crumb-names';
import { FormButton } from '../../ui/form.styles';
import { HISTORY_TEXTS } from './history.texts';
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
  EntryActions,
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
const TYPE_CHOICES: { key: keyof typeof HISTORY_TEXTS.types; types: string }[] = [
  { key: 'all', types: '' },
  {
    key: 'provider',
    types: 'ProviderRegistered,ProviderCreated,ProviderApproved,ProviderRejected,ProviderCurrencyChanged',
  },
  { key: 'services', types: 'ServiceAdded,ServiceEdited,ServiceDeleted' },
  { key: 'hours', types: 'AvailabilitySet,ScheduleTemplateSaved,ScheduleTemplateDeleted' },
  {
    key: 'slots',
    types:
      'TimeSlotAdded,TimeSlotChanged,TimeSlotDeleted,CalendarOpened,WindowsReserved,WindowsReleased,TimeOffAdded,TimeOffDeleted',
  },
  {
    key: 'bookings',
    types:
      'IntervalBooked,AppointmentStatusChanged,RescheduleRequested,RescheduleAbandoned,AppointmentMovedIn,AppointmentMovedOut,MoveInUndone',
  },
  { key: 'payments', types: 'PaymentRequested,PaymentConfirmed,RefundRequested,PaymentRefunded' },
  { key: 'reminders', types: 'ReminderSent,ReminderSuppressed' },
  { key: 'staff', types: 'UserRegistered' },
];

const useHistoryTexts = () => {
  const { texts, t } = useCatalogue('history', HISTORY_TEXTS);
  return { T: texts, t };
};

const shown = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function ChangesTable({ changes }: { changes: HistoryChange[] }) {
  const { T } = useHistoryTexts();
  return (
    <Diff aria-label={T.changes}>
      <thead>
        <tr>
          <th>{T.field}</th>
          <th>{T.before}</th>
          <th>{T.after}</th>
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

type Texts = ReturnType<typeof useHistoryTexts>;

/**
 * What an entry says: the server's full English sentence for an English reader, the event type's
 * sentence in the reader's language otherwise (contracts' EVENT_SENTENCES, issue 32).
 */
const entrySentence = (entry: HistoryEntry): string => {
  const language = currentLanguage();
  return language === 'en' ? entry.summary : eventSentence(entry.type, language);
};

const actorText = (entry: HistoryEntry, { T, t }: Texts): string => {
  if (!entry.actor) return T.unknownActor;
  if (entry.actor.id === 'system') return T.system;
  return t('actorWithRole', {
    email: entry.actor.email ?? T.forgottenUser,
    role: entry.actor.role ?? T.unknownRole,
  });
};

function TimelineEntry({ entry, onAsOf }: { entry: HistoryEntry; onAsOf: (position: string) => void }) {
  const texts = useHistoryTexts();
  const { T, t } = texts;
  const [open, setOpen] = useState(false);
  return (
    <Entry data-testid="history-entry" data-type={entry.type}>
      <div>{entrySentence(entry)}</div>
      <EntryMeta>
        {t('entryMeta', {
          time: formatDateTime(entry.at),
          type: entry.type,
          actor: actorText(entry, texts),
          position: entry.position,
        })}
      </EntryMeta>
      <EntryActions>
        <SmallButton type="button" onClick={() => onAsOf(entry.position)}>
          {T.asOfHere}
        </SmallButton>
        {entry.changes && entry.changes.length > 0 && (
          <SmallButton type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? T.hideChanges : t('showChanges', { count: entry.changes.length })}
          </SmallButton>
        )}
      </EntryActions>
      {entry.changes && entry.changes.length > 0 && <>{open && <ChangesTable changes={entry.changes} />}</>}
    </Entry>
  );
}

/** The state of one point, as a short summary list. */
function StateColumn({ title, state }: { title: string; state: ProviderStateAt | undefined }) {
  const { T, t } = useHistoryTexts();
  const S = T.state;
  if (!state) return <Muted>{T.loading}</Muted>;
  const bookings = state.timeSlots.reduce((sum, slot) => sum + slot.bookings.length, 0);
  return (
    <div aria-label={title} role="group">
      <h3>{title}</h3>
      <dl>
        <dt>{S.status}</dt>
        <dd data-testid="state-status">{T.statuses[state.status] ?? state.status}</dd>
        <dt>{S.name}</dt>
        <dd>{state.profile?.businessName ?? '—'}</dd>
        <dt>{S.currency}</dt>
        <dd>{state.profile?.currency ?? '—'}</dd>
        <dt>{S.services}</dt>
        <dd data-testid="state-services">
          {state.services.length === 0
            ? S.none
            : state.services
                .map((service) =>
                  t('state.service', {
                    name: service.name,
                    duration: service.duration,
                    price: state.profile?.currency
                      ? formatPrice(service.price, state.profile.currency)
                      : service.price,
                  }),
                )
                .join(', ')}
        </dd>
        <dt>{S.templates}</dt>
        <dd>{state.templates.map((template) => template.name).join(', ') || S.none}</dd>
        <dt>{S.timeSlots}</dt>
        <dd data-testid="state-slots">
          {t('state.slots', { slots: state.timeSlots.length, count: bookings })}
        </dd>
        <dt>{S.eventsFolded}</dt>
        <dd>{state.eventsFolded}</dd>
      </dl>
    </div>
  );
}

/** What differs between two states: status, services and slots, as plain lines. */
const stateDifferences = (a: ProviderStateAt, b: ProviderStateAt, { T, t }: Texts): string[] => {
  const lines: string[] = [];
  if (a.status !== b.status)
    lines.push(
      t('diff.status', { before: T.statuses[a.status] ?? a.status, after: T.statuses[b.status] ?? b.status }),
    );
  if (a.profile?.currency !== b.profile?.currency)
    lines.push(t('diff.currency', { before: a.profile?.currency ?? '—', after: b.profile?.currency ?? '—' }));
  const before = new Map(a.services.map((service) => [service.serviceId, service]));
  const after = new Map(b.services.map((service) => [service.serviceId, service]));
  for (const [id, service] of after) {
    const old = before.get(id);
    if (!old) lines.push(t('diff.serviceAdded', { name: service.name }));
    else if (JSON.stringify(old) !== JSON.stringify(service))
      lines.push(t('diff.serviceChanged', { before: old.name, after: service.name }));
  }
  for (const [id, service] of before)
    if (!after.has(id)) lines.push(t('diff.serviceRemoved', { name: service.name }));
  if (a.timeSlots.length !== b.timeSlots.length)
    lines.push(t('diff.timeSlots', { before: a.timeSlots.length, after: b.timeSlots.length }));
  const booked = (state: ProviderStateAt) =>
    state.timeSlots.reduce((sum, slot) => sum + slot.bookings.length, 0);
  if (booked(a) !== booked(b)) lines.push(t('diff.bookings', { before: booked(a), after: booked(b) }));
  return lines;
};

/** The last position there can be: "today" is every event recorded so far. */
const LATEST = '9223372036854775807';

/** An as-of point: a time picked (date-time-local) or an entry's log position. */
export type AsOfPoint = { time: string } | { position: string } | undefined;

const pointText = (point: NonNullable<AsOfPoint>, { t }: Texts): string =>
  'time' in point ? formatDateTime(point.time) : t('eventNumber', { position: point.position });

function AsOf({
  providerId,
  point,
  onPoint,
}: {
  providerId: string;
  point: AsOfPoint;
  onPoint: (point: AsOfPoint) => void;
}) {
  const texts = useHistoryTexts();
  const { T, t } = texts;
  const [compareFrom, setCompareFrom] = useState('');
  const [compareTo, setCompareTo] = useState('');
  const today = useProviderStateAtQuery({ providerId, at: LATEST });
  const at = point ? ('time' in point ? isoOf(point.time) : point.position) : '';
  const past = useProviderStateAtQuery({ providerId, at }, { skip: !at });
  const asOf = point && 'time' in point ? point.time : '';
  const first = useProviderStateAtQuery({ providerId, at: isoOf(compareFrom) }, { skip: !compareFrom });
  const second = useProviderStateAtQuery({ providerId, at: isoOf(compareTo) }, { skip: !compareTo });
  const differences =
    first.data && second.data ? stateDifferences(first.data, second.data, texts) : undefined;
  return (
    <Panel aria-labelledby="as-of-title">
      <h2 id="as-of-title">{T.asOf}</h2>
      <label>
        {T.showAsOf}{' '}
        <input
          type="datetime-local"
          aria-label={T.asOf}
          value={asOf}
          onChange={(e) => onPoint(e.target.value ? { time: e.target.value } : undefined)}
        />
      </label>
      <States>
        {point ? (
          <StateColumn title={t('asOfPoint', { point: pointText(point, texts) })} state={past.data} />
        ) : (
          <Muted>{T.pickATime}</Muted>
        )}
        <StateColumn title={T.today} state={today.data} />
      </States>
      <h2>{T.compare}</h2>
      <label>
        {T.from}{' '}
        <input
          type="datetime-local"
          aria-label={T.compareFrom}
          value={compareFrom}
          onChange={(e) => setCompareFrom(e.target.value)}
        />
      </label>{' '}
      <label>
        {T.to}{' '}
        <input
          type="datetime-local"
          aria-label={T.compareTo}
          value={compareTo}
          onChange={(e) => setCompareTo(e.target.value)}
        />
      </label>
      {differences && (
        <ul aria-label={T.differences}>
          {differences.length === 0 ? (
            <li>{T.noDifferences}</li>
          ) : (
            differences.map((line) => <li key={line}>{line}</li>)
          )}
        </ul>
      )}
    </Panel>
  );
}

const EMPTY = { types: '', actor: '', from: '', to: '' };

/** /providers/:id/history, the audit timeline of one provider. */
export function HistoryPage() {
  const providerId = useParams().id ?? '';
  const { T } = useHistoryTexts();
  const role = useAppSelector(selectRole) ?? undefined;
  const [draft, setDraft] = useState(EMPTY);
  const [applied, setApplied] = useState(EMPTY);
  const [point, setPoint] = useState<AsOfPoint>(undefined);
  const filters: HistoryFilters = { providerId, ...applied };
  const { data, error, isFetching, hasNextPage, fetchNextPage } = useProviderHistoryInfiniteQuery(filters);
  const entries = data?.pages.flatMap((page) => page.entries) ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  // The breadcrumb names the provider ("Sunrise Clinic"), never "…" (issue 32).
  const latest = useProviderStateAtQuery({ providerId, at: LATEST }, { skip: !providerId });
  useCrumbName(`/providers/${encodeURIComponent(providerId)}`, latest.data?.profile?.businessName);

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
  const canViewAny = can(role, 'history.viewAny');
  return (
    <>
      {/* The provider's own admin has no provider detail screen: it came from its dashboard. */}
      {canViewAny ? (
        <Link to={`/providers/${encodeURIComponent(providerId)}`}>{T.backToProvider}</Link>
      ) : (
        <Link to="/dashboard">{T.backToDashboard}</Link>
      )}
      <Title>{T.title}</Title>
      <Filters onSubmit={submit} aria-label={T.filters}>
        <label>
          {T.type}
          <select value={draft.types} onChange={(e) => setDraft({ ...draft, types: e.target.value })}>
            {TYPE_CHOICES.map((choice) => (
              <option key={choice.key} value={choice.types}>
                {T.types[choice.key]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.actor}
          <input value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        </label>
        <label>
          {T.from}
          <input
            type="datetime-local"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label>
          {T.to}
          <input
            type="datetime-local"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <FormButton type="submit">{T.applyFilters}</FormButton>
        <SmallLink href={exportUrl(filters, 'csv')} download>
          {T.exportCsv}
        </SmallLink>
        <SmallLink href={exportUrl(filters, 'ndjson')} download>
          {T.exportNdjson}
        </SmallLink>
      </Filters>
      <Layout>
        <Panel aria-labelledby="timeline-title">
          <h2 id="timeline-title">{T.timeline}</h2>
          {status === 403 && <Muted role="alert">{T.forbidden}</Muted>}
          {status === 404 && <Muted role="alert">{T.noHistory}</Muted>}
          {error && status !== 403 && status !== 404 && <Muted role="alert">{T.loadFailed}</Muted>}
          {!error && data && entries.length === 0 && <Muted>{T.noMatches}</Muted>}
          <Timeline aria-label={T.timeline}>
            {entries.map((entry) => (
              <TimelineEntry
                key={entry.position}
                entry={entry}
                onAsOf={(position) => setPoint({ position })}
              />
            ))}
          </Timeline>
          <div ref={sentinel} />
          {isFetching && <Muted>{T.loading}</Muted>}
          {hasNextPage && !isFetching && (
            <SmallButton type="button" onClick={() => void fetchNextPage()}>
              {T.loadMore}
            </SmallButton>
          )}
        </Panel>
        {providerId && <AsOf providerId={providerId} point={point} onPoint={setPoint} />}
      </Layout>
    </>
  );
}
