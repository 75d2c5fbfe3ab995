import { useId, useState, type FormEvent } from 'react';
import { currencySymbol, formatMoney } from '@appointment/contracts/money';
import { BookingPolicy, LATE_CANCEL_FEE_KINDS } from '@appointment/contracts/policy';
import { useCatalogue } from '../../../lib/catalogue';
import { FieldError, FormButton, Input, Label, Select } from '../../../ui/form.styles';
import { MessageText } from '../../../ui/message-text';
import { errorsByPath, type PathErrors } from '../../../ui/use-schema-form';
import { useBookingPolicyQuery } from '../../../lib/provider-services.api';
import { useSaveBookingPolicyMutation } from '../services.api';
import { SERVICES_TEXTS } from '../services.texts';
import { CheckLabel, CheckRow } from './service-dialog.styles';
import { PolicyFields, PolicyForm, PolicyNote, PolicySection } from './policy-setting.styles';

type FeeKind = (typeof LATE_CANCEL_FEE_KINDS)[number];

/** The form's values as typed (numbers stay strings until they are checked). */
interface Values {
  cancelDeadlineHours: string;
  rescheduleDeadlineHours: string;
  feeKind: FeeKind;
  feeValue: string;
  noShowCharged: boolean;
  maxReschedules: string;
  bufferMinutes: string;
  minimumNoticeMinutes: string;
  waitlistOfferMinutes: string;
}

const valuesOf = (policy: BookingPolicy): Values => ({
  cancelDeadlineHours: String(policy.cancelDeadlineHours),
  rescheduleDeadlineHours: String(policy.rescheduleDeadlineHours),
  feeKind: policy.lateCancelFee.kind,
  feeValue: String(policy.lateCancelFee.value),
  noShowCharged: policy.noShowCharged,
  maxReschedules: String(policy.maxReschedules),
  bufferMinutes: String(policy.bufferMinutes),
  minimumNoticeMinutes: String(policy.minimumNoticeMinutes),
  waitlistOfferMinutes: String(policy.waitlistOfferMinutes),
});

/** An empty box is not 0: it is sent as what it is, and the schema says what is wrong. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

const policyOf = (values: Values) => ({
  cancelDeadlineHours: numberOf(values.cancelDeadlineHours),
  rescheduleDeadlineHours: numberOf(values.rescheduleDeadlineHours),
  lateCancelFee: { kind: values.feeKind, value: values.feeKind === 'none' ? 0 : numberOf(values.feeValue) },
  noShowCharged: values.noShowCharged,
  maxReschedules: numberOf(values.maxReschedules),
  bufferMinutes: numberOf(values.bufferMinutes),
  minimumNoticeMinutes: numberOf(values.minimumNoticeMinutes),
  waitlistOfferMinutes: numberOf(values.waitlistOfferMinutes),
});

interface PolicySettingProps {
  /** Only the admin changes it (`services.manage`); the incharge reads it. */
  mayManage: boolean;
  /** The provider's currency, for a fixed fee. */
  currency: string;
}

/** The Services screen's Policies section (issue 29): the provider's booking policy. */
export function PolicySetting({ mayManage, currency }: PolicySettingProps) {
  const policy = useBookingPolicyQuery(undefined, { refetchOnMountOrArgChange: true });
  const { texts, t } = useCatalogue('services', SERVICES_TEXTS);
  const T = texts.policy;

  return (
    <PolicySection aria-labelledby="policies-title">
      <h2 id="policies-title">{T.title}</h2>
      <PolicyNote>{T.intro}</PolicyNote>
      {policy.currentData === undefined && !policy.isError && (
        <PolicyNote role="status">{T.loading}</PolicyNote>
      )}
      {policy.isError && <FieldError role="alert">{T.loadFailed}</FieldError>}
      {policy.currentData &&
        (mayManage ? (
          <PolicyEditor
            key={JSON.stringify(policy.currentData)}
            policy={policy.currentData}
            currency={currency}
          />
        ) : (
          <PolicyNote>
            {[
              t('policy.summary', {
                cancel: policy.currentData.cancelDeadlineHours,
                reschedule: policy.currentData.rescheduleDeadlineHours,
                max: policy.currentData.maxReschedules,
              }),
              feeSummary(policy.currentData, currency, t),
              policy.currentData.noShowCharged ? T.summaryNoShow : '',
              t('policy.summaryTimes', {
                buffer: policy.currentData.bufferMinutes,
                notice: policy.currentData.minimumNoticeMinutes,
              }),
            ]
              .filter(Boolean)
              .join(' ')}
          </PolicyNote>
        ))}
    </PolicySection>
  );
}

