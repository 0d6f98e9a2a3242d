import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('report screens (filters, date ranges, pickers, table, pager, exports) have no serious or critical axe violation', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  const binder = await data.binder('Report Axe', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Axe Policy'), publish: true });

  // All Versions: every date range; the row's status badges.
  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/all_versions?q=${data.word}`);
  const versions = page.getByRole('table', { name: 'All Versions', exact: true });
  await expect(versions.getByRole('row').filter({ hasText: pnp.name })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Assignments: the role, user and group pickers.
  await page.goto(`/orgs/${data.orgId}/reports/user_assignments?q=${data.word}`);
  const grants = page.getByRole('table', { name: 'Assignments', exact: true });
  await expect(grants.getByRole('row').filter({ hasText: DemoUsers.admin.name }).first()).toBeVisible();
  const groups = page.getByRole('combobox', { name: 'Groups', exact: true });
  await expect(groups).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The sort buttons are reached with Tab from the filters.
  const firstSort = grants.getByRole('button', { name: 'User / Group', exact: true });
  await page.getByRole('button', { name: 'Export XLSX', exact: true }).focus();
  for (let i = 0; i < 40 && !(await firstSort.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(firstSort).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=subject_name&dir=desc/);

  // Groups: several may be chosen; they travel as one comma-separated value under the API's key.
  await groups.fill('All St');
  await page.getByRole('option', { name: 'All Staff', exact: true }).click();
  await expect(page).toHaveURL(/[?&]group_id=\d+(&|$)/);
  await groups.fill('Nurs');
  await page.getByRole('option', { name: 'Nursing', exact: true }).click();
  await expect(page).toHaveURL(/[?&]group_id=\d+%2C\d+(&|$)/);
});
