import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a tasks page past the last one (its tasks done, or an old link) shows the last page that has tasks', async ({
  page,
  data,
}) => {
  // The admin, the only owner, submits: the admin holds the Publish task of the test's P&P.
  const binder = await data.binder('Past The End', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Bed Rail Safety') });
  await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });

  const orgId = await openAs(page, DemoUsers.admin, '/orgs/:org/tasks?kind=Publish&page=500');
  const table = page.getByRole('table', { name: 'Tasks', exact: true });
  // Not an empty table under a footer counting tasks: the screen goes to the last page of tasks.
  await expect(page).toHaveURL(
    (url) => url.pathname === `/orgs/${orgId}/tasks` && url.searchParams.get('page') !== '500',
  );
  await expect(table.getByRole('button', { name: /^Publish: / }).first()).toBeVisible();
  await expect(page.getByText('No Tasks to show', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('pagination-footer')).toContainText(/^Showing \d+ - \d+ of \d+ Tasks/);
});
