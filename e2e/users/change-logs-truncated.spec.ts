import { CHANGE_LOG_LIMIT, type ChangeLogEntry } from '../../shared/api/change-logs';
import type { UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test('a change log says when it lists only the newest of more changes than it holds', async ({ page, data }) => {
  const username = `e2e.logs.${data.word}`.toLowerCase();
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Logan', last_name: data.name('Logs'), email: `${username}@example.com`, username },
  });
  // More than a thousand changes to one user is a server's answer this test cannot cheaply make, so
  // the change log's request is answered here; the limit itself is change-logs.test.ts's on the server.
  const entries: ChangeLogEntry[] = Array.from({ length: CHANGE_LOG_LIMIT }, (_, i) => ({
    id: 700_000 + i,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    created_by_user: 'Ada Admin',
    created_by_email: null,
    sudoer_name: null,
    object_type: 'User',
    object_name: 'Logan Logs',
    action_name: `Edited ${i}`,
    deltas: {},
    source_name: null,
    target_names: null,
  }));
  await page.route(
    (url) => url.pathname.startsWith('/api/') && url.pathname.endsWith(`/users/${user.id}/change_logs`),
    (route) => route.fulfill({ json: { change_logs: entries, truncated: true } }),
  );
  await openAs(page, DemoUsers.admin, `/orgs/:org/users/${user.id}/change_logs`);
  await expect(page.getByTestId('change-logs-truncated')).toHaveText(
    'More than 1,000 changes were made: the 1,000 most recent are listed here.',
  );
  await expect(page.getByTestId('pagination-footer')).toContainText('of 1,000+ Change Logs');
});
