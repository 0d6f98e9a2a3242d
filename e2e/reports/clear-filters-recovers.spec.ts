import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('Clear Filters gets a report out of a bad sort from an old bookmark and empties a date field holding an invalid date', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Clear Filters', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Hand Hygiene'), publish: true });

  // A sort the server does not know: the error, then Clear Filters puts the report's own order back.
  const orgId = await openAs(page, DemoUsers.admin, '/orgs/:org/reports/all_versions?sort=nonexistent&dir=desc');
  await expect(page.getByRole('alert').filter({ hasText: 'All Versions could not be loaded' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === `/orgs/${orgId}/reports/all_versions` &&
      url.searchParams.get('sort') === null &&
      url.searchParams.get('dir') === null,
  );
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'All Versions', exact: true });
  await expect(table).toBeVisible();

  // An invalid date never reaches the address; Clear Filters still empties its field and its error goes.
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill(data.word);
  await search.press('Enter');
  await expect(table.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
  const from = page.getByRole('textbox', { name: 'Published date from', exact: true });
  await from.fill('2026-13-45');
  await from.press('Tab');
  const dateError = page.getByText('Enter a real date as year-month-day, e.g. 2026-03-31', { exact: true });
  await expect(dateError).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(from).toHaveValue('');
  await expect(search).toHaveValue('');
  await expect(dateError).toHaveCount(0);
});
