import type { LibraryPage } from '../../shared/api/library';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('the library’s next page: the table says it is loading until that page’s P&Ps come, not the old rows', async ({
  page,
}) => {
  // The demo library holds more than a page of P&Ps that every user may read.
  const orgId = await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  const first = await new TenetApi(page.request).get<LibraryPage>(`o/${orgId}/library?list=true&offset=0&limit=10`);
  expect(first.total).toBeGreaterThan(10);
  const table = page.getByRole('table', { name: 'Library', exact: true });
  const firstRow = table.getByRole('link', { name: first.items[0]!.name, exact: true });
  await expect(firstRow).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  // The second page is held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === `/api/o/${orgId}/library` && url.searchParams.get('offset') === '10',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next', exact: true }).click();

  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // The first page's P&Ps are not shown as if they were the second page's.
  await expect(firstRow).toHaveCount(0);

  release();
  await expect(page.getByText(/^Showing 11 - \d+ of \d+ P&Ps$/)).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('row')).not.toHaveCount(1);
  // The keyboard is back on the pager, which went away with the rows while they loaded.
  await expect(page.getByRole('navigation', { name: 'Pagination' }).locator(':focus')).toHaveCount(1);
});
