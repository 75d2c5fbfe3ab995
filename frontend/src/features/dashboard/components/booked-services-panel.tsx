import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { useNavigate } from 'react-router-dom';
import { SmallButton } from '../../../ui/button.styles';
import { formatPrice } from '../../../lib/locale-format';
import { longDate } from '../../../ui/appointment-format';
import { DASHBOARD_TEXTS } from '../dashboard.texts';
import type { BookedService } from '../dashboard.view';
import { Actions, ItemLine, ItemTitle, Panel, PanelTitle, Tile, TileGrid } from './dashboard.styles';
import { DashboardPicture } from './picture';
import type { BookAgain } from '../../../lib/events';

const BOOKING_PATH = '/appointments/book';

/**
 * docs/product.md §2.4 service cards of non-admins: "Book New" and "Book Again" lead to /appointments/book,
 * "Book Again" on the provider and service of the card (issue 32).
 */
export function BookedServicesPanel({ services }: { services: BookedService[] }) {
  const { texts: T, t } = useCatalogue('dashboardPanels', DASHBOARD_TEXTS);
  const titleId = useId();
  // The data router's navigate answers a promise that settles once the next screen is shown and
  // never rejects (a failing loader shows the error page): a click voids it.
  const navigate = useNavigate();
  return (
    <Panel aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{T.services}</PanelTitle>
      <TileGrid aria-labelledby={titleId}>
        {services.map((service) => (
          <li key={service.key}>
            <Tile
              aria-label={t('bookedAt', { service: service.serviceName, provider: service.providerName })}
            >
              <DashboardPicture src={service.imageUrl} name={service.serviceName} />
              <ItemTitle>{service.serviceName}</ItemTitle>
              <ItemLine>{service.providerName}</ItemLine>
              <ItemLine>{formatPrice(service.amount, service.currency)}</ItemLine>
              <ItemLine>{t('lastVisit', { date: longDate(service.lastDate) })}</ItemLine>
              <Actions>
                <SmallButton type="button" onClick={() => void navigate(BOOKING_PATH)}>
                  {T.bookNew}
                </SmallButton>
                <SmallButton
                  type="button"
                  onClick={() =>
                    void navigate(BOOKING_PATH, {
                      state: {
                        bookAgain: { providerId: service.providerId, serviceName: service.serviceName },
                      } satisfies { bookAgain: BookAgain },
                    })
                  }
                >
                  {T.bookAgain}
                </SmallButton>
              </Actions>
            </Tile>
          </li>
        ))}
      </TileGrid>
    </Panel>
  );
}