const feeSummary = (
  policy: BookingPolicy,
  currency: string,
  t: (key: string, values?: Record<string, unknown>) => string,
): string => {
  const { kind, value } = policy.lateCancelFee;
  if (kind === 'percent') return t('policy.summaryFeePercent', { value });
  if (kind === 'fixed') return t('policy.summaryFeeFixed', { amount: formatMoney(value, currency) });
  return t('policy.summaryFeeNone');
};

function PolicyEditor({ policy, currency }: { policy: BookingPolicy; currency: string }) {
  const [save, saving] = useSaveBookingPolicyMutation();
  const { texts, t } = useCatalogue('services', SERVICES_TEXTS);
  const T = texts.policy;
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(policy));
  const [errors, setErrors] = useState<PathErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (next: Values) => {
    const parsed = BookingPolicy.safeParse(policyOf(next));
    setErrors(parsed.success ? {} : errorsByPath(parsed.error.issues));
    return parsed.success ? parsed.data : undefined;
  };
  const change = <K extends keyof Values>(key: K, value: Values[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) check(next);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = check(values);
    if (checked) void save(checked);
  };
  const serverError =
    saving.error && 'data' in saving.error
      ? ((saving.error.data as { message?: string } | undefined)?.message ?? null)
      : null;

  /** A number box with its label and message, by the policy field it sets. */
  const numberField = (
    field:
      | 'cancelDeadlineHours'
      | 'rescheduleDeadlineHours'
      | 'maxReschedules'
      | 'bufferMinutes'
      | 'minimumNoticeMinutes'
      | 'waitlistOfferMinutes',
    label: string,
  ) => {
    const fieldId = `${id}-${field}`;
    const message = errors[field];
    return (
      <div>
        <Label htmlFor={fieldId}>{label}</Label>
        <Input
          id={fieldId}
          name={field}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values[field]}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${fieldId}-error` : undefined}
          onChange={(event) => change(field, event.target.value)}
        />
        {message && (
          <FieldError id={`${fieldId}-error`} role="alert">
            <MessageText>{message}</MessageText>
          </FieldError>
        )}
      </div>
    );
  };
  const feeMessage = errors['lateCancelFee.value'];

  return (
    <PolicyForm aria-label={T.title} onSubmit={submit} noValidate>
      <PolicyFields>
        {numberField('cancelDeadlineHours', T.cancelDeadline)}
        {numberField('rescheduleDeadlineHours', T.rescheduleDeadline)}
        <div>
          <Label htmlFor={`${id}-feeKind`}>{T.fee}</Label>
          <Select
            id={`${id}-feeKind`}
            name="feeKind"
            value={values.feeKind}
            onChange={(event) => change('feeKind', event.target.value as FeeKind)}
          >
            <option value="none">{T.feeNone}</option>
            <option value="percent">{T.feePercent}</option>
            <option value="fixed">{T.feeFixed}</option>
          </Select>
        </div>
        {values.feeKind !== 'none' && (
          <div>
            <Label htmlFor={`${id}-feeValue`}>
              {values.feeKind === 'percent'
                ? T.feeValuePercent
                : t('policy.feeValueFixed', { symbol: currencySymbol(currency) })}
            </Label>
            <Input
              id={`${id}-feeValue`}
              name="feeValue"
              type="number"
              inputMode="decimal"
              min={0}
              value={values.feeValue}
              aria-invalid={feeMessage ? true : undefined}
              aria-describedby={feeMessage ? `${id}-feeValue-error` : undefined}
              onChange={(event) => change('feeValue', event.target.value)}
            />
            {feeMessage && (
              <FieldError id={`${id}-feeValue-error`} role="alert">
                <MessageText>{feeMessage}</MessageText>
              </FieldError>
            )}
          </div>
        )}
        {numberField('maxReschedules', T.maxReschedules)}
        {numberField('bufferMinutes', T.bufferMinutes)}
        {numberField('minimumNoticeMinutes', T.minimumNoticeMinutes)}
        {numberField('waitlistOfferMinutes', T.waitlistOfferMinutes)}
      </PolicyFields>
      <PolicyNote>{T.anyTime}</PolicyNote>
      <PolicyNote>{T.noticeNote}</PolicyNote>
      <CheckRow>
        <CheckLabel>
          <input
            type="checkbox"
            name="noShowCharged"
            checked={values.noShowCharged}
            onChange={(event) => change('noShowCharged', event.target.checked)}
          />
          {T.noShowCharged}
        </CheckLabel>
      </CheckRow>
      {serverError && (
        <FieldError role="alert">
          <MessageText>{serverError}</MessageText>
        </FieldError>
      )}
      <FormButton type="submit" disabled={saving.isLoading} aria-busy={saving.isLoading}>
        {saving.isLoading ? T.saving : T.save}
      </FormButton>
    </PolicyForm>
  );
}
