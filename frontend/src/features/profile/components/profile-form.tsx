import { useId, useState, type FormEvent } from 'react';
import { MessageText } from '../../../ui/message-text';
import { ProfileUpdate, type NotificationPreferences } from '@appointment/contracts/accounts';
import { LANGUAGES } from '@appointment/contracts/constants';
import { TimeZonePicker } from '../../../ui/time-zone-picker';
import { firstErrorPerField } from '../../../ui/use-schema-form';
import type { ProfileDetails } from '../../../lib/events';
import { profileChangesOf, profileUpdateOf } from '../profile.requests';
import { useUpdateProfileMutation } from '../profile.api';
import {
  Actions,
  Failure,
  Field,
  FieldError,
  Fieldset,
  Form,
  Input,
  Label,
  Legend,
  Select,
  SubmitButton,
  Success,
  Switch,
  SwitchRow,
} from './profile-form.styles';
import { useCatalogue } from '../../../lib/catalogue';
import { PROFILE_TEXTS } from '../profile.texts';

const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

const TEXT_FIELDS = [
  { key: 'name', type: 'text', autoComplete: 'name' },
  { key: 'email', type: 'email', autoComplete: 'email' },
  { key: 'phone', type: 'tel', autoComplete: 'tel' },
] as const;

const NOTIFICATION_KEYS: readonly (keyof NotificationPreferences)[] = ['email', 'sms', 'whatsapp'];

interface FormValues {
  /** Asked for only when the e-mail address changes. */
  currentPassword: string;
  name: string;
  email: string;
  phone: string;
  profileZone: string;
  language: string;
  notificationPreferences: NotificationPreferences;
}

type ValueName = Exclude<keyof FormValues, 'notificationPreferences'>;
/**
 * A field's name in its id and its error: the request's (`timezone` for the profile zone), which
 * the schema's errors are keyed by.
 */
type FieldName = Exclude<keyof ProfileUpdate, 'notificationPreferences'>;

const valuesOf = (profile: ProfileDetails): FormValues => ({
  currentPassword: '',
  name: profile.name,
  email: profile.email,
  phone: profile.phone,
  profileZone: profile.profileZone,
  language: profile.language,
  notificationPreferences: { ...profile.notificationPreferences },
});

interface ProfileFormProps {
  /** The profile the form starts from; the page remounts the form when it should start over. */
  profile: ProfileDetails;
  saving: boolean;
  saved: boolean;
  saveError: string | null;
}

/** docs/product.md §2.7 personal information, preferences and notifications, validated as docs/product.md §5 says. */
export function ProfileForm({ profile, saving, saved, saveError }: ProfileFormProps) {
  const { texts: T, t } = useCatalogue('profile', PROFILE_TEXTS);
  const idPrefix = useId();
  const [updateProfile] = useUpdateProfileMutation();
  const [values, setValues] = useState<FormValues>(() => valuesOf(profile));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const emailChanging = values.email.trim().toLowerCase() !== profile.email.toLowerCase();
  const idOf = (field: string) => `${idPrefix}-${field}`;
  const errorIdOf = (field: string) => `${idPrefix}-${field}-error`;

  const setField = (field: ValueName, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setNotification = (key: keyof NotificationPreferences, enabled: boolean) =>
    setValues((current) => ({
      ...current,
      notificationPreferences: { ...current.notificationPreferences, [key]: enabled },
    }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The form's values as the request names them (the API edge), so that errors are keyed so too.
    const { currentPassword, ...fields } = values;
    const result = ProfileUpdate.safeParse(
      profileUpdateOf(emailChanging ? { ...fields, currentPassword } : fields),
    );
    if (!result.success) {
      setErrors(firstErrorPerField(result.error.issues));
      return;
    }
    setErrors({});
    void updateProfile(profileChangesOf(result.data));
  };

  const describedBy = (field: FieldName) => (errors[field] ? errorIdOf(field) : undefined);
  const errorOf = (field: FieldName) =>
    errors[field] ? <FieldError id={errorIdOf(field)}>{errors[field]}</FieldError> : null;

  return (
    <Form noValidate aria-label={T.form} onSubmit={onSubmit}>
      <Fieldset>
        <Legend>{T.personal}</Legend>
        {TEXT_FIELDS.map(({ key, type, autoComplete }) => (
          <Field key={key}>
            <Label htmlFor={idOf(key)}>{T.fields[key]}</Label>
            <Input
              id={idOf(key)}
              type={type}
              autoComplete={autoComplete}
              value={values[key]}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={describedBy(key)}
              onChange={(event) => setField(key, event.target.value)}
            />
            {errorOf(key)}
          </Field>
        ))}
        {emailChanging && (
          <Field>
            <Label htmlFor={idOf('currentPassword')}>{T.currentPassword}</Label>
            <Input
              id={idOf('currentPassword')}
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              aria-invalid={errors.currentPassword ? true : undefined}
              aria-describedby={describedBy('currentPassword')}
              onChange={(event) => setField('currentPassword', event.target.value)}
            />
            {errorOf('currentPassword')}
          </Field>
        )}
        {profile.pendingEmail && (
          <Success role="status">{t('pendingEmail', { email: profile.pendingEmail })}</Success>
        )}
      </Fieldset>

      <Fieldset>
        <Legend>{T.preferences}</Legend>
        <Field>
          <Label htmlFor={idOf('timezone')}>{T.timezone}</Label>
          <TimeZonePicker
            id={idOf('timezone')}
            value={values.profileZone}
            invalid={Boolean(errors.timezone)}
            {...(describedBy('timezone') ? { describedBy: describedBy('timezone') } : {})}
            onChange={(zone) => setField('profileZone', zone)}
            emptyLabel={T.selectTimezone}
          />
          {errorOf('timezone')}
        </Field>
        <Field>
          <Label htmlFor={idOf('language')}>{T.language}</Label>
          <Select
            id={idOf('language')}
            value={values.language}
            aria-invalid={errors.language ? true : undefined}
            aria-describedby={describedBy('language')}
            onChange={(event) => setField('language', event.target.value)}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_LABELS[language]}
              </option>
            ))}
          </Select>
          {errorOf('language')}
        </Field>
      </Fieldset>

      <Fieldset>
        <Legend>{T.notificationPreferences}</Legend>
        {NOTIFICATION_KEYS.map((key) => (
          <SwitchRow key={key}>
            {T.notifications[key]}
            <Switch
              checked={values.notificationPreferences[key]}
              onChange={(event) => setNotification(key, event.target.checked)}
            />
          </SwitchRow>
        ))}
      </Fieldset>

      <Actions>
        <SubmitButton type="submit" disabled={saving}>
          {saving ? T.saving : T.save}
        </SubmitButton>
        <div role="status">{saved && <Success>{T.saved}</Success>}</div>
        {saveError && (
          <Failure role="alert">
            <MessageText>{saveError}</MessageText>
          </Failure>
        )}
      </Actions>
    </Form>
  );
}
