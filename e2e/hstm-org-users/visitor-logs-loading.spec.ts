import type { VisitorLogList } from '../../shared/api/hstm-org-users';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { holdAnswers } from '../support/hold';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('another page: the visitor logs table says it is loading until that page’s sign-ins come, not the old rows', async ({
  page,
  baseURL,
  data,
}) => {
  const noraId = await data.userId(DemoUsers.nurse);
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const visits = (n: number) =>
    staff.get<VisitorLogList>(`hstm/users/${noraId}/visitor_logs?orgId=${data.orgId}&page=${n}&per_page=10`);
  try {
    // More than a page of Nora's sign-ins: the demo data's visits, and as many more as needed.
    const nora = await TenetApi.create(baseURL ?? '');
    try {
      for (let left = 11 - (await visits(1)).total; left > 0; left -= 1) await nora.signIn(DemoUsers.nurse);
    } finally {
      await nora.dispose();
    }
    const [first, second] = await Promise.all([visits(1), visits(2)]);
    expect(first.total).toBeGreaterThan(10);

    await openAs(page, DemoUsers.staff, `/hstm/orgs/${data.orgId}/pm_users/${noraId}/visitor_logs`);
    const table = page.getByRole('table', { name: 'Visitor Logs', exact: true });
    // A row by its visit: several sign-ins of the same minute read alike.
    const rowOf = (id: number) =>
      table.getByRole('row').filter({ has: page.locator(`a[href$="/visitor_logs/${id}"]`) });
    const firstRow = rowOf(first.visitor_logs[0]!.id);
    await expect(firstRow).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');

    const release = await holdAnswers(
      page,
      (url) => url.pathname === `/api/hstm/users/${noraId}/visitor_logs` && url.searchParams.get('page') === '2',
    );
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Next', exact: true }).click();

    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
    // The first page's sign-ins are not shown as if they were the second page's.
    await expect(firstRow).toHaveCount(0);

    release();
    await expect(rowOf(second.visitor_logs[0]!.id)).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText(/^Showing 11 - \d+ of \d+ Visitor Logs$/)).toBeVisible();
    await expect(firstRow).toHaveCount(0);
    // The keyboard is back on the pager, which went away with the rows while they loaded: on Next, or
    // on the second page's button where that is the last.
    await expect(
      first.total > 20
        ? pager.getByRole('button', { name: 'Next', exact: true })
        : pager.getByRole('button', { name: 'Page 2', exact: true }),
    ).toBeFocused();
  } finally {
    await staff.dispose();
  }
});
