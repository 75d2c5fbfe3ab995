import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { DASHBOARD_TEXTS } from '../dashboard.texts';
import { Muted, Panel, PanelHeader, PanelLink, PanelTitle } from './dashboard.styles';

/**
 * A provider's admin reads its own provider's history (docs/product.md §6); the dashboard,
 * where the admin lands, links to it.
 */
export function ProviderHistoryPanel({ providerId }: { providerId: string }) {
  const { texts: T } = useCatalogue('dashboardPanels', DASHBOARD_TEXTS);
  const titleId = useId();
  return (
    <Panel aria-labelledby={titleId}>
      <PanelHeader>
        <PanelTitle id={titleId}>{T.providerHistory}</PanelTitle>
        <PanelLink to={`/providers/${encodeURIComponent(providerId)}/history`}>{T.openHistory}</PanelLink>
      </PanelHeader>
      <Muted>{T.providerHistoryHint}</Muted>
    </Panel>
  );
}
