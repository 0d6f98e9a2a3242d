import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DEMO_ORG_NAME, DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a changed filter: the organisations table says it is loading until that filter’s rows come, not the old rows', async ({
  page,
}) => {
  await openAs(page, DemoUsers.staff, `/hstm/orgs?search=${encodeURIComponent(DEMO_ORG_NAME)}`);
  const table = page.getByRole('table', { name: 'Organizations', exact: true });
  const demo = table.getByRole('row', { name: new RegExp(DEMO_ORG_NAME) });
  await expect(demo).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  // The active organisations are held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/hstm/organizations' && url.searchParams.get('status') === '1',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();

  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // The unfiltered rows are not shown as if they were the active organisations.
  await expect(demo).toHaveCount(0);

  release();
  await expect(demo).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Loading Records...', { exact: true })).toHaveCount(0);
});
