import { MESSAGES } from '@appointment/contracts/messages';
import type { Provider } from '@appointment/contracts/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { favouriteToggled, providerSelected, selectBooking, selectVisibleProviders } from '../booking.slice';
import { ErrorNotice, Muted, Panel, SectionTitle } from './booking.styles';
import { ProviderCard } from './provider-card';
import { ProviderFilters } from './provider-filters';
import { CardGrid } from './provider-list.styles';

/** docs/product.md §2.6 provider browsing: the filters and the selected industry's provider cards. */
export function ProviderList() {
  const dispatch = useAppDispatch();
  const {
    industriesStatus,
    selectedIndustry,
    providersStatus,
    providersError,
    favouriteIds,
    favouriteBusyIds,
    favouriteError,
    returnFocusId,
  } = useBookingSelector(selectBooking);
  const providers = useBookingSelector(selectVisibleProviders);

  const open = (provider: Provider) => dispatch(providerSelected(provider));
  const mark = (provider: Provider, favorite: boolean) =>
    dispatch(favouriteToggled({ providerId: provider.id, favorite }));

  const loading = providersStatus === 'loading' || providersStatus === 'idle';

  return (
    <Panel aria-labelledby="providers-title" aria-busy={loading}>
      <SectionTitle id="providers-title">
        {selectedIndustry ? `${selectedIndustry} ${BOOKING_TEXTS.providers}` : BOOKING_TEXTS.providers}
      </SectionTitle>
      <ProviderFilters />
      {favouriteError && <ErrorNotice role="alert">{favouriteError}</ErrorNotice>}
      {!selectedIndustry ? (
        industriesStatus === 'loading' ? (
          <Muted role="status">{BOOKING_TEXTS.loadingProviders}</Muted>
        ) : (
          <Muted>{BOOKING_TEXTS.chooseIndustry}</Muted>
        )
      ) : providersError ? (
        <ErrorNotice role="alert">{providersError}</ErrorNotice>
      ) : loading && providers.length === 0 ? (
        <Muted role="status">{BOOKING_TEXTS.loadingProviders}</Muted>
      ) : providers.length === 0 ? (
        <Muted role="status">{MESSAGES.noProvidersMatch}</Muted>
      ) : (
        <CardGrid aria-label={BOOKING_TEXTS.providers}>
          {providers.map((provider) => (
            <li key={provider.id}>
              <ProviderCard
                provider={provider}
                favourite={favouriteIds.includes(provider.id)}
                favouriteBusy={favouriteBusyIds.includes(provider.id)}
                focusOnMount={provider.id === returnFocusId}
                onOpen={open}
                onFavourite={mark}
              />
            </li>
          ))}
        </CardGrid>
      )}
    </Panel>
  );
}
