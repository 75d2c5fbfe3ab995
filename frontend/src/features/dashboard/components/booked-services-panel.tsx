import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { SmallButton } from '../../../ui/button.styles';
import { formatMoney } from '@appointment/contracts/money';
import { longDate } from '../../../ui/appointment-format';
import { DASHBOARD_TEXTS } from '../dashboard.texts';
import type { BookedService } from '../dashboard.view';
import { Actions, ItemLine, ItemTitle, Panel, PanelTitle, Tile, TileGrid } from './dashboard.styles';
import { DashboardPicture } from './picture';

const BOOKING_PATH = '/appointments/book';

/** docs/product.md §2.4 service cards of non-admins: "Book New" and "Book Again" lead to /appointments/book. */
export function BookedServicesPanel({ services }: { services: BookedService[] }) {
  const titleId = useId();
  const navigate = useNavigate();
  return (
    <Panel aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{DASHBOARD_TEXTS.services}</PanelTitle>
      <TileGrid aria-labelledby={titleId}>
        {services.map((service) => (
          <li key={service.key}>
            <Tile aria-label={`${service.serviceName} at ${service.providerName}`}>
              <DashboardPicture src={service.imageUrl} name={service.serviceName} />
              <ItemTitle>{service.serviceName}</ItemTitle>
              <ItemLine>{service.providerName}</ItemLine>
              <ItemLine>{formatMoney(service.amount, service.currency)}</ItemLine>
              <ItemLine>
                {DASHBOARD_TEXTS.lastVisit}: {longDate(service.lastDate)}
              </ItemLine>
              <Actions>
                <SmallButton type="button" onClick={() => navigate(BOOKING_PATH)}>
                  {DASHBOARD_TEXTS.bookNew}
                </SmallButton>
                <SmallButton type="button" onClick={() => navigate(BOOKING_PATH)}>
                  {DASHBOARD_TEXTS.bookAgain}
                </SmallButton>
              </Actions>
            </Tile>
          </li>
        ))}
      </TileGrid>
    </Panel>
  );
}
