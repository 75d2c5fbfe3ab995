import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import {
  DEMO,
  DEMO_PASSWORD,
  endSessionOnServer,
  openFromMenu,
  openShellThenEndSession,
  registerUser,
  signIn,
} from './api-sign-in';

// A 1×1 PNG: the server recognises pictures by their first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const FRENCH_PROFILE_MENU = 'Menu du profil';

const form = (page: Page) => page.getByRole('form', { name: 'Profile details' });
const pictureCard = (page: Page) => page.getByRole('region', { name: 'Profile picture' });

/** Signs in and opens /profile; answers the name the profile shows. */
const openProfileAs = async (page: Page, email: string, password = DEMO_PASSWORD): Promise<string> => {
  const { user } = await signIn(page, email, password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(form(page).getByLabel('Name', { exact: true })).toHaveValue(user.name);
  return user.name;
};

// Tests that change a profile register their own user; the others only read a demo account.
test.describe('Profile', () => {
  test('shows the profile and saves personal details, preferences and notifications', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'profile');
    await openProfileAs(page, user.email, user.password);
    const details = form(page);
    await expect(details.getByLabel('Email', { exact: true })).toHaveValue(user.email);
    await expect(details.getByLabel('Phone', { exact: true })).toHaveValue(user.phone);
    await expect(pictureCard(page).getByRole('heading', { name: user.name })).toBeVisible();

    await details.getByLabel('Name', { exact: true }).fill('Tess Renamed');
    await details.getByLabel('Phone', { exact: true }).fill('5125559876');
    await details.getByLabel('Timezone').selectOption('America/Los_Angeles');
    await details.getByLabel('Language').selectOption({ label: 'Français' });
    const sms = details.getByRole('switch', { name: 'SMS notifications' });
    const smsWasOn = await sms.isChecked();
    await sms.setChecked(!smsWasOn);
    await details.getByRole('button', { name: 'Save Changes' }).click();

    // One language setting: the profile's French is the screens' and Settings' language; the
    // profile screen itself is French at once.
    const frenchDetails = page.getByRole('form', { name: 'Détails du profil' });
    await expect(frenchDetails.getByText('Profil mis à jour')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Photo de profil' }).getByRole('heading', { name: 'Tess Renamed' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('language'))).toBe('fr');
    // The shell's profile menu follows at once (in French now).
    await expect(page.getByRole('button', { name: FRENCH_PROFILE_MENU })).toHaveText('Tess Renamed');

    await page.reload();
    await expect(frenchDetails.getByLabel('Nom', { exact: true })).toHaveValue('Tess Renamed');
    await expect(frenchDetails.getByLabel('Téléphone', { exact: true })).toHaveValue('5125559876');
    await expect(frenchDetails.getByLabel('Fuseau horaire')).toHaveValue('America/Los_Angeles');
    await expect(frenchDetails.getByLabel('Langue')).toHaveValue('fr');
    await expect(frenchDetails.getByRole('switch', { name: 'Notifications par SMS' })).toBeChecked({
      checked: !smsWasOn,
    });
  });

  test('offers every IANA time zone and the three languages of the spec', async ({ page }) => {
    await openProfileAs(page, DEMO.user);
    const details = form(page);
    await expect.poll(() => details.getByLabel('Timezone').getByRole('option').count()).toBeGreaterThan(300);
    await expect(details.getByLabel('Language').getByRole('option')).toHaveText([
      'English',
      'Español',
      'Français',
    ]);
    await expect(details.getByRole('switch', { name: 'Email notifications' })).toBeVisible();
    await expect(details.getByRole('switch', { name: 'WhatsApp notifications' })).toBeVisible();
  });

  test('refuses invalid details with the messages of the spec and sends nothing', async ({ page }) => {
    const name = await openProfileAs(page, DEMO.user);
    const details = form(page);
    await details.getByLabel('Name', { exact: true }).fill('A');
    await details.getByLabel('Email', { exact: true }).fill('not-an-address');
    await details.getByLabel('Phone', { exact: true }).fill('12345');
    await details.getByRole('button', { name: 'Save Changes' }).click();

    await expect(details.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(details.getByText('Invalid email address')).toBeVisible();
    await expect(details.getByText('Phone number must be at least 10 digits')).toBeVisible();
    await expect(details.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.reload();
    await expect(details.getByLabel('Name', { exact: true })).toHaveValue(name);
  });

  test('rolls the change back when the server refuses it', async ({ page }) => {
    const name = await openProfileAs(page, DEMO.user);
    await endSessionOnServer(page);

    const details = form(page);
    await details.getByLabel('Name', { exact: true }).fill('Never Saved');
    await details.getByRole('button', { name: 'Save Changes' }).click();

    await expect(details.getByRole('alert')).toHaveText('Failed to update profile. Please try again.');
    await expect(details.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(pictureCard(page).getByRole('heading', { name })).toBeVisible();
  });

  test('uploads a new avatar and shows it', async ({ page, request }) => {
    const user = await registerUser(request, 'avatar');
    await openProfileAs(page, user.email, user.password);
    const card = pictureCard(page);
    await expect(card.getByRole('img')).toHaveCount(0);

    await card
      .getByLabel('Upload new picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });

    const avatar = card.getByRole('img', { name: `${user.name}'s profile picture` });
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const src = await avatar.getAttribute('src');
    await expect(page.getByRole('button', { name: 'Profile menu' }).locator('img')).toHaveAttribute(
      'src',
      src ?? '',
    );

    await page.reload();
    await expect(card.getByRole('img', { name: `${user.name}'s profile picture` })).toHaveAttribute(
      'src',
      /^\/uploads\/.+\.png$/,
    );
  });

  test('accepts image files only', async ({ page }) => {
    await openProfileAs(page, DEMO.user);
    const card = pictureCard(page);
    // Another test may have given the demo user a picture; a refused upload must leave it as it is.
    const pictureBefore = (await card.getByRole('img').count())
      ? await card.getByRole('img').getAttribute('src')
      : null;

    await card
      .getByLabel('Upload new picture')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(card.getByRole('alert')).toHaveText('Please select a valid image file.');

    // Named and typed as a picture, but not one: the server refuses it.
    await card.getByLabel('Upload new picture').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a picture'),
    });
    await expect(card.getByRole('alert')).toHaveText('Failed to update avatar. Please try again.');
    if (pictureBefore === null) await expect(card.getByRole('img')).toHaveCount(0);
    else await expect(card.getByRole('img')).toHaveAttribute('src', pictureBefore);
  });

  test('says so when the profile cannot be loaded', async ({ page }) => {
    await signIn(page, DEMO.user);
    await openShellThenEndSession(page);
    await openFromMenu(page, 'Profile');

    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to load profile. Please try again later.',
    );
  });
});
