import { useEffect, useId } from 'react';
import { LANGUAGES, THEMES, type Theme } from '@appointment/contracts/constants';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectThemeChoice, themeChosen } from '../../../lib/theme/theme.slice';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { selectRole } from '../../../lib/session.slice';
import {
  Field,
  Label,
  PrimaryButton,
  Select,
  Switch,
  SwitchRow,
} from '../components/settings-controls.styles';
import { useSettingsSelector } from '../settings.hooks';
import {
  notificationToggled,
  passwordDialogOpened,
  selectLanguage,
  selectNotificationSettings,
  selectPasswordChange,
  settingsPageOpened,
  type NotificationKey,
} from '../settings.slice';
import { languageChosen } from '../../../lib/events';
import { isLanguage, type Language } from '../../../lib/i18n';
import { useCatalogue } from '../../../lib/catalogue';
import { SETTINGS_TEXTS } from '../settings.texts';
import { Card, CardTitle, Grid, Hint, Sections, Success, Title } from './settings-page.styles';

/** Each language by its own name, the same in every language. */
const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français' };
const NOTIFICATION_KEYS: readonly NotificationKey[] = ['email', 'sms', 'reminders'];

const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

/** docs/product.md §2.7 Settings: appearance, notification toggles and the password change. */
export function SettingsPage() {
  const { texts: T } = useCatalogue('settings', SETTINGS_TEXTS);
  const idPrefix = useId();
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectThemeChoice);
  const role = useAppSelector(selectRole);
  const language = useSettingsSelector(selectLanguage);
  const notifications = useSettingsSelector(selectNotificationSettings);
  const { passwordDialogOpen, passwordSaving, passwordError, passwordMessage } =
    useSettingsSelector(selectPasswordChange);

  // Each opening reads the account's e-mail and SMS choices again (the profile may have changed them).
  useEffect(() => {
    dispatch(settingsPageOpened());
  }, [dispatch]);

  return (
    <section aria-labelledby="settings-title">
      <Title id="settings-title">{T.title}</Title>
      <Sections>
        <Card aria-labelledby={`${idPrefix}-appearance`}>
          <CardTitle id={`${idPrefix}-appearance`}>{T.appearance}</CardTitle>
          <Grid>
            <Field>
              <Label htmlFor={`${idPrefix}-theme`}>{T.theme}</Label>
              <Select
                id={`${idPrefix}-theme`}
                value={theme}
                onChange={(event) => {
                  if (isTheme(event.target.value)) dispatch(themeChosen(event.target.value));
                }}
              >
                {THEMES.map((choice) => (
                  <option key={choice} value={choice}>
                    {T.themes[choice]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field>
              <Label htmlFor={`${idPrefix}-language`}>{T.language}</Label>
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
          <CardTitle id={`${idPrefix}-notifications`}>{T.notifications}</CardTitle>
          <Hint>{T.notificationsHint}</Hint>
          {NOTIFICATION_KEYS.map((key) => (
            <SwitchRow key={key}>
              {T.notificationLabels[key]}
              <Switch
                checked={notifications[key] ?? false}
                disabled={notifications[key] === null}
                onChange={(event) => dispatch(notificationToggled({ key, enabled: event.target.checked }))}
              />
            </SwitchRow>
          ))}
        </Card>

        {role === 'user' && <CalendarFeedCard />}

        <Card aria-labelledby={`${idPrefix}-security`}>
          <CardTitle id={`${idPrefix}-security`}>{T.security}</CardTitle>
          <div>
            <PrimaryButton type="button" onClick={() => dispatch(passwordDialogOpened())}>
              {T.changePassword}
            </PrimaryButton>
          </div>
          <div role="status">{passwordMessage && <Success>{passwordMessage}</Success>}</div>
        </Card>
      </Sections>
      <ChangePasswordDialog open={passwordDialogOpen} saving={passwordSaving} serverError={passwordError} />
    </section>
  );
}
