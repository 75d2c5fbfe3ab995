import { useState } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import type { ChatApp, ChatAppForm } from '@appointment/contracts/integration-settings';
import { MESSAGES } from '@appointment/contracts/messages';
import { Button, SecondaryButton } from '../../../ui/button.styles';
import { CopyField } from '../../../ui/copy-field';
import { Modal } from '../../../ui/modal';
import { CardGrid, ErrorNotice, Notice, StandalonePageTitle } from '../../../ui/page.styles';
import { ChatAppDialog } from '../components/chat-app-dialog';
import { IntegrationError } from '../components/integration-error';
import { ProviderPicker, useIntegrationScope, type IntegrationScope } from '../components/provider-picker';
import {
  useConfigureChatAppMutation,
  useConnectChatAppMutation,
  useConnectProviderCalendarMutation,
  useDisconnectChatAppMutation,
  useDisconnectProviderCalendarMutation,
  useIntegrationSettingsQuery,
  useProviderCalendarFeedQuery,
} from '../integrations.api';
import { INTEGRATIONS_TEXTS } from '../integrations.texts';
import { AppActions, AppCard, AppHeading, AppStatus, AppText } from './connected-apps.styles';

/**
 * docs/product.md §2.8 Connected Apps: the calendar app is the provider's private iCalendar
 * feed, the chat app posts bookings to a chat channel's webhook. Configure is offered only when
 * connected; Connect/Disconnect always.
 */
export function ConnectedAppsPage() {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const scope = useIntegrationScope();
  const { providerId, mayManage } = scope;
  const feed = useProviderCalendarFeedQuery(providerId, { skip: !scope.ready });
  const settings = useIntegrationSettingsQuery(providerId, { skip: !scope.ready });
  const [connect, connecting] = useConnectProviderCalendarMutation();
  const [disconnect, disconnecting] = useDisconnectProviderCalendarMutation();
  const [configuring, setConfiguring] = useState(false);
  const busy = connecting.isLoading || disconnecting.isLoading;
  const failed = connecting.isError || disconnecting.isError;

  if (feed.isError || settings.isError) {
    return (
      <section aria-labelledby="page-title">
        <StandalonePageTitle id="page-title">{T.connectedApps}</StandalonePageTitle>
        <ProviderPicker scope={scope} />
        <IntegrationError />
      </section>
    );
  }
  const connected = feed.data?.connected ?? false;

  return (
    <section aria-labelledby="page-title">
      <StandalonePageTitle id="page-title">{T.connectedApps}</StandalonePageTitle>
      <ProviderPicker scope={scope} />
      {(feed.isLoading || settings.isLoading) && <Notice role="status">{T.loading}</Notice>}
      {failed && <ErrorNotice role="alert">{T.actionFailed}</ErrorNotice>}
      {feed.data && (
        <CardGrid>
          <AppCard aria-labelledby="calendar-app">
            <AppHeading id="calendar-app">
              {T.calendarApp}
              <AppStatus $connected={connected}>{connected ? T.connected : T.disconnected}</AppStatus>
            </AppHeading>
            <AppText>{T.calendarDescription}</AppText>
            <AppActions>
              {connected && (
                <SecondaryButton type="button" onClick={() => setConfiguring(true)}>
                  {T.configure}
                </SecondaryButton>
              )}
              {mayManage &&
                (connected ? (
                  <SecondaryButton type="button" disabled={busy} onClick={() => void disconnect(providerId)}>
                    {T.disconnect}
                  </SecondaryButton>
                ) : (
                  <Button type="button" disabled={busy} onClick={() => void connect(providerId)}>
                    {connecting.isLoading ? T.connecting : T.connect}
                  </Button>
                ))}
            </AppActions>
          </AppCard>
          {settings.data && <ChatAppCard app={settings.data.chatApp} scope={scope} />}
        </CardGrid>
      )}
      <Modal open={configuring && connected} title={T.calendarApp} onClose={() => setConfiguring(false)}>
        <AppText>{T.feedHelp}</AppText>
        {feed.data?.url && (
          <CopyField
            label={T.feedUrl}
            value={feed.data.url}
            copiedMessage={MESSAGES.calendarUrlCopied}
            copyLabel={T.copy}
          />
        )}
        <AppActions>
          <SecondaryButton type="button" onClick={() => setConfiguring(false)}>
            {T.close}
          </SecondaryButton>
        </AppActions>
      </Modal>
    </section>
  );
}

/** The chat app: Connect asks for the channel's incoming-webhook URL in the configure modal. */
function ChatAppCard({ app, scope }: { app: ChatApp; scope: IntegrationScope }) {
  const { texts: T } = useCatalogue('integrations', INTEGRATIONS_TEXTS);
  const { providerId, mayManage } = scope;
  const [dialog, setDialog] = useState<'connect' | 'configure' | null>(null);
  const [connect, connecting] = useConnectChatAppMutation();
  const [configure, configuring] = useConfigureChatAppMutation();
  const [disconnect, disconnecting] = useDisconnectChatAppMutation();
  const saving = connecting.isLoading || configuring.isLoading;
  const save = (form: ChatAppForm) => {
    const request = { providerId, body: form };
    const done = dialog === 'configure' ? configure(request) : connect(request);
    void done.unwrap().then(
      () => setDialog(null),
      () => undefined,
    );
  };
  return (
    <AppCard aria-labelledby="chat-app">
      <AppHeading id="chat-app">
        {T.chatApp}
        <AppStatus $connected={app.connected}>{app.connected ? T.connected : T.disconnected}</AppStatus>
      </AppHeading>
      <AppText>
        {app.connected ? [app.name, app.description].filter(Boolean).join(' — ') : T.chatAppDescription}
      </AppText>
      {disconnecting.isError && <ErrorNotice role="alert">{T.chatAppFailed}</ErrorNotice>}
      <AppActions>
        {app.connected && mayManage && (
          <SecondaryButton type="button" onClick={() => setDialog('configure')}>
            {T.configure}
          </SecondaryButton>
        )}
        {mayManage &&
          (app.connected ? (
            <SecondaryButton
              type="button"
              disabled={disconnecting.isLoading}
              onClick={() => void disconnect(providerId)}
            >
              {T.disconnect}
            </SecondaryButton>
          ) : (
            <Button type="button" onClick={() => setDialog('connect')}>
              {T.connect}
            </Button>
          ))}
      </AppActions>
      <ChatAppDialog
        open={dialog !== null}
        app={app}
        saving={saving}
        failed={(dialog === 'configure' ? configuring : connecting).isError}
        onSave={save}
        onClose={() => setDialog(null)}
      />
    </AppCard>
  );
}
