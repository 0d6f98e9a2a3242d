import type { NotificationList } from '../../shared/api/notifications';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { holdAnswers } from '../support/hold';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('another page: the table says it is loading until that page’s notifications come, not the old rows', async ({
  page,
}) => {
  // The policy owner's tasks of the demo data told him of themselves: more than a page of notifications.
  await openAs(page, DemoUsers.policyOwner, '/orgs/:org/notifications');
  const api = new TenetApi(page.request);
  const [first, second] = await Promise.all(
    [1, 2].map((n) => api.get<NotificationList>(`self/notifications?page=${n}&per_page=10`)),
  );
  expect(first!.total).toBeGreaterThan(10);
  const table = page.getByRole('table', { name: 'Notifications', exact: true });
  const rows = table.getByRole('row');
  // A notification of the first page that the second does not list.
  const onlyFirst = first!.notifications.find((n) => !second!.notifications.some((m) => m.message === n.message));
  const firstRow = rows.filter({ hasText: onlyFirst!.message });
  await expect(firstRow).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  const release = await holdAnswers(
    page,
    (url) => url.pathname === '/api/self/notifications' && url.searchParams.get('page') === '2',
  );
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next', exact: true }).click();

  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // The first page's notifications are not shown as if they were the second page's.
  await expect(firstRow).toHaveCount(0);
  // What does not change with the page stays: the unread count and Delete all.
  await expect(page.getByText(/^\d+ unread notifications?$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete all', exact: true })).toBeEnabled();

  release();
  await expect(rows.filter({ hasText: second!.notifications[0]!.message }).first()).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText(/^Showing 11 - 20 of \d+ Notifications$/)).toBeVisible();
  await expect(firstRow).toHaveCount(0);
  // The keyboard is back on Next, which went away with the rows while they loaded.
  await expect(
    page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next', exact: true }),
  ).toBeFocused();
});
