import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a report opened at a page past its last one (an old link) shows its last page of rows', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Past Last Page', { owners: [DemoUsers.admin] });
  await data.pnp({ containerId: binder.id, name: data.name('Oxygen Cylinder Storage') });

  const orgId = await openAs(page, DemoUsers.admin, `/orgs/:org/reports/all_versions?q=${data.word}&page=900`);
  await expect(page).toHaveURL(
    (url) => url.pathname === `/orgs/${orgId}/reports/all_versions` && url.searchParams.get('page') === null,
  );
  const table = page.getByRole('table', { name: 'All Versions', exact: true });
  await expect(table.getByRole('link', { name: data.name('Oxygen Cylinder Storage'), exact: true })).toBeVisible();
  await expect(page.getByTestId('pagination-footer')).toContainText('Showing 1 - 1 of 1 Versions');
});
