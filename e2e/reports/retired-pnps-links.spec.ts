import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// Retired P&Ps (spec §2 "Report catalogue") links each P&P's name to the P&P, as the other reports
// do: a reader of the report can open the retired P&P it lists.

test.use({ actionTimeout: 15_000 });

test('Retired P&Ps: a P&P name opens the retired P&P', async ({ page, data }) => {
  test.setTimeout(120_000);
  const binder = await data.binder('Report Retired', { owners: [DemoUsers.admin] });
  const retired = await data.pnp({ containerId: binder.id, name: data.name('Restraint Policy'), publish: true });
  await data.api.send('PUT', data.o('pnps/retire'), { id: retired.id, retire_reason: 'Merged into safety' });

  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/retired_pnps?q=${data.word}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Retired P&Ps', exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Retired P&Ps', exact: true });
  await expect(page.getByTestId('report-count')).toHaveText('P&Ps: 1');

  const name = table.getByRole('row').filter({ hasText: retired.name }).getByRole('link', {
    name: retired.name,
    exact: true,
  });
  await expect(name).toHaveAttribute('href', `/orgs/${data.orgId}/pnps/${retired.id}`);
  await name.click();
  await expect(page).toHaveURL(
    new RegExp(`/orgs/${data.orgId}/pnps/${retired.id}/pnp_documents/${retired.documentId}/version_info/preview$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: retired.name, exact: true })).toBeVisible();
  await expect(page.getByTestId('retired-banner')).toContainText('RETIRED');
});
