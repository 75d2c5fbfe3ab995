import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import { openMailedLink, registerUser, signIn, uniqueEmail } from './api-sign-in';

/**
 * An address is confirmed before it is used. An unconfirmed account is told so above every
 * screen and may have the link sent again; a new address in the profile takes the current
 * password and becomes the account's only once its owner opens the link sent to it.
 */

const banner = (page: Page) => page.getByRole('region', { name: 'Resend verification e-mail' });

test('an unconfirmed account is told above every screen, has the link sent again, and is told no more once it is opened', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'unconfirmed', { confirmed: false });
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard');
  await expect(banner(page)).toContainText(`open the link we sent to ${user.email}`);
  await page.goto('/appointments/book');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(banner(page).getByRole('status')).toHaveText(
    'We have sent the confirmation link to your e-mail address again.',
  );
  await openMailedLink(request, user.email);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('a new e-mail address takes the current password and waits for its owner to open the link', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'mover');
  await signIn(page, user.email, user.password);
  await page.goto('/profile');
  const details = page.getByRole('form', { name: 'Profile details' });
  await expect(details.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  const newEmail = uniqueEmail('moved');
  await details.getByLabel('Email', { exact: true }).fill(newEmail);
  const password = details.getByLabel('Current password (needed to change your e-mail address)');
  await password.fill('not my password');
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(details.getByRole('alert')).toHaveText('Current password is incorrect');

  await details.getByLabel('Email', { exact: true }).fill(newEmail);
  await details.getByLabel('Current password (needed to change your e-mail address)').fill(user.password);
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    details.getByText(`Your e-mail address becomes ${newEmail} once you open the link`),
  ).toBeVisible();
  await expect(details.getByLabel('Email', { exact: true })).toHaveValue(user.email);

  await openMailedLink(request, newEmail, '/api/auth/email-change?');
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Profile details' }).getByLabel('Email', { exact: true }),
  ).toHaveValue(newEmail);
});
