import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import { DEMO, loginStatus, registerUser, signIn } from './api-sign-in';

const main = (page: Page) => page.getByRole('main');
const section = (page: Page, name: string) => main(page).getByRole('region', { name });

const storedJson = (page: Page, key: string) =>
  page.evaluate((storageKey) => {
    const raw = window.localStorage.getItem(storageKey);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }, key);
const stored = (page: Page, key: string) =>
  page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);

test.describe('Settings', () => {
  test('the theme chosen here is the shell theme, kept across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, DEMO.user);
    await page.goto('/settings');

    const appearance = section(page, 'Appearance');
    await expect(appearance.getByLabel('Theme')).toHaveValue('system');
    await appearance.getByLabel('Theme').selectOption({ label: 'Dark' });

    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toBe('dark');
    await expect.poll(() => stored(page, 'theme')).toBe('dark');
    await expect(page.getByRole('banner').getByLabel('Theme')).toHaveValue('dark');

    await page.reload();
    await expect(section(page, 'Appearance').getByLabel('Theme')).toHaveValue('dark');
  });

  test('switching the language switches the page language and is remembered', async ({ page, browser }) => {
    // An account of its own: the language is saved on it, and other tests sign in as the demo accounts.
    const user = await registerUser(page.request, 'language');
    await signIn(page, user.email, user.password);
    await page.goto('/settings');

    const appearance = section(page, 'Appearance');
    await expect(appearance.getByLabel('Language')).toHaveValue('en');
    await appearance.getByLabel('Language').selectOption({ label: 'Español' });

    await expect.poll(() => stored(page, 'language')).toBe('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Configuración' })).toBeVisible();

    // The Settings screen itself speaks Spanish at once.
    await expect(section(page, 'Apariencia').getByLabel('Idioma')).toHaveValue('es');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(section(page, 'Apariencia').getByLabel('Idioma')).toHaveValue('es');

    // One setting: the profile shows the same language, kept on the account, in Spanish.
    await page.goto('/profile');
    await expect(page.getByRole('form', { name: 'Datos del perfil' }).getByLabel('Idioma')).toHaveValue('es');
    await page.goto('/settings');

    // The choice follows the person: signing in on another browser, with nothing kept in it, applies it.
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await other.goto('/login');
      await expect(other.locator('html')).toHaveAttribute('lang', 'en');
      await other.getByLabel('Email', { exact: true }).fill(user.email);
      await other.getByLabel('Password', { exact: true }).fill(user.password);
      await other.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(other.locator('html')).toHaveAttribute('lang', 'es');
      await expect(other.getByRole('navigation').getByRole('link', { name: 'Configuración' })).toBeVisible();
      await expect.poll(() => stored(other, 'language')).toBe('es');
    } finally {
      await elsewhere.close();
    }

    await section(page, 'Apariencia').getByLabel('Idioma').selectOption({ label: 'English' });
    await expect(section(page, 'Appearance').getByLabel('Language')).toHaveValue('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("e-mail and SMS are the account's (issue 32); reminders start on and are kept in this browser", async ({
    page,
  }) => {
    // An account of its own: its notification choices are saved on it.
    const user = await registerUser(page.request, 'reminders');
    await signIn(page, user.email, user.password);
    await page.goto('/settings');

    // A new account's choices: e-mail on, SMS off; reminders on in a new browser.
    const notifications = section(page, 'Notifications');
    await expect(notifications.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    await expect(notifications.getByRole('switch', { name: 'SMS notifications' })).not.toBeChecked();
    await expect(notifications.getByRole('switch', { name: 'Appointment reminders' })).toBeChecked();

    await notifications.getByRole('switch', { name: 'Appointment reminders' }).uncheck();
    await expect.poll(() => storedJson(page, 'notificationSettings')).toEqual({ reminders: false });

    await page.reload();
    const reloaded = section(page, 'Notifications');
    await expect(reloaded.getByRole('switch', { name: 'Appointment reminders' })).not.toBeChecked();
    await expect(reloaded.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    await expect(reloaded.getByRole('switch', { name: 'SMS notifications' })).not.toBeChecked();
  });

  test('the password dialog validates as the spec says and can be dismissed', async ({ page }) => {
    await signIn(page, DEMO.user);
    await page.goto('/settings');

    await section(page, 'Security').getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Current Password').fill('short');
    await dialog.getByLabel('New Password').fill('short');
    await dialog.getByLabel('Confirm Password').fill('different');
    await dialog.getByRole('button', { name: 'Update Password' }).click();

    await expect(dialog.getByText('Password must be at least 8 characters')).toHaveCount(2);
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();
    await expect(dialog.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await section(page, 'Security').getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByLabel('Current Password')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('changes the password after the server checks the current one', async ({ page, request }) => {
    const user = await registerUser(request, 'password');
    const newPassword = 'a-new-password-42';
    await signIn(page, user.email, user.password);
    await page.goto('/settings');

    await section(page, 'Security').getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });

    await dialog.getByLabel('Current Password').fill('not-my-password');
    await dialog.getByLabel('New Password').fill(newPassword);
    await dialog.getByLabel('Confirm Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');

    await dialog.getByLabel('Current Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Update Password' }).click();

    await expect(dialog).toBeHidden();
    await expect(section(page, 'Security').getByText('Password updated successfully')).toBeVisible();
    expect(await loginStatus(request, user.email, newPassword)).toBe(200);
    expect(await loginStatus(request, user.email, user.password)).toBe(401);
  });
});
