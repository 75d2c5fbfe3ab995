import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { longDate } from '../../../ui/appointment-format';
import { DASHBOARD_TEXTS } from '../dashboard.texts';
import type { RecentProvider } from '../dashboard.view';
import {
  ItemLine,
  ItemTitle,
  Muted,
  Panel,
  PanelHeader,
  PanelLink,
  PanelTitle,
  Tile,
  TileGrid,
} from './dashboard.styles';
import { DashboardPicture } from './picture';
import { useIndustryName } from '../../../ui/industry-name';

/** How many providers the panel shows; "View All" leads to the rest. */
export const RECENT_PROVIDERS_SHOWN = 4;

interface RecentProvidersPanelProps {
  providers: RecentProvider[];
  loading: boolean;
}

/** docs/product.md §2.4 Recent Providers (non-admins), with "View All" to /appointments. */
export function RecentProvidersPanel({ providers, loading }: RecentProvidersPanelProps) {
  const { texts: T, t } = useCatalogue('dashboardPanels', DASHBOARD_TEXTS);
  const titleId = useId();
  const industryName = useIndustryName();
  return (
    <Panel aria-labelledby={titleId}>
      <PanelHeader>
        <PanelTitle id={titleId}>{T.recentProviders}</PanelTitle>
        <PanelLink to="/appointments">{T.viewAll}</PanelLink>
      </PanelHeader>
      {loading ? (
        <Muted>{T.loading}</Muted>
      ) : providers.length === 0 ? (
        <Muted>{T.noRecentProviders}</Muted>
      ) : (
        <TileGrid aria-labelledby={titleId}>
          {providers.slice(0, RECENT_PROVIDERS_SHOWN).map((provider) => (
            <li key={provider.providerId}>
              <Tile aria-label={provider.name}>
                <DashboardPicture src={provider.imageUrl} name={provider.name} />
                <ItemTitle>{provider.name}</ItemTitle>
                {provider.industry && <ItemLine>{industryName(provider.industry)}</ItemLine>}
                {provider.address && <ItemLine>{provider.address}</ItemLine>}
                <ItemLine>{t('lastVisit', { date: longDate(provider.lastDate) })}</ItemLine>
              </Tile>
            </li>
          ))}
        </TileGrid>
      )}
    </Panel>
  );
}
