import { useId } from 'react';
import { LOCATION_OPTIONS } from '@appointment/contracts/constants';
import { useAppDispatch } from '../../../lib/hooks';
import { Field, Input, Label, Select } from '../../../ui/form.styles';
import { Switch, SwitchRow } from '../../../ui/toggle.styles';
import { BOOKING_TEXTS } from '../booking.texts';
import { useBookingSelector } from '../booking.hooks';
import { favouritesOnlyChanged, providerFiltersChanged, selectBooking } from '../booking.slice';
import { FilterBar } from './provider-list.styles';

/** docs/product.md §5 provider filters: a location (a whole word of the address) and a name search. */
export function ProviderFilters() {
  const dispatch = useAppDispatch();
  const { filters } = useBookingSelector(selectBooking);
  const id = useId();

  return (
    <FilterBar role="search" aria-label="Provider filters">
      <Field>
        <Label htmlFor={`${id}-location`}>{BOOKING_TEXTS.location}</Label>
        <Select
          id={`${id}-location`}
          value={filters.location}
          onChange={(event) => dispatch(providerFiltersChanged({ location: event.target.value }))}
        >
          <option value="">{BOOKING_TEXTS.allLocations}</option>
          {LOCATION_OPTIONS.map((location) => (
            <option key={location} value={location}>
              {location}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor={`${id}-search`}>{BOOKING_TEXTS.search}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          maxLength={120}
          placeholder={BOOKING_TEXTS.searchPlaceholder}
          value={filters.search}
          onChange={(event) => dispatch(providerFiltersChanged({ search: event.target.value }))}
        />
      </Field>
      <SwitchRow>
        {BOOKING_TEXTS.favouritesOnly}
        <Switch
          checked={filters.favouritesOnly}
          onChange={(event) => dispatch(favouritesOnlyChanged(event.target.checked))}
        />
      </SwitchRow>
    </FilterBar>
  );
}
