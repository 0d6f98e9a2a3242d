import { monthKey, monthLabel } from '../../shared/domain/report-cells';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test('the Published Documents period chosen is kept: Back from a month’s report, and a reload, show the same period', async ({
  page,
}) => {
  // The first month of the last 24 (this one included).
  const first = monthKey(new Date(), -23);
  await openAs(page, DemoUsers.admin, '/orgs/:org/reporting_dashboard');
  const card = page.getByRole('region', { name: 'Published Documents', exact: true });
  const period = card.getByRole('combobox', { name: 'Period', exact: true });
  await expect(period).toHaveValue('Last 12 months');

  await period.click();
  await page.getByRole('option', { name: 'Last 24 months', exact: true }).click();
  await card.getByRole('button', { name: 'Show table', exact: true }).click();
  await card.getByRole('link', { name: monthLabel(first), exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname.endsWith('/reports/all_versions') && url.searchParams.get('published_from') === `${first}-01`,
  );
  await expect(page.getByRole('heading', { name: 'All Versions', level: 1, exact: true })).toBeVisible();

  // Back on the dashboard, then reloaded: the figure still spans the 24 months chosen.
  const spansChosen = card.getByRole('figure', { name: new RegExp(`\\(versions\\): ${monthLabel(first)} \\d+,`) });
  await page.goBack();
  await expect(period).toHaveValue('Last 24 months');
  await expect(spansChosen).toBeVisible();
  await page.reload();
  await expect(period).toHaveValue('Last 24 months');
  await expect(spansChosen).toBeVisible();
});
