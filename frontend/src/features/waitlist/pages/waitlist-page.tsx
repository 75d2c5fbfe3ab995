import { useId } from 'react';
import type { WaitlistEntry } from '@appointment/contracts/waitlist';
import { apiMessageOf } from '../../../lib/api';
import { useCatalogue } from '../../../lib/catalogue';
import { parseISO } from 'date-fns';
import { FORMATS } from '@appointment/contracts/constants';
import { formatLocal, formatZonedWhen } from '../../../lib/locale-format';
import {
  useClaimOfferMutation,
  useDeclineOfferMutation,
  useLeaveWaitlistMutation,
  useWaitlistQuery,
} from '../../../lib/waitlist.api';
import { SmallButton } from '../../../ui/button.styles';
import { FormError } from '../../../ui/message-text';
import { Notice, PageHeader, PageTitle } from '../../../ui/page.styles';
import { WAITLIST_TEXTS } from '../waitlist.texts';

/** One entry: its place, status and position, and what its waiter may do with it. */
export function WaitlistEntryRow({ entry }: { entry: WaitlistEntry }) {
  const { texts, t } = useCatalogue('waitlist', WAITLIST_TEXTS);
  const [leave, leaving] = useLeaveWaitlistMutation();
  const [claim, claiming] = useClaimOfferMutation();
  const [decline, declining] = useDeclineOfferMutation();
  const busy = leaving.isLoading || claiming.isLoading || declining.isLoading;
  const error = apiMessageOf(leaving.error ?? claiming.error ?? declining.error);
  const open = entry.status === 'waiting' || entry.status === 'offered';
  return (
    <li aria-label={`${entry.serviceName}, ${entry.providerName}`}>
      <strong>
        {entry.serviceName} · {entry.providerName}
      </strong>
      <div>
        {texts.when}:{' '}
        {entry.day && entry.status === 'waiting'
          ? t('anyPlaceOn', { day: formatLocal(parseISO(entry.day), FORMATS.longDate) })
          : formatZonedWhen(entry.startDateTime, entry.timezone)}
      </div>
      <div>
        {texts.status}: {texts[entry.status]}
        {entry.position !== null && ` · ${texts.position}: ${entry.position}`}
      </div>
      {entry.offer && (
        <div>{t('heldUntil', { until: formatZonedWhen(entry.offer.expiresAt, entry.timezone) })}</div>
      )}
      {entry.offer && (
        <>
          <SmallButton type="button" disabled={busy} onClick={() => void claim(entry.offer!.id)}>
            {texts.claim}
          </SmallButton>{' '}
          <SmallButton type="button" disabled={busy} onClick={() => void decline(entry.offer!.id)}>
            {texts.decline}
          </SmallButton>{' '}
        </>
      )}
      {open && (
        <SmallButton type="button" $danger disabled={busy} onClick={() => void leave(entry._id)}>
          {texts.leave}
        </SmallButton>
      )}
      {error && <FormError>{error}</FormError>}
    </li>
  );
}

/** /waitlist: the user's waitlist entries, with their position, their offers and Leave (issue 31). */
export function WaitlistPage() {
  const { texts } = useCatalogue('waitlist', WAITLIST_TEXTS);
  const titleId = useId();
  const read = useWaitlistQuery(undefined);
  const entries = read.currentData;
  return (
    <section aria-labelledby={titleId}>
      <PageHeader>
        <PageTitle id={titleId}>{texts.title}</PageTitle>
      </PageHeader>
      <Notice>{texts.lead}</Notice>
      {!entries ? (
        read.isError ? (
          <FormError>{apiMessageOf(read.error) ?? ''}</FormError>
        ) : (
          <Notice role="status">{texts.loading}</Notice>
        )
      ) : entries.length === 0 ? (
        <Notice>{texts.empty}</Notice>
      ) : (
        <ul aria-labelledby={titleId}>
          {entries.map((entry) => (
            <WaitlistEntryRow key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
