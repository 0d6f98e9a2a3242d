import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// The change-log table of spec §2 on the P&P change-log section, with a P&P of the test's own.
test('the change-log table shows its columns, the modifier e-mail as a tooltip, and sorts', async ({ page, data }) => {
  const binder = await data.binder('Change Log');
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Logged Policy') });
  await signIn(page, DemoUsers.admin);
  await page.goto(`/orgs/${data.orgId}/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/pnp_info/changelog`);

  const table = page.getByRole('table', { name: 'Change Logs', exact: true });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Modified By', 'Type', 'Action', 'Description']);
  for (const name of ['Date', 'Modified By', 'Type', 'Action']) {
    await expect(table.getByRole('columnheader', { name, exact: true }).getByRole('button')).toBeVisible();
  }
  await expect(table.getByRole('columnheader', { name: 'Description', exact: true }).getByRole('button')).toHaveCount(
    0,
  );
  const created = table.locator('tbody tr').filter({ hasText: `Created Pnp ${pnp.name}` });
  await expect(created).toHaveCount(1);
  await expect(created.locator('td').nth(3)).toHaveText('Create');
  await expect(created.locator('td').first()).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);

  const modifier = created.locator('td').nth(1).locator('span[tabindex="0"]');
  await modifier.focus();
  await expect(page.getByRole('tooltip')).toHaveText(/@/);

  const action = table.getByRole('columnheader', { name: 'Action', exact: true });
  await action.getByRole('button').click();
  await expect(action).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('pagination-footer')).toContainText(/Showing 1 - \d+ of \d+ Change Logs/);
  // The debug panel exists only in development builds.
  await expect(page.getByText('Debug (development only)')).toHaveCount(0);
});
