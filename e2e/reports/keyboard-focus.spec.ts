import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a keyboard user paging a report or clearing its filters keeps the focus on the pager or the filters', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Report Focus', { owners: [DemoUsers.admin] });
  for (const name of ['Bed Rails', 'Call Lights', 'Door Alarms']) {
    await data.pnp({ containerId: binder.id, name: data.name(name) });
  }

  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/all_versions?q=${data.word}&per_page=1`);
  const pager = page.getByTestId('pagination-footer');
  await expect(pager).toContainText('Showing 1 - 1 of 3 Versions');
  const next = pager.getByRole('button', { name: 'Next', exact: true });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Showing 2 - 2 of 3 Versions');
  await expect(next).toBeFocused();
  // On the last page Next is disabled: the focus is on the page shown.
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Showing 3 - 3 of 3 Versions');
  await expect(pager.getByRole('button', { name: 'Page 3', exact: true })).toBeFocused();

  // Clear Filters goes away with the filters: the focus moves to the first filter, the search.
  await page.getByRole('button', { name: 'Clear Filters', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toBeFocused();
});
