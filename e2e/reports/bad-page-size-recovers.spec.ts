import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a report opened with a page size the server refuses offers Clear Filters, which loads it again', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Page Size', { owners: [DemoUsers.admin] });
  await data.pnp({ containerId: binder.id, name: data.name('Hand Hygiene'), publish: true });

  const orgId = await openAs(page, DemoUsers.admin, '/orgs/:org/reports/all_versions?per_page=500&page=0');
  const failed = page.getByRole('alert').filter({ hasText: 'All Versions could not be loaded' });
  await expect(failed).toContainText('per_page must be a whole number from 1 to 100.');
  await expect(failed).toContainText('page must be a whole number from 1 to 1000000.');
  await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/orgs/${orgId}/reports/all_versions` && url.search === '');
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'All Versions', exact: true })).toBeVisible();
  await expect(page.getByTestId('pagination-footer')).toContainText(/^Showing 1 - \d+ of /);
});
