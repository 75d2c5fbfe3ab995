import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { MessageText } from '../../../ui/message-text';
import { ProviderForm as ProviderFormSchema } from '@appointment/contracts/catalogue';
import { INDUSTRIES } from '@appointment/contracts/constants';
import { SUPPORTED_CURRENCIES, defaultCurrencyForAddress } from '@appointment/contracts/money';
import { defaultWorkingHours, type Break, type WorkingHoursEntry } from '@appointment/contracts/schedule';
import { useCatalogue } from '../../../lib/catalogue';
import { useAppDispatch } from '../../../lib/hooks';
import { providerFormData } from '../providers.form';
import { useAddProviderMutation } from '../providers.api';
import { addProviderClosed } from '../providers.slice';
import { BreaksEditor, WorkingHoursEditor } from '../../../ui/hours-editor';
import { errorsByPath, type PathErrors } from '../../../ui/use-schema-form';
import { PROVIDERS_TEXTS } from '../providers.texts';
import { ImagePicker } from './image-picker';
import { ServicesEditor, type ServiceRow } from './services-editor';
import { SpecialtiesEditor } from './specialties-editor';
import { FieldError, Input, Label, Select } from './editor.styles';
import {
  Actions,
  CancelButton,
  Details,
  Failure,
  Form,
  SubmitButton,
  TextCell,
} from './provider-form.styles';

type TextKey = 'name' | 'email' | 'phone' | 'industry' | 'address' | 'description' | 'currency';
type Entry = Pick<WorkingHoursEntry, 'day' | 'startTime' | 'endTime' | 'isAvailable'>;

interface Values extends Record<TextKey, string> {
  workingHours: Entry[];
  breaks: Break[];
  services: ServiceRow[];
  specialties: string[];
}

const initialValues = (): Values => ({
  name: '',
  email: '',
  phone: '',
  industry: '',
  address: '',
  description: '',
  currency: '',
  workingHours: defaultWorkingHours(),
  breaks: [],
  services: [],
  specialties: [],
});

/** The form's values in the shape the shared schema (and the server) reads. */
const toInput = (values: Values) => ({
  name: values.name,
  email: values.email,
  phone: values.phone,
  industry: values.industry,
  address: values.address,
  description: values.description,
  workingHours: values.workingHours,
  breaks: values.breaks,
  services: values.services.map(({ name, duration, price, automaticBooking }) => ({
    name,
    duration,
    price,
    automaticBooking,
  })),
  specialties: values.specialties,
  currency: values.currency || undefined,
});

const TEXT_FIELDS: {
  key: Exclude<TextKey, 'industry' | 'description' | 'currency'>;
  type: string;
  autoComplete: string;
}[] = [
  { key: 'name', type: 'text', autoComplete: 'organization' },
  { key: 'email', type: 'email', autoComplete: 'email' },
  { key: 'phone', type: 'tel', autoComplete: 'tel' },
  { key: 'address', type: 'text', autoComplete: 'street-address' },
];

interface ProviderFormProps {
  saving: boolean;
  serverError: string | null;
  serverFieldErrors: PathErrors;
}

/**
 * docs/product.md §5 Provider form, checked with the shared ProviderForm schema; after a first submit every
 * change re-checks, so a message goes away as soon as the field is right.
 */
