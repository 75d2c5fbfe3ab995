import { useId } from 'react';
import { useCatalogue } from '../../../lib/catalogue';
import { LOCATION_OPTIONS } from '@appointment/contracts/constants';
import { useAppDispatch } from '../../../lib/hooks';
import { Field, Input, Label, Select } from '../../../ui/form.styles';
import { Switch, SwitchRow } from '../../../ui/toggle.styles';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { favouritesOnlyChanged, providerFiltersChanged, selectProviderFilters } from '../booking.slice';
import { FilterBar } from './provider-list.styles';

/** docs/product.md §5 provider filters: a location (a whole word of the address) and a name search. */
export function ProviderFilters() {
  const { texts: T } = useCatalogue('booking', BOOKING_TEXTS);
  const dispatch = useAppDispatch();
  const filters = useBookingSelector(selectProviderFilters);
  const id = useId();

  return (
    <FilterBar role="search" aria-label={T.providerFilters}>
      <Field>
        <Label htmlFor={`${id}-location`}>{T.location}</Label>
        <Select
          id={`${id}-location`}
          value={filters.location}
          onChange={(event) => dispatch(providerFiltersChanged({ location: event.target.value }))}
        >
          <option value="">{T.allLocations}</option>
          {LOCATION_OPTIONS.map((location) => (
            <option key={location} value={location}>
              {location}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor={`${id}-search`}>{T.search}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          maxLength={120}
          placeholder={T.searchPlaceholder}
          value={filters.search}
          onChange={(event) => dispatch(providerFiltersChanged({ search: event.target.value }))}
        />
      </Field>
      <SwitchRow>
        {T.favouritesOnly}
        <Switch
          checked={filters.favouritesOnly}
          onChange={(event) => dispatch(favouritesOnlyChanged(event.target.checked))}
        />
      </SwitchRow>
    </FilterBar>
  );
}
