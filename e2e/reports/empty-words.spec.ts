import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('an empty report and a chart’s summary write P&P with its capitals', async ({ page, data }) => {
  const binder = await data.binder('Empty Words', { owners: [DemoUsers.admin] });
  await data.pnp({ containerId: binder.id, name: data.name('Hand Hygiene'), publish: true });

  // Nothing of this test's is retired: the search finds no row.
  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/retired_pnps?q=${data.word}`);
  await expect(page.getByTestId('no-records')).toContainText('No P&Ps match these filters.');

  await page.goto(`/orgs/${data.orgId}/reporting_dashboard`);
  const card = page.getByRole('region', { name: 'All P&P Status', exact: true });
  await expect(
    card.getByRole('figure', { name: /^All P&P Status \(P&Ps\): DRAFT \d+, ACTIVE \d+, RETIRED \d+; total \d+\.$/ }),
  ).toBeVisible();
});
