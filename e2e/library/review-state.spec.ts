import { orgHome, signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { readersBinder } from './library-data';

/** The UTC date `days` from today, as yyyy-mm-dd (the server's "today" is the UTC date). */
const day = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Product rules: from its reminder date a P&P shows as pending review; after its review date, as overdue.
test('the library shows which P&Ps are pending review and which are overdue, in the results and when read', async ({
  page,
  data,
}) => {
  const binder = await readersBinder(data, 'Review Cycle');
  const publish = (prefix: string, dates?: { effective: string; review: string; reminder: string }) =>
    data.pnp({ containerId: binder.id, name: data.name(prefix), publish: true, ...(dates ? { dates } : {}) });
  const calm = await publish('Calm');
  const pending = await publish('Reminded', { effective: day(-1), reminder: day(-1), review: day(20) });
  const overdue = await publish('Late', { effective: day(-3), reminder: day(-3), review: day(-1) });

  const session = await signIn(page, DemoUsers.nurse);
  await page.goto(orgHome(session));
  await page.getByLabel('Search the library').fill(data.word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results', exact: true });
  const result = (name: string) =>
    results.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(result(pending.name).getByTestId('review-state')).toHaveText('Pending Review');
  await expect(result(overdue.name).getByTestId('review-state')).toHaveText('Overdue');
  await expect(result(calm.name)).toBeVisible();
  await expect(result(calm.name).getByTestId('review-state')).toHaveCount(0);

  await results.getByRole('link', { name: overdue.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: overdue.name, exact: true, level: 1 })).toBeVisible();
  await expect(page.getByTestId('review-state')).toHaveText('Overdue');
});
