import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import { signInAs } from './session';

const openChat = async (page: Page) => {
  await signInAs(page, 'user');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open chat support' }).click();
  return page.getByRole('region', { name: 'Chat Support' });
};

test('the chat widget opens with the greeting and closes again', async ({ page }) => {
  const chat = await openChat(page);

  await expect(chat).toBeVisible();
  await expect(chat.getByRole('log')).toContainText('Hello! How can I help you today?');
  await expect(chat.getByPlaceholder('Type a message...')).toBeVisible();

  await page.getByRole('button', { name: 'Close chat support' }).click();
  await expect(chat).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open chat support' })).toBeVisible();
});

test('the chat window is 24rem wide and 500px high', async ({ page }) => {
  const chat = await openChat(page);

  const box = await chat.boundingBox();
  expect(box?.width).toBeCloseTo(24 * 16, 0);
  expect(box?.height).toBeCloseTo(500, 0);
});

test('send stays disabled for a blank message', async ({ page }) => {
  const chat = await openChat(page);
  const send = chat.getByRole('button', { name: 'Send message' });

  await expect(send).toBeDisabled();
  await chat.getByRole('textbox', { name: 'Message' }).fill('    ');
  await expect(send).toBeDisabled();
  await chat.getByRole('textbox', { name: 'Message' }).fill('  Hi  ');
  await expect(send).toBeEnabled();
});

test('about a second after a message the agent answers, and the message reads as read', async ({ page }) => {
  const chat = await openChat(page);
  const log = chat.getByRole('log');
  const input = chat.getByRole('textbox', { name: 'Message' });

  await input.fill('I need to move my appointment');
  await input.press('Enter');

  await expect(log.getByText('I need to move my appointment')).toBeVisible();
  await expect(input).toHaveValue('');
  // While the agent is "typing" nothing more can be sent.
  await input.fill('Hello?');
  await expect(chat.getByRole('button', { name: 'Send message' })).toBeDisabled();

  await expect(log.getByText('Thank you for your message. An agent will respond shortly.')).toBeVisible();
  await expect(log.getByRole('img', { name: 'Read' })).toHaveCount(1);
  await expect(chat.getByRole('button', { name: 'Send message' })).toBeEnabled();

  const times = await log.locator('time').allTextContents();
  expect(times).toHaveLength(3);
  for (const time of times) expect(time).toMatch(/^\d{2}:\d{2}$/);
});
