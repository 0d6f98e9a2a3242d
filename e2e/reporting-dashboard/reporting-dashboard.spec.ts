import type { Locator, Page } from '@playwright/test';
import type { DashFigure, DashFigureResult } from '../../shared/api/reporting';
import { monthKey, monthLabel } from '../../shared/domain/report-cells';
import { openAs, signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const figure = (data: TestData, name: DashFigure): Promise<DashFigureResult> =>
  data.api.get<DashFigureResult>(data.o(`reporting/dash/${name}`));

const countOf = (result: DashFigureResult, key: number | string): number =>
  result.buckets.find((bucket) => bucket.key === key)?.count ?? -1;

/** A figure's card (a region named by its title) with its table shown. */
async function tableOf(page: Page, title: string) {
  const card = page.getByRole('region', { name: title, exact: true });
  await card.getByRole('button', { name: 'Show table', exact: true }).click();
  return card.getByRole('table', { name: `${title} table`, exact: true });
}

/**
 * The number a table row shows, once it is at least `atLeast` (the figure with the test's own data).
 * No upper bound: the other workers' tests delete their P&Ps as they end, so the organisation's
 * figures may fall between the screen's answer and any later one.
 */
async function shownCount(row: Locator, atLeast: number): Promise<number> {
  const cell = row.getByRole('cell');
  await expect(cell).toHaveText(/^\d+$/);
  await expect.poll(async () => Number(await cell.textContent())).toBeGreaterThanOrEqual(atLeast);
  return Number(await cell.textContent());
}

test('the reporting dashboard counts the test’s own P&Ps and clicks through to the filtered reports', async ({
  page,
  data,
}) => {
  const month = monthKey(new Date());
  const [draftsBefore, statusBefore, publishedBefore] = await Promise.all([
    figure(data, 'content_authoring_status'),
    figure(data, 'all_pnp_status'),
    figure(data, 'published_docs'),
  ]);

  // One P&P published this month, one still in its first draft (Authoring).
  const binder = await data.binder('Dash Binder', { owners: [DemoUsers.admin], authors: [DemoUsers.admin] });
  await data.pnp({ containerId: binder.id, name: data.name('Dash Published'), publish: true });
  await data.pnp({ containerId: binder.id, name: data.name('Dash Draft') });

  const [draftsAfter, statusAfter, publishedAfter] = await Promise.all([
    figure(data, 'content_authoring_status'),
    figure(data, 'all_pnp_status'),
    figure(data, 'published_docs'),
  ]);
  // At least: other tests may make P&Ps in the same organisation at the same time.
  expect(countOf(publishedAfter, month)).toBeGreaterThanOrEqual(countOf(publishedBefore, month) + 1);
  expect(countOf(draftsAfter, 2)).toBeGreaterThanOrEqual(countOf(draftsBefore, 2) + 1);
  expect(countOf(statusAfter, 1)).toBeGreaterThanOrEqual(countOf(statusBefore, 1) + 1);
  expect(countOf(statusAfter, 2)).toBeGreaterThanOrEqual(countOf(statusBefore, 2) + 1);

  // Opened as a user finds it: Reports in the menu, then the catalogue's Reporting Dashboard.
  await signIn(page, DemoUsers.admin, `/orgs/${data.orgId}/pnps`);
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await page.getByRole('link', { name: 'Reporting Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reporting Dashboard', exact: true })).toBeVisible();

  // Published Documents: this month's row counts the test's P&P (the API's figure after it was
  // published, at most the API's figure now), and the chart's summary says the same number.
  const label = monthLabel(month);
  const published = await tableOf(page, 'Published Documents');
  const monthRow = published.getByRole('row').filter({ has: page.getByRole('link', { name: label, exact: true }) });
  const shown = await shownCount(monthRow, countOf(publishedAfter, month));
  await expect(
    page
      .getByRole('region', { name: 'Published Documents', exact: true })
      .getByRole('figure', { name: new RegExp(`${label} ${shown}[,;]`) }),
  ).toBeVisible();

  // The period control asks for another span: the last 24 months start 23 months back.
  const publishedCard = page.getByRole('region', { name: 'Published Documents', exact: true });
  await publishedCard.getByRole('combobox', { name: 'Period', exact: true }).click();
  await page.getByRole('option', { name: 'Last 24 months', exact: true }).click();
  const first = monthLabel(monthKey(new Date(`${month}-01T00:00:00Z`), -23));
  await expect(publishedCard.getByRole('figure', { name: new RegExp(`\\(versions\\): ${first} \\d+,`) })).toBeVisible();
  await shownCount(monthRow, countOf(publishedAfter, month));

  // All P&P Status: the DRAFT row, then its link to All Versions filtered by version status.
  const statuses = await tableOf(page, 'All P&P Status');
  const draftRow = statuses.getByRole('row').filter({ has: page.getByRole('link', { name: 'DRAFT', exact: true }) });
  await shownCount(draftRow, countOf(statusAfter, 1));

  // The month's link opens All Versions filtered by the month's published dates.
  await monthRow.getByRole('link', { name: label, exact: true }).click();
  const [year, monthNumber] = month.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year ?? 2026, monthNumber ?? 1, 0)).getUTCDate();
  await expect(page).toHaveURL((url) => {
    return (
      url.pathname === `/orgs/${data.orgId}/reports/all_versions` &&
      url.searchParams.get('published_from') === `${month}-01` &&
      url.searchParams.get('published_to') === `${month}-${String(lastDay).padStart(2, '0')}`
    );
  });
  await expect(page.getByRole('heading', { name: 'All Versions', level: 1, exact: true })).toBeVisible();
  // The report applies the filters it read from the URL: the test's P&P, published this month, is
  // listed. Every test publishing this month shares the list, so it is searched for the test's word
  // (the filters from the URL stay) rather than looked for on the first page.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(data.word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('q') === data.word && url.searchParams.get('published_from') === `${month}-01`,
  );
  await expect(page.getByRole('main').getByText(data.name('Dash Published'), { exact: true })).toBeVisible();

  // Back on the dashboard, the table is still shown: the DRAFT row's link (by keyboard) carries the
  // P&P status into the filter.
  await page.goBack();
  await statuses.getByRole('link', { name: 'DRAFT', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    (url) => url.pathname === `/orgs/${data.orgId}/reports/all_versions` && url.searchParams.get('pnp_status') === '1',
  );
  await expect(page.getByRole('heading', { name: 'All Versions', level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'P&P Status', exact: true })).toHaveValue('DRAFT');

  // A bar of the Draft Status chart (Authoring, which holds the test's draft) opens its report.
  await page.goBack();
  const drafts = page
    .getByRole('region', { name: 'Draft Status', exact: true })
    .getByRole('figure', { name: /^Draft Status/ });
  await expect(drafts).toBeVisible();
  await drafts.locator('.recharts-bar-rectangle').first().click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === `/orgs/${data.orgId}/reports/pending_action` && url.searchParams.get('draft_stage') === '2',
  );
  await expect(page.getByRole('combobox', { name: 'Stage', exact: true })).toHaveValue('Authoring');
  await expect(page.getByRole('heading', { name: 'Versions Pending Action', level: 1, exact: true })).toBeVisible();
});

