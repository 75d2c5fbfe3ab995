import { useId } from 'react';
import { SERVICE_DEFAULTS } from '@appointment/contracts/constants';
import { currencySymbol } from '@appointment/contracts/money';
import { useCatalogue } from '../../../lib/catalogue';
import type { PathErrors } from '../../../ui/use-schema-form';
import { PROVIDERS_TEXTS } from '../providers.texts';

import {
  AddButton,
  Cell,
  CheckLabel,
  FieldError,
  Fieldset,
  Hint,
  Input,
  Label,
  Legend,
  RemoveButton,
  Row,
} from './editor.styles';

export interface ServiceRow {
  key: number;
  name: string;
  duration: string;
  price: string;
  automaticBooking: boolean;
}

export const newServiceRow = (key: number): ServiceRow => ({
  key,
  name: '',
  duration: String(SERVICE_DEFAULTS.duration),
  price: String(SERVICE_DEFAULTS.price),
  automaticBooking: SERVICE_DEFAULTS.automaticBooking,
});

interface ServicesEditorProps {
  value: ServiceRow[];
  onChange: (value: ServiceRow[]) => void;
  nextKey: () => number;
  errors: PathErrors;
  /** The currency the prices are in. */
  currency: string;
}

/** docs/product.md §5: a provider offers at least one service, each with a name, duration and price. */
export function ServicesEditor({ value, onChange, nextKey, errors, currency }: ServicesEditorProps) {
  const idPrefix = useId();
  const { texts, t } = useCatalogue('providers', PROVIDERS_TEXTS);
  const T = texts.form;
  const listError = errors.services;
  const update = (key: number, change: Partial<ServiceRow>) =>
    onChange(value.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <Fieldset aria-describedby={listError ? `${idPrefix}-error` : undefined}>
      <Legend>{T.services}</Legend>
      {value.length === 0 && <Hint>{T.noServices}</Hint>}
      {value.map((row, index) => {
        const number = index + 1;
        const label = t('form.serviceNumber', { number });
        const fieldId = (field: string) => `${idPrefix}-${row.key}-${field}`;
        const errorOf = (field: string) => errors[`services.${index}.${field}`];
        const input = (field: 'name' | 'duration' | 'price', text: string, extra: object = {}) => {
          const error = errorOf(field);
          return (
            <>
              <Label htmlFor={fieldId(field)}>{text}</Label>
              <Input
                id={fieldId(field)}
                value={row[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId(field)}-error` : undefined}
                onChange={(event) => update(row.key, { [field]: event.target.value })}
                {...extra}
              />
              {error && <FieldError id={`${fieldId(field)}-error`}>{error}</FieldError>}
            </>
          );
        };
        return (
          <Row key={row.key} role="group" aria-label={label}>
            <Cell $grow={3} $min="10rem">
              {input('name', T.serviceName)}
            </Cell>
            <Cell $grow={1} $min="6rem">
              {input('duration', T.duration, {
                type: 'number',
                min: SERVICE_DEFAULTS.durationMin,
                step: 1,
                inputMode: 'numeric',
              })}
            </Cell>
            <Cell $grow={1} $min="6rem">
              {input('price', t('form.priceIn', { symbol: currencySymbol(currency) }), {
                type: 'number',
                min: SERVICE_DEFAULTS.priceMin,
                step: SERVICE_DEFAULTS.priceStep,
                inputMode: 'decimal',
              })}
            </Cell>
            <CheckLabel>
              <input
                type="checkbox"
                checked={row.automaticBooking}
                onChange={(event) => update(row.key, { automaticBooking: event.target.checked })}
              />
              {T.automaticBooking}
            </CheckLabel>
            <RemoveButton
              type="button"
              aria-label={t('form.removeService', { number })}
              onClick={() => onChange(value.filter((other) => other.key !== row.key))}
            >
              {T.remove}
            </RemoveButton>
          </Row>
        );
      })}
      {listError && <FieldError id={`${idPrefix}-error`}>{listError}</FieldError>}
      <AddButton type="button" onClick={() => onChange([...value, newServiceRow(nextKey())])}>
        {T.addService}
      </AddButton>
    </Fieldset>
  );
}
