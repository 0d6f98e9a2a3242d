import { seriousViolations } from '../support/axe';
import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const TITLES = ['Draft Status', 'All P&P Status', 'Upcoming Reviews', 'Published Documents'];

test('the reporting dashboard, its charts and tables have no serious or critical axe violation', async ({
  page,
  data,
}) => {
  await signIn(page, DemoUsers.admin, `/orgs/${data.orgId}/reporting_dashboard`);
  await expect(page.getByRole('heading', { name: 'Reporting Dashboard', level: 1, exact: true })).toBeVisible();
  for (const title of TITLES) {
    const card = page.getByRole('region', { name: title, exact: true });
    // A figure shows either its chart (with the table toggle) or its empty state.
    await expect(card.getByRole('figure').or(card.getByTestId('no-records'))).toBeVisible();
    const toggle = card.getByRole('button', { name: 'Show table', exact: true });
    if (await toggle.isVisible()) {
      await toggle.click();
      await expect(card.getByRole('table', { name: `${title} table`, exact: true })).toBeVisible();
    }
  }
  expect(await seriousViolations(page)).toEqual([]);
});
