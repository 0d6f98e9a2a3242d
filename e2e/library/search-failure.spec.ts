import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a search that fails says it could not be completed, not that no P&P matches', async ({ page }) => {
  await page.route('**/content_navigator_library/search_pnp', (route) =>
    route.fulfill({ status: 500, json: { errors: [] } }),
  );
  await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps/results?phrase=Conduct');
  const area = page.getByTestId('library-results');
  const failure = area.getByRole('alert');
  await expect(failure).toContainText('The search could not be completed');
  await expect(failure).toContainText('An unexpected error has occurred. Please try again later.');
  await expect(area.getByText('No published P&P you may read matches this search.', { exact: true })).toHaveCount(0);

  await page.unroute('**/content_navigator_library/search_pnp');
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Search results', exact: true })
      .getByRole('link', { name: 'Code of Conduct', exact: true }),
  ).toBeVisible();
  await expect(area.getByRole('alert')).toHaveCount(0);
});
