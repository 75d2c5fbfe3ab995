import { expect, test } from './clock';
import { signInAs } from './session';

test('the bell opens an empty Notifications panel with Clear All', async ({ page }) => {
  await signInAs(page, 'user');
  await page.goto('/dashboard');

  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await bell.click();

  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('No new notifications')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Clear All' })).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');

  await bell.click();
  await expect(panel).toBeHidden();
});

test("the profile menu shows the person's name and offers Profile, Settings and Logout", async ({ page }) => {
  await signInAs(page, 'user');
  await page.goto('/dashboard');

  const trigger = page.getByRole('button', { name: 'Profile menu' });
  await expect(trigger).toContainText('Asha User');
  await trigger.click();

  const menu = page.getByRole('menu', { name: 'Profile menu' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Settings', 'Logout']);

  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(menu).toBeHidden();
});

test('a click outside closes the bell panel and the profile menu', async ({ page }) => {
  await signInAs(page, 'user');
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Notifications' });
  const menu = page.getByRole('menu', { name: 'Profile menu' });

  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(panel).toBeVisible();
  await page.getByRole('heading', { name: /Welcome back/ }).click();
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(menu).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();

  // Only one of them is open at a time.
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(menu).toBeVisible();
  await expect(panel).toBeHidden();
});

test('the profile menu answers to the keyboard', async ({ page }) => {
  await signInAs(page, 'user');
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  const menu = page.getByRole('menu', { name: 'Profile menu' });
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeFocused();
});

test('on a small screen the profile name is hidden beside the avatar', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 720 });
  await signInAs(page, 'user');
  await page.goto('/dashboard');

  const trigger = page.getByRole('button', { name: 'Profile menu' });
  await expect(trigger).toBeVisible();
  await expect(trigger.getByText('Asha User')).toBeHidden();
});

test('the dashboard greets the visitor and shows the five appointment counts', async ({ page }) => {
  await signInAs(page, 'user');
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { name: 'Welcome back, Asha User' })).toBeVisible();
  const counts = page.getByRole('list', { name: 'Appointment counts' });
  await expect(counts.getByRole('heading')).toHaveText([
    'Scheduled',
    'Pending',
    'Completed',
    'Cancelled',
    'Total Appointments',
  ]);
  await expect(counts.getByRole('listitem')).toHaveCount(5);
});

test('the shell speaks the language kept under "language"', async ({ page }) => {
  await signInAs(page, 'user');
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  await page.goto('/dashboard');

  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const menu = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(menu.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Prendre rendez-vous' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bon retour, Asha User' })).toBeVisible();

  await page.getByRole('button', { name: 'Menu du profil' }).click();
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  await page.getByRole('button', { name: 'Ouvrir le support par chat' }).click();
  await expect(page.getByPlaceholder('Écrivez un message...')).toBeVisible();
});
