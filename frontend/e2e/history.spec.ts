import { expect, test } from './clock';
import { DEMO, signIn } from './api-sign-in';
import { openHistory } from './appointments-helpers';

/** A superadmin audits Sunrise Clinic's history, and looks at it as it was. */
test.describe('Provider history', () => {
  test('a superadmin opens the history from the provider, filters it and sees the provider as of an event', async ({
    page,
  }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/providers');
    await page
      .getByRole('article', { name: 'Sunrise Clinic', exact: true })
      .getByRole('link', { name: 'Manage Provider' })
      .click();
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await expect(page).toHaveURL(/\/providers\/[^/]+\/history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();

    const timeline = page.getByRole('list', { name: 'Timeline' });
    const approved = timeline
      .getByTestId('history-entry')
      .filter({ hasText: 'Sunrise Clinic was approved.' });
    // Infinite scroll: the oldest entries come as the end of the list is reached.
    await expect(async () => {
      await page.getByTestId('history-entry').last().scrollIntoViewIfNeeded();
      await expect(approved).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(approved).toContainText('by superadmin@example.com (superadmin)');

    // As of the approval: active, no services yet; today has the demo's two.
    await approved.getByRole('button', { name: 'As of here' }).click();
    const asOf = page.getByRole('group', { name: /^As of event #\d+$/ });
    await expect(asOf.getByTestId('state-status')).toHaveText('active');
    await expect(asOf.getByTestId('state-services')).toHaveText('none');
    const today = page.getByRole('group', { name: 'Today' });
    await expect(today.getByTestId('state-services')).toContainText('General Consultation');
    await expect(today.getByTestId('state-slots')).toContainText(/^\d+ with \d+ booking/);

    // Filtered to services: only service entries.
    await page.getByLabel('Type').selectOption({ label: 'Services' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(timeline.getByTestId('history-entry').first()).toHaveAttribute('data-type', /^Service/);
    const types = await timeline
      .getByTestId('history-entry')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-type')));
    expect(types.every((type) => type === 'ServiceAdded')).toBe(true);
    await expect(timeline).toContainText('Service General Consultation was added');
  });

  test("an admin opens its own provider's history from the dashboard, and not another's", async ({
    page,
  }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: "Your provider's history" });
    await panel.getByRole('link', { name: 'Open History' }).click();
    await expect(page).toHaveURL(/\/providers\/[^/]+\/history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Timeline' }).getByTestId('history-entry').first(),
    ).toBeVisible();
    // Today's state is its own provider's.
    await expect(page.getByRole('group', { name: 'Today' }).getByTestId('state-services')).toContainText(
      'General Consultation',
    );

    await page.goto('/providers/another-provider/history');
    await expect(page.getByText("You may not read this provider's history.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an admin's history reads as sentences in the viewer's language, under a breadcrumb that names the provider (issue 32)", async ({
    page,
  }) => {
    await signIn(page, DEMO.admin);
    // A webhook made and deleted: an event type the history had no sentence of.
    const created = await page.request.post('/api/integrations/webhooks', {
      data: {
        name: 'History walk',
        url: 'https://crm.example.com/hooks',
        eventTypes: ['appointment.booked'],
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { webhook } = (await created.json()) as { webhook: { id: string } };
    expect((await page.request.delete(`/api/integrations/webhooks/${webhook.id}`)).ok()).toBeTruthy();

    const timeline = await openHistory(page);
    const deleted = timeline.locator('[data-type="WebhookDeleted"]').first();
    await expect(deleted).toContainText('A webhook was deleted.');
    await expect(timeline).not.toContainText('was recorded.');

    // The crumb of the provider names it; "Service Providers" is no way back to the dashboard.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('Sunrise Clinic');
    await expect(crumbs).not.toContainText('…');
    await expect(crumbs.getByRole('link', { name: 'Service Providers' })).toHaveCount(0);
    await expect(crumbs.getByText('Service Providers')).toBeVisible();

    // Its buttons are the app's small buttons (a border and the theme's radius), not the browser's.
    const asOf = deleted.getByRole('button', { name: 'As of here' });
    const style = await asOf.evaluate((button) => {
      const css = getComputedStyle(button);
      return { radius: css.borderTopLeftRadius, background: css.backgroundColor };
    });
    expect(style.radius).not.toBe('0px');
    expect(style.background).toBe('rgba(0, 0, 0, 0)');

    // In Spanish, the same entry in Spanish.
    await page.evaluate(() => window.localStorage.setItem('language', 'es'));
    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Cronología' }).locator('[data-type="WebhookDeleted"]').first(),
    ).toContainText('Se eliminó un webhook.');
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  });

  test('a user may not open a provider history', async ({ page }) => {
    await signIn(page, DEMO.user);
    await page.goto('/providers/anything/history');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
