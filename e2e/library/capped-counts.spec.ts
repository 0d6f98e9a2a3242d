import type { Page } from '@playwright/test';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { publishedPnp, readersBinder } from './library-data';

// A count the server stopped (ADR 0023, 0025) says so with '+' on the library's search results and
// on a report. Reaching the real limits takes hundreds (a search's passes) or 10,001 (a report) rows,
// so the server's own answer is fetched and only its total is turned into a stopped one: the screen,
// its rows and its wording are the real ones.

async function stoppedAt(page: Page, path: RegExp, total: number, flag: 'total_capped' | 'capped'): Promise<void> {
  await page.route(
    (url) => path.test(url.pathname) && !url.searchParams.has('format'),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, total, [flag]: true } });
    },
  );
}

test('a search whose passes stopped says how many it lists, with a plus', async ({ page, data }) => {
  const binder = await readersBinder(data, 'Capped Search');
  const folder = await data.folder(binder.id, 'Wards');
  const pnp = await publishedPnp(data, folder, 'Ward Rounds', [`The ${data.word} ward round starts at eight.`]);
  await stoppedAt(page, /\/api\/o\/\d+\/content_navigator_library\/search_pnp$/, 148, 'total_capped');

  await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  await page.getByLabel('Search the library').fill(data.word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  const results = page.getByRole('list', { name: 'Search results', exact: true });
  await expect(results.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
  await expect(page.getByText(`148+ P&Ps match “${data.word}”`, { exact: true })).toBeVisible();
});

test('a report counted only up to its limit shows the count with a plus and says why', async ({ page, data }) => {
  const binder = await data.binder('Capped Report', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Linen Policy'), publish: true });
  await data.api.send('PUT', data.o('pnps/retire'), { id: pnp.id, retire_reason: 'Merged into laundry' });
  await stoppedAt(page, /\/api\/o\/\d+\/reporting\/retired_pnps$/, 10_000, 'capped');

  await openAs(page, DemoUsers.admin, '/orgs/:org/reports');
  await page.getByRole('link', { name: 'Retired P&Ps', exact: true }).click();

  await expect(page.getByTestId('report-count')).toHaveText('P&Ps: 10,000+');
  await expect(
    page.getByText('Counted up to 10,000; narrow the filters for an exact count.', { exact: true }),
  ).toBeVisible();
});
