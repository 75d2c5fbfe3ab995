import { useId } from 'react';
import { MessageText } from '../../../ui/message-text';
import { matchesProviderFilters, matchesProviderSearch } from '@appointment/contracts/catalogue';
import { INDUSTRY_LIST } from '@appointment/contracts/constants';
import { MESSAGES } from '@appointment/contracts/messages';
import { can } from '@appointment/contracts/roles';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { readStoredRole } from '../../../lib/session';
import { Button } from '../../../ui/button.styles';
import { PROVIDERS_TEXTS } from '../providers.texts';
import { AddProviderDialog } from '../components/add-provider-dialog';
import { ProviderCard } from '../components/provider-card';
import {
  addProviderOpened,
  providerIndustryChanged,
  providerSearchChanged,
  selectProviderForm,
  selectProviderIndustry,
  selectProviderSearch,
} from '../providers.slice';
import { readStatusOf } from '../../../lib/api';
import { useAllProvidersQuery } from '../../../lib/all-providers.api';
import {
  ErrorNotice,
  Filter,
  FilterLabel,
  Grid,
  Header,
  Notice,
  SearchInput,
  SelectInput,
  Title,
  Toolbar,
} from './service-providers-page.styles';

/** docs/product.md §2.8 Service Providers: every provider as a card, searchable and filtered by industry. */
export function ServiceProvidersPage() {
  const dispatch = useAppDispatch();
  const { texts } = useCatalogue('providers', PROVIDERS_TEXTS);
  const T = texts.list;
  const searchId = useId();
  const industryId = useId();
  const search = useAppSelector(selectProviderSearch);
  const industry = useAppSelector(selectProviderIndustry);
  const form = useAppSelector(selectProviderForm);
  // Each opening reads the providers again.
  const providersQuery = useAllProvidersQuery(undefined, { refetchOnMountOrArgChange: true });
  const providers = providersQuery.currentData ?? [];
  const status = readStatusOf(providersQuery);
  const error = providersQuery.isError ? MESSAGES.fetchProvidersFailed : null;
  // support sees the screen read-only; creating providers stays with superadmin (contracts/roles).
  const mayAdd = can(readStoredRole().role, 'providers.manage');

  const shown = providers.filter(
    (provider) => matchesProviderSearch(provider, search) && matchesProviderFilters(provider, { industry }),
  );

  const notice =
    status === 'loading'
      ? T.loading
      : status === 'loaded' && providers.length === 0
        ? MESSAGES.noProviders
        : status === 'loaded' && shown.length === 0
          ? MESSAGES.noProvidersMatch
          : null;

  return (
    <section aria-labelledby="providers-title">
      <Header>
        <Title id="providers-title">{T.title}</Title>
        {mayAdd && (
          <Button type="button" onClick={() => dispatch(addProviderOpened())}>
            {T.addProvider}
          </Button>
        )}
      </Header>
      <Toolbar role="search" aria-label={T.findProviders}>
        <Filter $grow>
          <FilterLabel htmlFor={searchId}>{T.search}</FilterLabel>
          <SearchInput
            id={searchId}
            type="search"
            placeholder={T.searchPlaceholder}
            value={search}
            onChange={(event) => dispatch(providerSearchChanged(event.target.value))}
          />
        </Filter>
        <Filter>
          <FilterLabel htmlFor={industryId}>{T.industry}</FilterLabel>
          <SelectInput
            id={industryId}
            value={industry}
            onChange={(event) => dispatch(providerIndustryChanged(event.target.value))}
          >
            <option value="">{T.allIndustries}</option>
            {INDUSTRY_LIST.map((item) => (
              <option key={item.id} value={item.name}>
                {texts.industries[item.name]}
              </option>
            ))}
          </SelectInput>
        </Filter>
      </Toolbar>
      {error && <ErrorNotice role="alert">{error}</ErrorNotice>}
      <div role="status">
        {notice && (
          <Notice>
            <MessageText>{notice}</MessageText>
          </Notice>
        )}
      </div>
      {shown.length > 0 && (
        <Grid aria-label={T.providers} aria-busy={status === 'loading'}>
          {shown.map((provider) => (
            <li key={provider.id}>
              <ProviderCard provider={provider} />
            </li>
          ))}
        </Grid>
      )}
      {mayAdd && <AddProviderDialog form={form} />}
    </section>
  );
}
