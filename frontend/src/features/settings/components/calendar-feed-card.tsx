import { useId } from 'react';
import { MESSAGES } from '@appointment/contracts/messages';
import { SecondaryButton } from '../../../ui/button.styles';
import { CopyField } from '../../../ui/copy-field';
import { ErrorNotice } from '../../../ui/page.styles';
import {
  useConnectMyCalendarMutation,
  useDisconnectMyCalendarMutation,
  useMyCalendarFeedQuery,
} from '../calendar-feed.api';
import { Card, CardTitle, Hint } from '../pages/settings-page.styles';
import { PrimaryButton } from './settings-controls.styles';
import { useCatalogue } from '../../../lib/catalogue';
import { SETTINGS_TEXTS } from '../settings.texts';

/** Settings: the user's personal iCalendar feed of their bookings. */
export function CalendarFeedCard() {
  const T = useCatalogue('settings', SETTINGS_TEXTS).texts.calendarFeed;
  const titleId = useId();
  const feed = useMyCalendarFeedQuery();
  const [connect, connecting] = useConnectMyCalendarMutation();
  const [disconnect, disconnecting] = useDisconnectMyCalendarMutation();
  const busy = connecting.isLoading || disconnecting.isLoading;

  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>{T.title}</CardTitle>
      <Hint>{T.hint}</Hint>
      {feed.isLoading && <Hint role="status">{T.loading}</Hint>}
      {(feed.isError || connecting.isError || disconnecting.isError) && (
        <ErrorNotice role="alert">{T.failed}</ErrorNotice>
      )}
      {feed.data?.connected && feed.data.url ? (
        <>
          <CopyField
            label={T.url}
            value={feed.data.url}
            copiedMessage={MESSAGES.calendarUrlCopied}
            copyLabel={T.copy}
          />
          <div>
            <SecondaryButton
              type="button"
              disabled={busy}
              onClick={() => {
                void disconnect()
                  .unwrap()
                  .then(() => connect());
              }}
            >
              {T.rotate}
            </SecondaryButton>{' '}
            <SecondaryButton type="button" disabled={busy} onClick={() => void disconnect()}>
              {T.disconnect}
            </SecondaryButton>
          </div>
        </>
      ) : (
        feed.data && (
          <div>
            <PrimaryButton type="button" disabled={busy} onClick={() => void connect()}>
              {T.connect}
            </PrimaryButton>
          </div>
        )
      )}
    </Card>
  );
}
