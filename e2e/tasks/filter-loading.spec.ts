import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { taskRowOf } from './task-helpers';

test.use({ actionTimeout: 15_000 });

test('a changed filter: the table says it is loading until that filter’s tasks come, not the old rows', async ({
  page,
  data,
}) => {
  // The admin, the only owner, submits: the admin holds the Publish task of the test's P&P.
  const binder = await data.binder('Filter Loading', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Fall Prevention') });
  await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });

  await openAs(page, DemoUsers.admin, '/orgs/:org/tasks?kind=Publish');
  const table = page.getByRole('table', { name: 'Tasks', exact: true });
  await expect(taskRowOf(page, pnp.name)).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  // The completed Publish tasks are held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => /^\/api\/o\/\d+\/tasks$/.test(url.pathname) && url.searchParams.get('status') === '2',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Completed', exact: true }).click();

  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // The open task is not shown as if it were a completed one.
  await expect(taskRowOf(page, pnp.name)).toHaveCount(0);

  release();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Loading Records...', { exact: true })).toHaveCount(0);
  await expect(taskRowOf(page, pnp.name)).toHaveCount(0);
});
