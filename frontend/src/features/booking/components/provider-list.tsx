import { MESSAGES } from '@appointment/contracts/messages';
import { useCatalogue } from '../../../lib/catalogue';
import type { Provider } from '@appointment/contracts/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { useFavouriteIds, useIndustriesQuery, useUpdateFavouriteMutation } from '../booking.api';
import {
  providerSelected,
  selectFavouriteBusyIds,
  selectFavouriteError,
  selectReturnFocusId,
  selectSelectedIndustry,
} from '../booking.slice';
import { useProviderSearch } from '../use-provider-search';
import { ErrorNotice, Muted, Panel, SectionTitle } from './booking.styles';
import { ProviderCard } from './provider-card';
import { ProviderFilters } from './provider-filters';
import { CardGrid } from './provider-list.styles';
import { MessageText } from '../../../ui/message-text';
import { useIndustryName } from '../../../ui/industry-name';

/** docs/product.md §2.6 provider browsing: the filters and the selected industry's provider cards. */
export function ProviderList() {
  const { texts: T, t } = useCatalogue('booking', BOOKING_TEXTS);
  const industryName = useIndustryName();
  const dispatch = useAppDispatch();
  const selectedIndustry = useBookingSelector(selectSelectedIndustry);
  const favouriteIds = useFavouriteIds();
  const favouriteBusyIds = useBookingSelector(selectFavouriteBusyIds);
  const favouriteError = useBookingSelector(selectFavouriteError);
  const returnFocusId = useBookingSelector(selectReturnFocusId);
  const industries = useIndustriesQuery();
  const { providers, loading, error: providersError } = useProviderSearch();

  const open = (provider: Provider) => dispatch(providerSelected(provider));
  const [updateFavourite] = useUpdateFavouriteMutation();
  const mark = (provider: Provider, favourite: boolean) => {
    void updateFavourite({ providerId: provider.id, favourite });
  };

  return (
    <Panel aria-labelledby="providers-title" aria-busy={loading}>
      <SectionTitle id="providers-title">
        {selectedIndustry
          ? t('industryProviders', { industry: industryName(selectedIndustry) })
          : T.providers}
      </SectionTitle>
      <ProviderFilters />
      {favouriteError && <ErrorNotice role="alert">{favouriteError}</ErrorNotice>}
      {!selectedIndustry ? (
        industries.isFetching ? (
          <Muted role="status">{T.loadingProviders}</Muted>
        ) : (
          <Muted>{T.chooseIndustry}</Muted>
        )
      ) : providersError ? (
        <ErrorNotice role="alert">{providersError}</ErrorNotice>
      ) : loading && providers.length === 0 ? (
        <Muted role="status">{T.loadingProviders}</Muted>
      ) : providers.length === 0 ? (
        <Muted role="status">
          <MessageText>{MESSAGES.noProvidersMatch}</MessageText>
        </Muted>
      ) : (
        <CardGrid aria-label={T.providers}>
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
