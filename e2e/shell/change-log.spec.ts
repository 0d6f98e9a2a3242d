import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { TenetApi } from '../support/api';
import { DemoUsers } from '../support/users';

interface PnpList {
  readonly pnps: readonly { id: number; name: string; current_document_id: number | null }[];
}

// The change-log table of spec §2 on the P&P change-log section, with the demo data's entries.
test('the change-log table shows its columns, the modifier e-mail as a tooltip, and sorts', async ({ page }) => {
  const session = await signIn(page, DemoUsers.admin);
  const orgId = session.org?.id ?? 0;
  const { pnps } = await new TenetApi(page.request).get<PnpList>(`o/${orgId}/pnps`);
  const pnp = pnps[0];
  expect(pnp).toBeDefined();
  await page.goto(`/orgs/${orgId}/pnps/${pnp?.id}/pnp_documents/${pnp?.current_document_id}/pnp_info/changelog`);

  const table = page.getByRole('table', { name: 'Change Logs' });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Modified By', 'Type', 'Action', 'Description']);
  for (const name of ['Date', 'Modified By', 'Type', 'Action']) {
    await expect(table.getByRole('columnheader', { name }).getByRole('button')).toBeVisible();
  }
  await expect(table.getByRole('columnheader', { name: 'Description' }).getByRole('button')).toHaveCount(0);
  const created = table.locator('tbody tr').filter({ hasText: 'Create' }).first();
  await expect(created).toContainText(`Created Pnp ${pnp?.name}`);
  await expect(created.locator('td').first()).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);

  const modifier = created.locator('td').nth(1).locator('span[tabindex="0"]');
  await modifier.focus();
  await expect(page.getByRole('tooltip')).toHaveText(/@/);

  const action = table.getByRole('columnheader', { name: 'Action' });
  await action.getByRole('button').click();
  await expect(action).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('pagination-footer')).toContainText(/Showing 1 - \d+ of \d+ Change Logs/);
  // The debug panel exists only in development builds.
  await expect(page.getByText('Debug (development only)')).toHaveCount(0);
});