export function ProviderForm({ saving, serverError, serverFieldErrors }: ProviderFormProps) {
  const idPrefix = useId();
  const dispatch = useAppDispatch();
  const { texts, t } = useCatalogue('providers', PROVIDERS_TEXTS);
  const T = texts.form;
  const [addProvider] = useAddProviderMutation();
  const keys = useRef(0);
  const nextKey = () => (keys.current += 1);
  const [values, setValues] = useState<Values>(initialValues);
  const [image, setImage] = useState<File | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // A refused submit takes the reader to the first field that needs attention.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const localErrors: PathErrors = (() => {
    if (!submitted) return {};
    const result = ProviderFormSchema.safeParse(toInput(values));
    return result.success ? {} : errorsByPath(result.error.issues);
  })();
  const errors: PathErrors = { ...serverFieldErrors, ...localErrors };

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = ProviderFormSchema.safeParse(toInput(values));
    if (result.success) {
      // The multipart body (with the picture) is built here and goes straight to the request.
      void addProvider(providerFormData(result.data, image));
    } else setRefusals((count) => count + 1);
  };

  const fieldId = (key: string) => `${idPrefix}-${key}`;
  const describedBy = (key: string) => (errors[key] ? `${fieldId(key)}-error` : undefined);
  const errorOf = (key: string) =>
    errors[key] ? <FieldError id={`${fieldId(key)}-error`}>{errors[key]}</FieldError> : null;

  return (
    <Form ref={formRef} noValidate aria-label={T.label} onSubmit={onSubmit}>
      <Details>
        {TEXT_FIELDS.map(({ key, type, autoComplete }) => (
          <TextCell key={key}>
            <Label htmlFor={fieldId(key)}>{T[key]}</Label>
            <Input
              id={fieldId(key)}
              type={type}
              autoComplete={autoComplete}
              value={values[key]}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={describedBy(key)}
              onChange={(event) => set(key, event.target.value)}
            />
            {errorOf(key)}
          </TextCell>
        ))}
        <TextCell>
          <Label htmlFor={fieldId('industry')}>{T.industry}</Label>
          <Select
            id={fieldId('industry')}
            value={values.industry}
            aria-invalid={errors.industry ? true : undefined}
            aria-describedby={describedBy('industry')}
            onChange={(event) => set('industry', event.target.value)}
          >
            <option value="">{T.selectIndustry}</option>
            {INDUSTRIES.map((industry) => (
              <option key={industry} value={industry}>
                {texts.industries[industry]}
              </option>
            ))}
          </Select>
          {errorOf('industry')}
        </TextCell>
        <TextCell>
          <Label htmlFor={fieldId('currency')}>{T.currency}</Label>
          <Select
            id={fieldId('currency')}
            value={values.currency}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={describedBy('currency')}
            onChange={(event) => set('currency', event.target.value)}
          >
            {/* By default, the currency of the country the address is in. */}
            <option value="">
              {t('form.currencyFromAddress', { currency: defaultCurrencyForAddress(values.address) })}
            </option>
            {SUPPORTED_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
          {errorOf('currency')}
        </TextCell>
        <TextCell $wide>
          <Label htmlFor={fieldId('description')}>{T.description}</Label>
          <Input
            as="textarea"
            id={fieldId('description')}
            rows={3}
            value={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('description')}
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) => set('description', event.target.value)}
          />
          {errorOf('description')}
        </TextCell>
      </Details>

      <ImagePicker value={image} onChange={setImage} serverError={errors.image} />
      <SpecialtiesEditor
        value={values.specialties}
        onChange={(next) => set('specialties', next)}
        errors={errors}
      />
      <ServicesEditor
        value={values.services}
        onChange={(next) => set('services', next)}
        nextKey={nextKey}
        errors={errors}
        currency={values.currency || defaultCurrencyForAddress(values.address)}
      />
      <WorkingHoursEditor
        value={values.workingHours}
        onChange={(next) => set('workingHours', next)}
        errors={errors}
        hint={T.hoursHint}
      />
      <BreaksEditor value={values.breaks} onChange={(next) => set('breaks', next)} errors={errors} />

      {serverError && (
        <Failure role="alert">
          <MessageText>{serverError}</MessageText>
        </Failure>
      )}
      <Actions>
        <CancelButton type="button" onClick={() => dispatch(addProviderClosed())}>
          {T.cancel}
        </CancelButton>
        <SubmitButton type="submit" disabled={saving}>
          {saving ? T.adding : T.add}
        </SubmitButton>
      </Actions>
    </Form>
  );
}
