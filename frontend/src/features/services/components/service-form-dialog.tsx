import { useId, useState, type FormEvent } from 'react';
import { ServiceInput, isPaymentNeededFor, type Service } from '@appointment/contracts/catalogue';
import { SERVICE_DEFAULTS } from '@appointment/contracts/constants';
import { currencySymbol } from '@appointment/contracts/money';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { firstErrorPerField, type FieldErrors } from '../../../ui/use-schema-form';
import {
  Field,
  FieldError,
  Form,
  FormButton,
  FormError,
  FormSecondaryButton,
  Input,
  Label,
} from '../../../ui/form.styles';
import { SERVICES_TEXTS } from '../services.texts';
import { useSaveServiceMutation } from '../services.api';
import { serviceFieldEdited, serviceFormClosed, type ServiceFieldErrors } from '../services.slice';
import { Modal } from '../../../ui/modal';
import { ModalActions as Actions } from '../../../ui/modal.styles';
import { CheckLabel, CheckRow, Hint, Row, TextArea } from './service-dialog.styles';

type TextKey = 'name' | 'description' | 'duration' | 'price';

interface Values extends Record<TextKey, string> {
  automaticBooking: boolean;
  /** Issue 31: users may book it as a recurring series. */
  allowRecurring: boolean;
}

/** docs/product.md §3, §9: a new service starts at 30 minutes, price 0, manual booking. */
const valuesOf = (service: Service | null): Values =>
  service
    ? {
        name: service.name,
        description: service.description ?? '',
        duration: String(service.duration),
        price: String(service.price),
        automaticBooking: service.automaticBooking,
        allowRecurring: service.allowRecurring ?? false,
      }
    : {
        name: '',
        description: '',
        duration: String(SERVICE_DEFAULTS.duration),
        price: String(SERVICE_DEFAULTS.price),
        automaticBooking: SERVICE_DEFAULTS.automaticBooking,
        allowRecurring: SERVICE_DEFAULTS.allowRecurring,
      };

/** docs/product.md §4: isPaymentNeeded follows the price as typed; an unreadable price needs no payment. */
const paymentNeeded = (price: string): boolean => {
  const value = Number(price);
  return Number.isFinite(value) && isPaymentNeededFor(value);
};

interface ServiceFormProps {
  service: Service | null;
  saving: boolean;
  saveError: string | null;
  serverFieldErrors: ServiceFieldErrors;
  /** The provider's currency; null while it is not known. */
  currency: string | null;
}

