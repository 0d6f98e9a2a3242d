import { expect, test } from '@playwright/test';
import type { SystemMessage } from '../../shared/api/system-messages';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

// Developer tools' Staff Activity: every change made in the staff area, who made it, on what, with
// the names of the fields sent, in the order sent (never their values).
test('a staff change appears in Staff Activity with who, what and the fields sent', async ({ page, baseURL }) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const start = Date.now() + 365 * 86_400_000;
  const secret = `Activity check ${Date.now()}`;
  const message = await staff.post<SystemMessage>('hstm/system_messages', {
    system_message: {
      message: secret,
      location: 'Login',
      start_datetime: new Date(start).toISOString(),
      end_datetime: new Date(start + 86_400_000).toISOString(),
    },
  });
  await staff.send('PUT', `hstm/system_messages/${message.id}`, {
    system_message: {
      message: `${secret} (edited)`,
      location: 'Login',
      start_datetime: new Date(start).toISOString(),
      end_datetime: new Date(start + 86_400_000).toISOString(),
    },
  });
  await staff.dispose();

  await signIn(page, DemoUsers.staff, '/hstm/developer_tools/links');
  await page.getByRole('link', { name: 'Staff Activity', exact: true }).click();
  await expect(page).toHaveURL(/\/hstm\/developer_tools\/staff_activity$/);
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(`/api/hstm/system_messages/${message.id}`);

  const table = page.getByTestId('sortable-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole('cell').nth(1)).toHaveText(DemoUsers.staff.name);
  await expect(row.getByText('PUT', { exact: true })).toBeVisible();
  await expect(row.getByText('hstm/system_messages/:id', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText(`id ${message.id}`);
  await expect(row.getByRole('cell').nth(4)).toHaveText(
    'system_message.message, system_message.location, system_message.start_datetime, system_message.end_datetime',
  );
  await expect(page.getByTestId('pagination-footer')).toHaveText(/Showing 1 - 1 of 1 Actions/);
  // The values sent are not kept.
  await expect(table).not.toContainText(secret);
});
