import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test('a figure’s table, once shown, is still shown after Back from the report it opened and after a reload', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Dashboard Table', { owners: [DemoUsers.admin] });
  await data.pnp({ containerId: binder.id, name: data.name('Falls Policy'), publish: true });

  await openAs(page, DemoUsers.admin, '/orgs/:org/reporting_dashboard');
  const card = page.getByRole('region', { name: 'All P&P Status', exact: true });
  const table = card.getByRole('table', { name: 'All P&P Status table', exact: true });
  await card.getByRole('button', { name: 'Show table', exact: true }).click();
  await table.getByRole('link', { name: 'ACTIVE', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'All Versions', level: 1, exact: true })).toBeVisible();

  await page.goBack();
  await expect(table).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide table', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await page.reload();
  await expect(table).toBeVisible();

  // Hidden again, it stays hidden.
  await card.getByRole('button', { name: 'Hide table', exact: true }).click();
  await expect(table).toHaveCount(0);
  await page.reload();
  await expect(card.getByRole('button', { name: 'Show table', exact: true })).toBeVisible();
  await expect(table).toHaveCount(0);
});