test('a binder owner opens the reporting dashboard; a user without report access is refused', async ({ page }) => {
  await openAs(page, DemoUsers.binderOwner, '/orgs/:org/reporting_dashboard');
  await expect(page.getByRole('heading', { name: 'Reporting Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'All P&P Status', exact: true })).toBeVisible();

  const orgId = await openAs(page, DemoUsers.nurse, '/orgs/:org/reporting_dashboard');
  await expect(page).toHaveURL((url) => url.pathname === `/orgs/${orgId}/pnps`);
  await expect(page.getByText('You are not authorized to view this page', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reporting Dashboard', exact: true })).toHaveCount(0);
});

test('a figure that fails says so in its card, an empty one shows its empty state, the others still draw', async ({
  page,
  data,
}) => {
  // The server's answers are replaced for two figures only: a failure, and a figure with nothing counted.
  await page.route('**/api/o/*/reporting/dash/all_pnp_status', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [] }) }),
  );
  await page.route('**/api/o/*/reporting/dash/content_authoring_status', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        figure: 'content_authoring_status',
        title: 'Draft Status',
        buckets: [2, 3, 4, 5].map((key) => ({ key, label: String(key), count: 0 })),
        total: 0,
      } satisfies DashFigureResult),
    }),
  );
  await signIn(page, DemoUsers.admin, `/orgs/${data.orgId}/reporting_dashboard`);

  const failed = page.getByRole('region', { name: 'All P&P Status', exact: true });
  await expect(failed.getByRole('alert')).toContainText('All P&P Status could not be loaded');
  const empty = page.getByRole('region', { name: 'Draft Status', exact: true });
  await expect(empty.getByText('No Drafts to show. No P&P has a draft in progress.', { exact: true })).toBeVisible();
  await expect(empty.getByRole('figure')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Upcoming Reviews', exact: true }).getByText(/^Overdue:/),
  ).toBeVisible();
});
