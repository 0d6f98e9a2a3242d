import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a changed search: the dashboard’s tables say they are loading until that search’s rows come, not the old rows', async ({
  page,
}) => {
  await signIn(page, DemoUsers.staff, '/hstm/dashboard');
  const users = page.getByRole('table', { name: 'Users', exact: true });
  const orgs = page.getByRole('table', { name: 'Organizations', exact: true });
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill('nora.nurse');
  const nora = users.getByRole('row', { name: new RegExp(DemoUsers.nurse.name) });
  await expect(nora).toBeVisible();
  await expect(users).not.toHaveAttribute('aria-busy', 'true');
  const figure = page.getByLabel(/^Active organizations: \d+$/);
  await expect(figure).toBeVisible();

  // The search for the reviewer is held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/hstm/dash/new' && url.searchParams.get('search') === 'rita.reviewer',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await search.fill('rita.reviewer');

  for (const table of [users, orgs]) {
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  }
  // Nora is not shown as if she matched the reviewer's name; the figures, which no search changes, stay.
  await expect(nora).toHaveCount(0);
  await expect(page.getByText(/ match(es)?(, showing|$)/)).toHaveCount(0);
  await expect(figure).toBeVisible();

  release();
  await expect(users.getByRole('row', { name: new RegExp(DemoUsers.reviewer.name) })).toBeVisible();
  await expect(users).not.toHaveAttribute('aria-busy', 'true');
  await expect(nora).toHaveCount(0);
});
