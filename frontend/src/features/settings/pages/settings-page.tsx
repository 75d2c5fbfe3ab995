import { useId } from 'react';
import { LANGUAGES, THEMES, type Theme } from '@appointment/contracts/constants';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectThemeChoice, themeChosen } from '../../../lib/theme/theme.slice';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import {
  Field,
  Label,
  PrimaryButton,
  Select,
  Switch,
  SwitchRow,
} from '../components/settings-controls.styles';
import { useSettingsSelector } from '../settings.hooks';
import { notificationToggled, passwordDialogOpened, selectSettings } from '../settings.slice';
import { languageChosen } from '../../../lib/events';
import { isLanguage, type Language } from '../../../lib/i18n';
import type { NotificationSettings } from '../settings.storage';
import { Card, CardTitle, Grid, Hint, Sections, Success, Title } from './settings-page.styles';

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français' };
const NOTIFICATION_LABELS: Record<keyof NotificationSettings, string> = {
  email: 'Email notifications',
  sms: 'SMS notifications',
  reminders: 'Appointment reminders',
};

const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

/** docs/product.md §2.7 Settings: appearance, notification toggles and the password change. */
export function SettingsPage() {
  const idPrefix = useId();
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectThemeChoice);
  const { language, notifications, passwordDialogOpen, passwordSaving, passwordError, passwordMessage } =
    useSettingsSelector(selectSettings);

  return (
    <section aria-labelledby="settings-title">
      <Title id="settings-title">Settings</Title>
      <Sections>
        <Card aria-labelledby={`${idPrefix}-appearance`}>
          <CardTitle id={`${idPrefix}-appearance`}>Appearance</CardTitle>
          <Grid>
            <Field>
              <Label htmlFor={`${idPrefix}-theme`}>Theme</Label>
              <Select
                id={`${idPrefix}-theme`}
                value={theme}
                onChange={(event) => {
                  if (isTheme(event.target.value)) dispatch(themeChosen(event.target.value));
                }}
              >
                {THEMES.map((choice) => (
                  <option key={choice} value={choice}>
                    {THEME_LABELS[choice]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field>
              <Label htmlFor={`${idPrefix}-language`}>Language</Label>
              <Select
                id={`${idPrefix}-language`}
                value={language}
                onChange={(event) => {
                  if (isLanguage(event.target.value)) dispatch(languageChosen(event.target.value));
                }}
              >
                {LANGUAGES.map((choice) => (
                  <option key={choice} value={choice}>
                    {LANGUAGE_LABELS[choice]}
                  </option>
                ))}
              </Select>
            </Field>
          </Grid>
        </Card>

        <Card aria-labelledby={`${idPrefix}-notifications`}>
          <CardTitle id={`${idPrefix}-notifications`}>Notifications</CardTitle>
          <Hint>These choices are kept in this browser.</Hint>
          {(Object.keys(NOTIFICATION_LABELS) as (keyof NotificationSettings)[]).map((key) => (
            <SwitchRow key={key}>
              {NOTIFICATION_LABELS[key]}
              <Switch
                checked={notifications[key]}
                onChange={(event) => dispatch(notificationToggled({ key, enabled: event.target.checked }))}
              />
            </SwitchRow>
          ))}
        </Card>

        <Card aria-labelledby={`${idPrefix}-security`}>
          <CardTitle id={`${idPrefix}-security`}>Security</CardTitle>
          <div>
            <PrimaryButton type="button" onClick={() => dispatch(passwordDialogOpened())}>
              Change Password
            </PrimaryButton>
          </div>
          <div role="status">{passwordMessage && <Success>{passwordMessage}</Success>}</div>
        </Card>
      </Sections>
      <ChangePasswordDialog open={passwordDialogOpen} saving={passwordSaving} serverError={passwordError} />
    </section>
  );
}
