import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import { signInByApi } from './session';

/**
 * Every screen a role reaches from its side navigation, and the booking screen's three
 * calendar views, checked with axe against WCAG 2 A and AA (labels, names, roles, contrast) in
 * the light and the dark theme.
 */

const violationsOf = async (page: Page): Promise<string[]> => {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.failureSummary?.split('\n')[1]?.trim()} at ${node.html.slice(0, 120)}`,
    ),
  );
};

const inTheme = async (page: Page, theme: string) => {
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
};

for (const theme of ['light', 'dark']) {
  test.describe(`accessibility, ${theme} theme`, () => {
    for (const email of ['user', 'admin', 'superadmin'].map((role) => `${role}@example.com`)) {
      test(`the screens of ${email} meet WCAG 2 AA`, async ({ page }) => {
        // The admin's menu has eleven screens, each analysed by axe.
        test.setTimeout(120_000);
        await inTheme(page, theme);
        await signInByApi(page, email);
        await page.goto('/dashboard');
        const navigation = page.getByRole('navigation').getByRole('link');
        await expect(navigation.first()).toBeVisible();
        const paths = [
          ...new Set(await navigation.evaluateAll((links) => links.map((a) => a.getAttribute('href')))),
        ];
        expect(paths.length).toBeGreaterThan(2);
        for (const path of paths) {
          await page.goto(path!);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          expect(await violationsOf(page), `${path} in the ${theme} theme`).toEqual([]);
        }
      });
    }

    test('the booking screen meets WCAG 2 AA in each of its views', async ({ page }) => {
      await inTheme(page, theme);
      await signInByApi(page, 'user@example.com');
      await page.goto('/appointments/book');
      await page.getByText('Sunrise Clinic').first().click();
      await page.getByRole('button', { name: /General Consultation/ }).click();
      await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
      expect(await violationsOf(page), 'automatic booking').toEqual([]);

      await page.getByText('Switch to Manual Booking').click();
      for (const view of ['Month', 'Week', 'Day']) {
        await page.getByRole('button', { name: view, exact: true }).click();
        await page.waitForLoadState('networkidle');
        expect(await violationsOf(page), `the ${view} view`).toEqual([]);
      }
    });
  });
}
