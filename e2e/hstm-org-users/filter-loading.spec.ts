import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { holdAnswers } from '../support/hold';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a changed search: the organisation’s users table says it is loading until that search’s users come, not the old rows', async ({
  page,
  data,
}) => {
  await openAs(page, DemoUsers.staff, `/hstm/orgs/${data.orgId}/pm_users?search=Nora`);
  const table = page.getByRole('table', { name: 'Users', exact: true });
  const nurse = table.getByRole('row', { name: new RegExp(DemoUsers.nurse.name) });
  const reviewer = table.getByRole('row', { name: new RegExp(DemoUsers.reviewer.name) });
  await expect(nurse).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  const release = await holdAnswers(
    page,
    (url) => url.pathname === '/api/hstm/users' && url.searchParams.get('search') === 'Rita',
  );
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill('Rita');
  await search.press('Enter');

  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // Nora is not shown as if she matched 'Rita'.
  await expect(nurse).toHaveCount(0);

  release();
  await expect(reviewer).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Loading Records...', { exact: true })).toHaveCount(0);
  await expect(nurse).toHaveCount(0);
});
