import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { holdAnswers } from '../support/hold';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a changed search: the table says it is loading until that search’s groups come, not the old rows', async ({
  page,
}) => {
  // The demo organisation's groups: 'Nursing' and 'Infection Control Committee'.
  await openAs(page, DemoUsers.admin, '/orgs/:org/user_groups');
  const table = page.getByRole('table', { name: 'Groups', exact: true });
  const nursing = table.getByRole('row', { name: /Nursing/ });
  const committee = table.getByRole('row', { name: /Infection Control Committee/ });
  await expect(nursing).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  const release = await holdAnswers(
    page,
    (url) => /^\/api\/o\/\d+\/user_groups$/.test(url.pathname) && url.searchParams.get('search') === 'Infection',
  );
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('Infection');

  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // Nursing is not shown as if it matched 'Infection'.
  await expect(nursing).toHaveCount(0);

  release();
  await expect(committee).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Loading Records...', { exact: true })).toHaveCount(0);
  await expect(nursing).toHaveCount(0);
});
