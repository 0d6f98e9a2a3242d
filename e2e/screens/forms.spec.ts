import { expect, test } from '@playwright/test';
import { DemoUsers } from '../support/users';
import { openAs } from './screen-data';

// A form with a field that is not valid does not submit (issue 10): here a date that is not one.
test.use({ actionTimeout: 15_000 });

test('a system message with a start date that is not one is not created', async ({ page }) => {
  await openAs(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('system_messages')) posted.push(r.url());
  });
  await page.getByRole('button', { name: 'New message', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New system message', exact: true });
  await dialog.getByRole('textbox', { name: 'Message', exact: true }).fill('The wards move to the new building.');
  const start = dialog.getByRole('textbox', { name: 'Start date (UTC)', exact: true });
  await start.fill('2026-02-30');
  await dialog.getByRole('button', { name: 'Create message', exact: true }).click();
  await expect(dialog.getByText('Enter a real date as year-month-day, e.g. 2026-03-31', { exact: true })).toBeVisible();
  await expect(start).toBeFocused();
  await expect(dialog).toBeVisible();
  expect(posted).toEqual([]);
});
