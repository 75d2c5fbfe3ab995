import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { useCatalogue } from '../../../lib/catalogue';
import { useClaimOfferMutation, useDeclineOfferMutation, useWaitlistQuery } from '../../../lib/waitlist.api';
import { Button, SecondaryButton } from '../../../ui/button.styles';
import { FormError } from '../../../ui/message-text';
import { Notice, PageHeader, PageTitle } from '../../../ui/page.styles';
import { WAITLIST_TEXTS } from '../waitlist.texts';
import { apiMessageOf } from '../../../lib/api';
import { formatZonedWhen } from '../../../lib/locale-format';

/**
 * /waitlist/offers/:id, the page of an offer's e-mail (issue 31): the place held for the signed-in
 * waiter until the offer expires; Book it claims it (once), Decline passes it on.
 */
export function ClaimOfferPage() {
  const { texts, t } = useCatalogue('waitlist', WAITLIST_TEXTS);
  const titleId = useId();
  const { id = '' } = useParams();
  const read = useWaitlistQuery(undefined);
  const [claim, claiming] = useClaimOfferMutation();
  const [decline, declining] = useDeclineOfferMutation();
  const entry = read.currentData?.find((e) => e.offer?.id === id);
  const busy = claiming.isLoading || declining.isLoading;
  const error = apiMessageOf(claiming.error ?? declining.error);
  const done = claiming.isSuccess ? texts.claimedNote : declining.isSuccess ? texts.declinedNote : null;
  return (
    <section aria-labelledby={titleId}>
      <PageHeader>
        <PageTitle id={titleId}>{texts.claimTitle}</PageTitle>
      </PageHeader>
      {done ? (
        <Notice role="status">{done}</Notice>
      ) : !read.currentData ? (
        <Notice role="status">{texts.loadingOffer}</Notice>
      ) : !entry?.offer ? (
        <Notice role="alert">{texts.notOpen}</Notice>
      ) : (
        <>
          <Notice>
            <strong>
              {entry.serviceName} · {entry.providerName}
            </strong>
            <br />
            {formatZonedWhen(entry.startDateTime, entry.timezone)}
          </Notice>
          <Notice>{t('claimLead', { until: formatZonedWhen(entry.offer.expiresAt, entry.timezone) })}</Notice>
          <div>
            <Button type="button" disabled={busy} onClick={() => void claim(id)}>
              {texts.claim}
            </Button>{' '}
            <SecondaryButton type="button" disabled={busy} onClick={() => void decline(id)}>
              {texts.decline}
            </SecondaryButton>
          </div>
        </>
      )}
      {error && <FormError>{error}</FormError>}
    </section>
  );
}
