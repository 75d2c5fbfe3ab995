import { type Locator, type Page } from '@playwright/test';
import { dayKeyIn, expect, test } from './clock';
import { DEMO, openFromMenu, openShellThenEndSession, signIn } from './api-sign-in';
import {
  browserZone,
  createProviderAdmin,
  dayKeyFromToday,
  longDate,
  nextMondayKey,
} from './scheduling-helpers';

const slotTable = (page: Page) => page.getByRole('table', { name: 'Time slots' });
const slotRows = (page: Page) =>
  slotTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by service' }).getByRole('button', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);
const templateCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Templates' }).getByRole('listitem', { name, exact: true });
const defaultBadge = (card: Locator) => card.getByText('Default', { exact: true });

test.describe('Schedule Management', () => {
  test(
    'an admin creates a repeating time slot with the form rules and filters by service',
    { tag: '@any-hour' },
    async ({ page, request }) => {
      await createProviderAdmin(page, request, 'Slot Studio', ['Deep Tissue', 'Quick Check']);
      await page.goto('/scheduling/manage');

      await expect(page.getByRole('heading', { name: 'Schedule Management', level: 1 })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Filter by service' }).getByRole('button')).toHaveText([
        'All Services',
        'Deep Tissue',
        'Quick Check',
      ]);
      await expect(chip(page, 'All Services')).toHaveAttribute('aria-pressed', 'true');
      await expect(slotTable(page)).toContainText('No time slots yet.');

      await page.getByRole('button', { name: 'Add Time Slot' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
      await dialog.getByRole('button', { name: 'Create Time Slot' }).click();
      for (const message of [
        'Date is required',
        'Start time is required',
        'End time is required',
        'At least one service must be selected',
      ]) {
        await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      }

      // docs/product.md §4: the two slot options exclude each other; the block copies total into available.
      const split = dialog.getByRole('checkbox', { name: 'Split into equal slots' });
      const block = dialog.getByRole('checkbox', { name: 'One block for a total number of people' });
      const available = dialog.getByLabel('Available slots');
      const total = dialog.getByLabel('Total slots');
      await block.check();
      await expect(dialog.getByText('Must have at least 1 total slot', { exact: true })).toBeVisible();
      await total.fill('5');
      await expect(available).toHaveValue('5');
      await total.fill('8');
      await expect(available).toHaveValue('8');
      await split.check();
      await expect(block).not.toBeChecked();
      await expect(total).toHaveValue('');
      await expect(available).toHaveValue('');
      await expect(dialog.getByText('Must have at least 1 available slot', { exact: true })).toBeVisible();
      await available.fill('4');
      await total.fill('6');
      await block.check();
      await expect(split).not.toBeChecked();
      await expect(available).toHaveValue('6');

      await dialog.getByLabel('Repeat', { exact: true }).selectOption('daily');
      await expect(dialog.getByText('Repeat until date is required', { exact: true })).toBeVisible();

      const date = dialog.getByLabel('Date', { exact: true });
      await date.fill(dayKeyFromToday(-1));
      await dialog.getByLabel('Start time').fill('09:00');
      await dialog.getByLabel('End time').fill('08:00');
      await expect(dialog.getByText('End time must be after start time', { exact: true })).toBeVisible();
      await dialog.getByLabel('End time').fill('11:00');
      await dialog.getByRole('checkbox', { name: 'Deep Tissue' }).check();
      await dialog.getByLabel('Repeat until').fill(dayKeyFromToday(3));
      await expect(dialog.getByText('Creates 5 time slots')).toBeVisible();

      // The server's field message shows under its field.
      await dialog.getByRole('button', { name: 'Create Time Slot' }).click();
      await expect(date).toHaveAccessibleDescription('The date cannot be in the past');

      const first = dayKeyFromToday(1);
      await date.fill(first);
      await expect(dialog.getByText('Creates 3 time slots')).toBeVisible();

      await dialog.getByRole('button', { name: 'Create Time Slot' }).click();
      await expect(toast(page, 'Time slot added successfully')).toBeVisible();
      await expect(dialog).toBeHidden();

      await expect(slotRows(page)).toHaveCount(3);
      for (const [i, offset] of [1, 2, 3].entries()) {
        await expect(slotRows(page).nth(i).getByRole('cell')).toHaveText([
          longDate(dayKeyFromToday(offset)),
          '09:00–11:00',
          'Deep Tissue',
          'Block for 6 people',
          'None',
          // Issue 30: its Edit and Delete.
          'EditDelete',
        ]);
      }

      await chip(page, 'Quick Check').click();
      await expect(chip(page, 'Quick Check')).toHaveAttribute('aria-pressed', 'true');
      await expect(slotTable(page)).toContainText('No time slots yet.');
      await chip(page, 'Deep Tissue').click();
      await expect(slotRows(page)).toHaveCount(3);
      await chip(page, 'All Services').click();
      await expect(slotRows(page)).toHaveCount(3);

      await page.reload();
      await expect(slotRows(page)).toHaveCount(3);
      await expect(slotRows(page).first()).toContainText(longDate(first));
    },
  );

  test('a change in Manage Availability is saved and still there after a reload', async ({
    page,
    request,
  }) => {
    await createProviderAdmin(page, request, 'Hours Gym', ['Spin Class']);
    await page.goto('/scheduling/manage');

    const open = async () => {
      await page.getByRole('button', { name: 'Manage Availability' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage Availability' });
      await expect(dialog.getByLabel('Monday start time')).toBeVisible();
      return dialog;
    };

    let dialog = await open();
    await expect(dialog.getByLabel('Monday start time')).toHaveValue('09:00');
    await expect(dialog.getByLabel('Monday end time')).toHaveValue('17:00');
    await expect(dialog.getByRole('switch', { name: 'Monday available' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Saturday available' })).not.toBeChecked();

    const breaks = await dialog.getByLabel(/^Break \d+ start time$/).count();
    const added = `Break ${breaks + 1}`;
    await dialog.getByRole('button', { name: 'Add break' }).click();
    await expect(dialog.getByLabel(`${added} start time`)).toHaveValue('12:00');
    await expect(dialog.getByLabel(`${added} end time`)).toHaveValue('13:00');
    await dialog.getByLabel(`${added} start time`).fill('15:00');
    await dialog.getByLabel(`${added} end time`).fill('15:30');
    await dialog.getByLabel('Monday end time').fill('18:00');
    await dialog.getByRole('switch', { name: 'Saturday available' }).check();
    await dialog.getByLabel('Time zone').selectOption('America/Los_Angeles');
    await dialog.getByRole('button', { name: 'Save Availability' }).click();

    await expect(toast(page, 'Availability saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    dialog = await open();
    await expect(dialog.getByLabel('Monday end time')).toHaveValue('18:00');
    await expect(dialog.getByRole('switch', { name: 'Saturday available' })).toBeChecked();
    await expect(dialog.getByLabel(`${added} start time`)).toHaveValue('15:00');
    await expect(dialog.getByLabel(`${added} end time`)).toHaveValue('15:30');
    await expect(dialog.getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
  });
});

test.describe('Schedule Management for the demo provider', () => {
  test(
    "an admin's click on a calendar day opens Create Time Slot for that day",
    { tag: '@any-hour' },
    async ({ page }) => {
      await signIn(page, DEMO.admin);
      await page.goto('/scheduling/manage');
      const calendar = page.getByRole('region', { name: 'Calendar' });
      // Two days on from the demo provider's today (Palakkad: Asia/Kolkata).
      const target = dayKeyIn('Asia/Kolkata', 2);
      const [year, month, day] = target.split('-').map(Number);
      const label = new Date(year!, month! - 1, day!).toLocaleDateString('en-US', {
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      });
      const tile = calendar.getByRole('button', { name: new RegExp(`^${label}`) }).first();
      // The month's days drawn first: asked before, the day looks absent and the next month opens.
      await expect(
        calendar.getByRole('button', { name: /^[A-Z][a-z]+ \d{1,2}, \d{4}/ }).first(),
      ).toBeVisible();
      if (!(await tile.isVisible())) await calendar.getByRole('button', { name: 'Next month' }).click();
      await tile.click();
      const dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(target);
    },
  );

  test(
    'an incharge sees the services and daily time slots of the provider',
    { tag: '@any-hour' },
    async ({ page }) => {
      await signIn(page, DEMO.incharge);
      await page.goto('/scheduling/manage');

      await expect(page.getByRole('group', { name: 'Filter by service' }).getByRole('button')).toHaveText([
        'All Services',
        'General Consultation',
        'Follow-up Visit',
      ]);
      await expect(slotRows(page).first().getByRole('cell').nth(1)).toHaveText('09:00–12:00');
      await chip(page, 'Follow-up Visit').click();
      await expect(slotRows(page).first()).toContainText('Follow-up Visit');
      // docs/product.md §2.6: a day click does nothing for a role other than admin and user.
      const calendar = page.getByRole('region', { name: 'Calendar' });
      await calendar
        .getByRole('button', { name: /Slots available/ })
        .and(calendar.locator(':enabled'))
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Create Time Slot' })).toBeHidden();
    },
  );

  test('says so when the time slots cannot be loaded', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await openShellThenEndSession(page);
    await openFromMenu(page, 'Schedule');

    await expect(
      page.getByRole('main').getByRole('alert').filter({ hasText: 'Failed to load time slots.' }),
    ).toHaveText('Failed to load time slots. Please try again.');
  });
});

test.describe('Schedule Templates', () => {
  test(
    'an admin duplicates, edits, deletes and applies templates, and they persist',
    { tag: '@any-hour' },
    async ({ page, request }) => {
      await createProviderAdmin(page, request, 'Template Works', ['Strategy Session']);
      await page.goto('/scheduling/templates');

      await expect(page.getByRole('heading', { name: 'Schedule Templates', level: 1 })).toBeVisible();
      const standard = templateCard(page, 'Standard Work Week');
      await expect(defaultBadge(standard)).toBeVisible();
      await expect(standard).toContainText('Mon–Fri 09:00–17:00');

      // A new template needs a name.
      await page.getByRole('button', { name: 'New Template' }).click();
      const creating = page.getByRole('dialog', { name: 'New Template' });
      await creating.getByRole('button', { name: 'Save Template' }).click();
      await expect(creating.getByText('Template name is required', { exact: true })).toBeVisible();
      await creating.getByRole('button', { name: 'Cancel' }).click();
      await expect(creating).toBeHidden();

      await standard.getByRole('button', { name: 'Duplicate' }).click();
      const copy = templateCard(page, 'Standard Work Week (Copy)');
      await expect(copy).toBeVisible();
      await expect(defaultBadge(copy)).toHaveCount(0);

      await copy.getByRole('button', { name: 'Edit' }).click();
      const editing = page.getByRole('dialog', { name: 'Edit Template' });
      const name = editing.getByLabel('Template name');
      await expect(name).toHaveValue('Standard Work Week (Copy)');
      await name.fill('');
      await editing.getByRole('button', { name: 'Save Template' }).click();
      await expect(editing.getByText('Template name is required', { exact: true })).toBeVisible();
      await name.fill('Late Week');
      await editing.getByLabel('Friday end time').fill('20:00');
      await editing.getByRole('button', { name: 'Save Template' }).click();
      await expect(toast(page, 'Template saved')).toBeVisible();
      await expect(editing).toBeHidden();
      const renamed = templateCard(page, 'Late Week');
      await expect(renamed).toContainText('Fri 09:00–20:00');
      await expect(copy).toHaveCount(0);

      await page.reload();
      await expect(renamed).toContainText('Fri 09:00–20:00');
      await expect(defaultBadge(renamed)).toHaveCount(0);
      await expect(defaultBadge(standard)).toBeVisible();

      await renamed.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Template' });
      await expect(confirm).toContainText('Late Week');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Template deleted')).toBeVisible();
      await expect(renamed).toHaveCount(0);
      await page.reload();
      await expect(standard).toBeVisible();
      await expect(renamed).toHaveCount(0);

      // Applying the default fills next week: Monday to Friday, 09:00–12:00 and 13:00–17:00.
      const monday = nextMondayKey(await browserZone(page));
      await standard.getByRole('button', { name: 'Apply' }).click();
      const applying = page.getByRole('dialog', { name: 'Apply "Standard Work Week"' });
      await expect(applying.getByLabel('Week starting')).toHaveValue(monday);
      await applying.getByRole('button', { name: 'Apply Template' }).click();
      await expect(toast(page, 'Template applied: a week of time slots was created')).toBeVisible();
      await expect(applying).toBeHidden();

      await page.goto('/scheduling/manage');
      await expect(slotRows(page)).toHaveCount(10);
      await expect(slotRows(page).nth(0).getByRole('cell')).toHaveText([
        longDate(monday),
        '09:00–12:00',
        'Strategy Session',
        'Split into 6 slots',
        'None',
        'EditDelete',
      ]);
      await expect(slotRows(page).nth(1).getByRole('cell')).toHaveText([
        longDate(monday),
        '13:00–17:00',
        'Strategy Session',
        'Split into 8 slots',
        'None',
        'EditDelete',
      ]);
      await page.reload();
      await expect(slotRows(page)).toHaveCount(10);
    },
  );

  test('a superadmin who opens the templates, a provider-only screen, lands on the dashboard', async ({
    page,
  }) => {
    await signIn(page, DEMO.superadmin);
    await page.goto('/scheduling/templates');
    // It used to open on "This action belongs to a provider account".
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('This action belongs to a provider account')).toHaveCount(0);
  });
});
