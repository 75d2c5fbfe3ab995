import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '@appointment/contracts/messages';
import { Currency, SUPPORTED_CURRENCIES, currencySymbol } from '@appointment/contracts/money';
import { useCatalogue } from '../../../lib/catalogue';
import { FieldError, FormButton, Label, Select } from '../../../ui/form.styles';
import { SERVICES_TEXTS } from '../services.texts';
import { useSaveCurrencyMutation } from '../services.api';
import { CurrencyForm, CurrencyNote } from './currency-setting.styles';

const OPTIONS = SUPPORTED_CURRENCIES.map((code) => ({
  value: code,
  label: `${code} (${currencySymbol(code)})`,
}));

interface CurrencySettingProps {
  currency: string;
  /** Only the admin chooses (roles `services.manage`); the incharge is told which it is. */
  mayManage: boolean;
  saving: boolean;
  error: string | null;
}

/**
 * One currency per provider. Its services, bookings, checkout and e-mails all use it; it starts
 * as the currency of the provider's country.
 */
export function CurrencySetting({ currency, mayManage, saving, error }: CurrencySettingProps) {
  const [saveCurrency] = useSaveCurrencyMutation();
  const id = useId();
  const { texts, t } = useCatalogue('services', SERVICES_TEXTS);
  const T = texts.currency;
  const [chosen, setChosen] = useState(currency);
  const [invalid, setInvalid] = useState<string | null>(null);

  if (!mayManage) {
    return (
      <CurrencyNote>{t('currency.pricesIn', { currency, symbol: currencySymbol(currency) })}</CurrencyNote>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = Currency.safeParse(chosen);
    setInvalid(parsed.success ? null : MESSAGES.currencyUnsupported);
    if (parsed.success) void saveCurrency(parsed.data);
  };
  const message = invalid ?? error;

  return (
    <CurrencyForm aria-label={T.label} onSubmit={submit} noValidate>
      <Label htmlFor={id}>{T.label}</Label>
      <Select
        id={id}
        name="currency"
        value={chosen}
        aria-describedby={message ? `${id}-error` : `${id}-hint`}
        aria-invalid={message ? true : undefined}
        onChange={(event) => setChosen(event.target.value)}
      >
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <FormButton type="submit" disabled={saving || chosen === currency} aria-busy={saving}>
        {saving ? T.saving : T.save}
      </FormButton>
      {message ? (
        <FieldError id={`${id}-error`} role="alert">
          {message}
        </FieldError>
      ) : (
        <CurrencyNote id={`${id}-hint`}>{T.hint}</CurrencyNote>
      )}
    </CurrencyForm>
  );
}
