import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a new search: the results say they are loading until that search’s P&Ps come, not the old ones', async ({
  page,
}) => {
  // The demo library's 'Code of Conduct' and 'New Employee Orientation', which every user may read.
  await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps/results?phrase=Conduct');
  const area = page.getByTestId('library-results');
  const results = page.getByRole('list', { name: 'Search results', exact: true });
  const conduct = results.getByRole('link', { name: 'Code of Conduct', exact: true });
  await expect(conduct).toBeVisible();
  await expect(area).not.toHaveAttribute('aria-busy', 'true');

  // The search for 'Orientation' is held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/content_navigator_library/search_pnp', async (route) => {
    if ((route.request().postDataJSON() as { phrase?: string }).phrase === 'Orientation') await held;
    await route.continue();
  });
  await page.getByLabel('Search the library').fill('Orientation');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(area).toHaveAttribute('aria-busy', 'true');
  await expect(area.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // 'Code of Conduct' is not shown as if it matched 'Orientation', nor its count under the new words.
  await expect(conduct).toHaveCount(0);
  await expect(page.getByText(/“Orientation”/)).toHaveCount(0);

  release();
  await expect(results.getByRole('link', { name: 'New Employee Orientation', exact: true })).toBeVisible();
  await expect(area).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText(/“Orientation”/)).toBeVisible();
});
