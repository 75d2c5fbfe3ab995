import type { Locator, Page } from '@playwright/test';
import { dayKeyIn } from './clock';
import { deskHours, expect, openAs, test, uniqueName } from './booking-fixture';
import { createProviderAdmin } from './scheduling-helpers';

/**
 * Issue 32, item 7: at a phone's width (375 px) the tables scroll sideways instead of wrapping a
 * letter per line, the month's day names are whole and the booking screen is not pushed below the
 * industries. Measured, not compared with pictures: a cell at least three characters wide, a day's
 * name no wider than its column.
 */
test.use({ viewport: { width: 375, height: 740 } });

/** The cells of a table narrower than three characters of their own font ("W", "e", "d" a line each). */
const cramped = (table: Locator) =>
  table.locator('th, td').evaluateAll((cells) =>
    cells
      .filter((cell) => (cell.textContent ?? '').trim().length >= 3)
      .map((cell) => {
        const style = getComputedStyle(cell);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.position = 'absolute';
        probe.style.visibility = 'hidden';
        probe.textContent = 'Wed';
        document.body.append(probe);
        const threeLetters = probe.getBoundingClientRect().width;
        probe.remove();
        const content =
          cell.getBoundingClientRect().width -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight);
        return { text: (cell.textContent ?? '').trim().slice(0, 20), content, threeLetters };
      })
      .filter((cell) => cell.content < cell.threeLetters)
      .map((cell) => `${cell.text}: ${Math.round(cell.content)} px`),
  );

const addTimeSlots = async (page: Page, service: string) => {
  for (const offset of [1, 2]) {
    const added = await page.request.post('/api/schedulemanage/addtimeslot', {
      data: {
        date: dayKeyIn('America/Chicago', offset),
        startTime: '09:00',
        endTime: '12:00',
        availableSlots: 3,
        addAsSlot: true,
        addTotalSlot: false,
        repeat: 'none',
        serviceIds: [service],
      },
    });
    expect(added.ok(), await added.text()).toBeTruthy();
  }
};

test.describe('At a phone width (issue 32)', () => {
  test("the Schedule's time slots and the API keys are tables no cell of which is squeezed to a letter", async ({
    page,
    api,
  }) => {
    await createProviderAdmin(page, api, uniqueName('Narrow Gym'), ['Stretching Class']);
    await addTimeSlots(page, 'Stretching Class');
    const created = await page.request.post('/api/integrations/apikeys', {
      data: { name: 'Calendar sync for the front desk', scopes: ['appointments:read', 'schedule:read'] },
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await page.goto('/scheduling/manage');
    const slots = page.getByRole('table', { name: 'Time slots' });
    await expect(slots.getByRole('row').nth(2)).toBeVisible();
    expect(await cramped(slots)).toEqual([]);

    await page.goto('/integrations/api-keys');
    const keys = page.getByRole('table', { name: 'API Keys' });
    await expect(keys).toContainText('Calendar sync for the front desk');
    expect(await cramped(keys)).toEqual([]);
  });

  test("the month's day names are whole, and the booking screen comes right after a row of industries", async ({
    page,
    providerWithSplitSlots,
  }) => {
    const {
      provider,
      users: [user],
    } = await providerWithSplitSlots(deskHours('Narrow Desk', 2, { parts: 2 }), 'phone-user');
    await openAs(page, user, provider);

    // The industries are one row above the screen, not a column the screen waits below.
    const industries = page.getByRole('complementary', { name: 'Industries' });
    const sidebar = (await industries.boundingBox())!;
    const oneIndustry = (await industries.getByRole('button').first().boundingBox())!;
    expect(sidebar.height).toBeLessThan(oneIndustry.height * 3);
    const automatic = page.getByRole('region', { name: 'Next available slot' });
    const screen = (await automatic.boundingBox())!;
    expect(screen.y).toBeLessThan(sidebar.y + sidebar.height + 400);

    await automatic.getByRole('button', { name: 'Switch to Manual Booking' }).click();
    const manual = page.getByRole('region', { name: 'Select Your Preferred Time' });
    const weekdays = manual.locator('.react-calendar__month-view__weekdays__weekday');
    await expect(weekdays).toHaveCount(7);
    await expect(weekdays.first()).toHaveText('Sun');
    const cut = await weekdays.evaluateAll((cells) =>
      cells
        .map((cell) => {
          const name = cell.querySelector('abbr') ?? cell;
          return {
            text: cell.textContent,
            name: name.getBoundingClientRect().width,
            column: cell.getBoundingClientRect().width,
          };
        })
        .filter((cell) => cell.name > cell.column + 0.5)
        .map((cell) => `${cell.text}: ${cell.name.toFixed(1)} px in ${cell.column.toFixed(1)} px`),
    );
    expect(cut).toEqual([]);
  });
});
