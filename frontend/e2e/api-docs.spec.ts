import { expect, test } from './clock';

// The API reference page, served by the app itself, renders the generated document under the
// app's content security policy.
test('the API reference at /api/docs lists the operations from the app, with nothing blocked', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(new URL(baseURL!).origin) && !url.startsWith('data:')) outside.push(url);
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Appointment API/ })).toBeVisible();
  await expect(page.getByText('/api/appointments/bookappointment', { exact: true }).first()).toBeVisible();

  // An operation opens with its request body schema.
  await page.getByText('/api/schedulemanage/fetchslot', { exact: true }).first().click();
  await expect(page.getByText('providerId').first()).toBeVisible();
  expect(problems).toEqual([]);
  expect(outside).toEqual([]);
});
