import { useId } from 'react';
import type { Service } from '@appointment/contracts/catalogue';
import { formatMoney } from '@appointment/contracts/money';
import { DASHBOARD_TEXTS } from '../dashboard.texts';
import { ItemLine, ItemTitle, Panel, PanelTitle, Tile, TileGrid } from './dashboard.styles';

/** docs/product.md §2.4: a Services panel, shown when service details exist (admins; no booking buttons). */
export function ServicesPanel({ services }: { services: Service[] }) {
  const titleId = useId();
  return (
    <Panel aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{DASHBOARD_TEXTS.services}</PanelTitle>
      <TileGrid aria-labelledby={titleId}>
        {services.map((service) => (
          <li key={service._id}>
            <Tile aria-label={service.name}>
              <ItemTitle>{service.name}</ItemTitle>
              {service.description && <ItemLine>{service.description}</ItemLine>}
              <ItemLine>
                {service.duration} {DASHBOARD_TEXTS.minutes} · {formatMoney(service.price, service.currency)}
              </ItemLine>
            </Tile>
          </li>
        ))}
      </TileGrid>
    </Panel>
  );
}
