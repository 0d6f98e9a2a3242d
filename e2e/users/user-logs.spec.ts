import type { UserResponse } from '../../shared/api/users';
import { formatDisplayDate } from '../../shared/domain/dates';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test("a user's User Logs list their creation and, once deactivated, the status change, newest first", async ({
  page,
  data,
}) => {
  // The server writes UTC times and the list shows their UTC date ('MMM dd, yyyy'): a run across
  // midnight UTC may show either day.
  const startDay = formatDisplayDate(new Date());
  const username = `e2e.userlogs.${data.word}`.toLowerCase();
  const last = data.name('Userlogs');
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Lane', last_name: last, email: `${username}@example.com`, username },
  });
  try {
    await openAs(page, DemoUsers.admin, `/orgs/:org/users/${user.id}`);
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/groups$`));
    const sections = page.getByRole('navigation', { name: 'User sections', exact: true });
    const table = page.getByRole('table', { name: 'User Logs', exact: true });
    // The table's second row group holds the entries (the first, the column headers).
    const entries = table.getByRole('rowgroup').nth(1).getByRole('row');
    const today = () => new RegExp(`^(${startDay}|${formatDisplayDate(new Date())})$`);

    // Before: the creation only, by the admin who made the user through the API.
    await sections.getByRole('link', { name: 'User Logs', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/user_logs$`));
    await expect(sections.getByRole('link', { name: 'User Logs', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Action', 'Done By', 'Details']);
    await expect(entries).toHaveCount(1);
    await expect(entries.first().getByRole('cell')).toHaveText([today(), 'Created', DemoUsers.admin.name, '']);

    // Deactivate through the edit form; saving returns to the user's page.
    await page.getByRole('link', { name: 'Edit User', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/groups$`));

    // After: the deactivation above the creation, with the status it left.
    await sections.getByRole('link', { name: 'User Logs', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/user_logs$`));
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0).getByRole('cell')).toHaveText([
      today(),
      'Deactivated',
      DemoUsers.admin.name,
      /^Previous status: Active/,
    ]);
    await expect(entries.nth(1).getByRole('cell')).toHaveText([today(), 'Created', DemoUsers.admin.name, '']);
    await expect(page.getByTestId('pagination-footer')).toContainText('Showing 1 - 2 of 2 User Logs');
  } finally {
    await data.api.send('DELETE', data.o(`users/${user.id}`)).catch(() => undefined);
  }
});
