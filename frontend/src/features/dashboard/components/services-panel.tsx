import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import type { Service } from '@appointment/contracts/catalogue';
import { formatPrice } from '../../../lib/locale-format';
import { DASHBOARD_TEXTS } from '../dashboard.texts';
import { ItemLine, ItemTitle, Panel, PanelTitle, Tile, TileGrid } from './dashboard.styles';

/** docs/product.md §2.4: a Services panel, shown when service details exist (admins; no booking buttons). */
export function ServicesPanel({ services }: { services: Service[] }) {
  const { texts: T, t } = useCatalogue('dashboardPanels', DASHBOARD_TEXTS);
  const titleId = useId();
  return (
    <Panel aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{T.services}</PanelTitle>
      <TileGrid aria-labelledby={titleId}>
        {services.map((service) => (
          <li key={service._id}>
            <Tile aria-label={service.name}>
              <ItemTitle>{service.name}</ItemTitle>
              {service.description && <ItemLine>{service.description}</ItemLine>}
              <ItemLine>
                {t('duration', { count: service.duration })} · {formatPrice(service.price, service.currency)}
              </ItemLine>
            </Tile>
          </li>
        ))}
      </TileGrid>
    </Panel>
  );
}
