import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { searchTimeZones } from '@appointment/contracts/time-zones';
import { useCatalogue } from '../lib/catalogue';
import { Input, Select } from './form.styles';
import { TIME_ZONE_PICKER_TEXTS } from './time-zone-picker.texts';

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

/**
 * The zones the list offers for what was typed (contracts' searchTimeZones over every IANA zone);
 * the chosen zone stays first when the search leaves it out, so the list always shows the choice.
 */
export const zoneOptions = (query: string, current: string): string[] => {
  const found = searchTimeZones(query);
  return current && !found.includes(current) ? [current, ...found] : found;
};

interface TimeZonePickerProps {
  /** The select's id, which the field's label names. */
  id: string;
  value: string;
  onChange: (zone: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** A first option with no zone ("Select a time zone"), when the field may be empty. */
  emptyLabel?: string;
}

/** Every IANA time zone in a searchable list (docs/product.md §3: the profile's and the provider's zone). */
export function TimeZonePicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  emptyLabel,
}: TimeZonePickerProps) {
  const { texts: T, t } = useCatalogue('timeZonePicker', TIME_ZONE_PICKER_TEXTS);
  const [query, setQuery] = useState('');
  const options = useMemo(() => zoneOptions(query, value), [query, value]);
  const found = options.length - (value && !searchTimeZones(query).includes(value) ? 1 : 0);
  return (
    <>
      <Input
        type="search"
        aria-label={T.search}
        placeholder={T.placeholder}
        aria-controls={id}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {query.trim() !== '' && <Hint aria-live="polite">{t('matches', { count: found })}</Hint>}
      <Select
        id={id}
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </Select>
    </>
  );
}