function ServiceForm({ service, saving, saveError, serverFieldErrors, currency }: ServiceFormProps) {
  const idPrefix = useId();
  const dispatch = useAppDispatch();
  const [saveService] = useSaveServiceMutation();
  const { texts, t } = useCatalogue('services', SERVICES_TEXTS);
  const T = texts.form;
  const [values, setValues] = useState<Values>(() => valuesOf(service));
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = (next: Values) => {
    const result = ServiceInput.safeParse(next);
    setErrors(result.success ? {} : firstErrorPerField(result.error.issues));
    return result.success ? result.data : undefined;
  };

  const change = <K extends keyof Values>(key: K, value: Values[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // After a first submit every change re-checks, so a message goes away once the field is right.
    if (submitted) validate(next);
    if (serverFieldErrors[key]) dispatch(serviceFieldEdited(key));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const data = validate(values);
    if (data !== undefined) void saveService({ id: service?._id, data });
  };

  const idOf = (field: string) => `${idPrefix}-${field}`;
  const errorOf = (field: string) => errors[field] ?? serverFieldErrors[field];
  const controlProps = (field: TextKey) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? `${idOf(field)}-error` : undefined,
  });
  const messageOf = (field: TextKey) =>
    errorOf(field) ? <FieldError id={`${idOf(field)}-error`}>{errorOf(field)}</FieldError> : null;

  const isPaymentNeeded = paymentNeeded(values.price);

  return (
    <Form noValidate aria-label={service ? T.editService : T.newService} onSubmit={onSubmit}>
      <Field>
        <Label htmlFor={idOf('name')}>{T.name}</Label>
        <Input
          {...controlProps('name')}
          type="text"
          autoComplete="off"
          onChange={(event) => change('name', event.target.value)}
        />
        {messageOf('name')}
      </Field>
      <Field>
        <Label htmlFor={idOf('description')}>{T.description}</Label>
        <TextArea
          {...controlProps('description')}
          rows={3}
          onChange={(event) => change('description', event.target.value)}
        />
        {messageOf('description')}
      </Field>
      <Row>
        <Field>
          <Label htmlFor={idOf('duration')}>{T.duration}</Label>
          <Input
            {...controlProps('duration')}
            type="number"
            inputMode="numeric"
            min={SERVICE_DEFAULTS.durationMin}
            step={1}
            onChange={(event) => change('duration', event.target.value)}
          />
          {messageOf('duration')}
        </Field>
        <Field>
          <Label htmlFor={idOf('price')}>
            {currency ? t('form.priceIn', { symbol: currencySymbol(currency) }) : T.price}
          </Label>
          <Input
            {...controlProps('price')}
            type="number"
            inputMode="decimal"
            min={SERVICE_DEFAULTS.priceMin}
            step={SERVICE_DEFAULTS.priceStep}
            onChange={(event) => change('price', event.target.value)}
          />
          {messageOf('price')}
        </Field>
      </Row>
      <CheckRow>
        <CheckLabel $disabled>
          {/* docs/product.md §4: follows the price and cannot be edited; the server computes it too. */}
          <input
            type="checkbox"
            name="isPaymentNeeded"
            checked={isPaymentNeeded}
            disabled
            readOnly
            aria-describedby={`${idOf('isPaymentNeeded')}-hint`}
          />
          {T.paymentNeeded}
        </CheckLabel>
        <Hint id={`${idOf('isPaymentNeeded')}-hint`}>{T.paymentNeededHint}</Hint>
      </CheckRow>
      <CheckRow>
        <CheckLabel>
          <input
            type="checkbox"
            name="automaticBooking"
            checked={values.automaticBooking}
            onChange={(event) => change('automaticBooking', event.target.checked)}
          />
          {T.automaticBooking}
        </CheckLabel>
      </CheckRow>
      <CheckRow>
        <CheckLabel>
          <input
            type="checkbox"
            name="allowRecurring"
            checked={values.allowRecurring}
            onChange={(event) => change('allowRecurring', event.target.checked)}
          />
          {T.allowRecurring}
        </CheckLabel>
      </CheckRow>
      {saveError && <FormError role="alert">{saveError}</FormError>}
      <Actions>
        <FormSecondaryButton type="button" onClick={() => dispatch(serviceFormClosed())}>
          {T.cancel}
        </FormSecondaryButton>
        <FormButton type="submit" disabled={saving}>
          {saving ? T.saving : service ? T.saveChanges : T.add}
        </FormButton>
      </Actions>
    </Form>
  );
}

interface ServiceFormDialogProps extends Omit<ServiceFormProps, 'service'> {
  open: boolean;
  /** The service being edited; null adds a new one. */
  service: Service | null;
  /** Changes whenever another form opens, so the form starts over from its service. */
  formKey: string;
}

/** docs/product.md §2.8, §5: the Add Service / edit form, validated with the shared ServiceInput. */
export function ServiceFormDialog({ open, service, formKey, ...formProps }: ServiceFormDialogProps) {
  const dispatch = useAppDispatch();
  const T = useCatalogue('services', SERVICES_TEXTS).texts.form;

  return (
    <Modal
      open={open}
      title={service ? T.editTitle : T.addTitle}
      width="32rem"
      onClose={() => dispatch(serviceFormClosed())}
    >
      <ServiceForm key={formKey} service={service} {...formProps} />
    </Modal>
  );
}
