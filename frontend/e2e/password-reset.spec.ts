import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './clock';
import { API_PATHS } from './api-sign-in';
import { uniqueEmail } from './session';

/**
 * Forgot password, as a person walks it: "Forgot password?" on the sign-in screen, the
 * address, the mail (read from the local outbox, DEV_MAILBOX), the link's page, the new password
 * twice, then signing in with it. The link works once.
 */

const MAILBOX = '/api/dev/mailbox';
const OLD_PASSWORD = 'an old horse battery';
const NEW_PASSWORD = 'a brand new staple';

/** The link of the newest reset mail to `email`, once it is in the outbox. */
const resetLinkFor = async (request: APIRequestContext, email: string): Promise<string> => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=${encodeURIComponent(email)}`);
        expect(response.ok(), 'the local outbox (DEV_MAILBOX=true) answers').toBeTruthy();
        const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
        link = messages
          .find((message) => message.subject === 'Reset your password')
          ?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { message: `a reset mail reaches ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
};

test('a person who forgot their password resets it from the mailed link and signs in with the new one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot');
  const registered = await request.post(API_PATHS.registerUser, {
    data: {
      name: 'Forgetful Person',
      email,
      phone: '5551234567',
      password: OLD_PASSWORD,
      confirmPassword: OLD_PASSWORD,
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account' })).toHaveText(
    'If an account uses this address, a link to reset its password is on its way. The link works for 30 minutes.',
  );

  const link = new URL(await resetLinkFor(request, email));
  expect(link.pathname).toBe('/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The rules of registration hold, checked in the browser first.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset' })).toHaveText(
    'Your password has been reset. Please sign in with your new password.',
  );

  // The link is spent.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('another password');
  await page.getByLabel('Confirm new password').fill('another password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link has already been used. Please ask for a new one.',
  );

  // The old password no longer signs in; the new one does.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Forgetful Person' })).toBeVisible();
});
