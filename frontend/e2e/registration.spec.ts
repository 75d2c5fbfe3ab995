import { expect, test } from './clock';

test('registering starts with the choice between a user and a provider account', async ({ page }) => {
  await page.goto('/register');

  const asUser = page.getByRole('button', { name: /Register as a User/ });
  const asProvider = page.getByRole('button', { name: /Register as a Provider/ });
  await expect(asUser).toContainText('Book appointments and manage your schedule');
  await expect(asProvider).toContainText('Offer services and manage bookings');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

  await asUser.click();
  await expect(page.getByRole('heading', { name: 'User Registration' })).toBeVisible();
  await expect(page.getByLabel('Name')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: /Register as a Provider/ }).click();
  await expect(page.getByRole('heading', { name: 'Provider Registration' })).toBeVisible();
  await expect(page.getByLabel('Business Name')).toBeVisible();
});

test('the user form shows the validation messages under its fields', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: /Register as a User/ }).click();

  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Phone number must be at least 10 digits')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Name').fill('Tess Ortega');
  await page.getByLabel('Email').fill('tess@example.com');
  await page.getByLabel('Phone').fill('5125550123');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password124');

  await expect(page.getByText('Name must be at least 2 characters')).toBeHidden();
  await expect(page.getByText('Invalid email address')).toBeHidden();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription("Passwords don't match");
  await expect(page).toHaveURL(/\/register$/);
});

test('the provider form offers the four industries and checks every field', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: /Register as a Provider/ }).click();

  const industry = page.getByLabel('Industry');
  await expect(industry.getByRole('option')).toHaveText([
    'Select an industry',
    'Healthcare',
    'Fitness',
    'Office',
    'Other',
  ]);

  await page.getByLabel('Business Name').fill('A');
  await page.getByLabel('Address').fill('Main St');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('Business name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please select an industry')).toBeVisible();
  await expect(page.getByText('Please provide a complete address')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();

  await industry.selectOption({ label: 'Fitness' });
  await expect(page.getByText('Please select an industry')).toBeHidden();
});

test('the sign-in form checks the address and the password length before calling', async ({ page }) => {
  await page.goto('/login');

  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('the success screen without a registration still leads to sign in', async ({ page }) => {
  await page.goto('/registration-success');

  await expect(page.getByRole('heading', { name: 'Registration Successful!' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
