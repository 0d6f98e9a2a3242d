import type { SystemMessage } from '../../shared/api/system-messages';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { holdAnswers } from '../support/hold';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a changed search: the staff activity table says it is loading until that search’s actions come, not the old rows', async ({
  page,
  baseURL,
}) => {
  // Two system messages made and deleted by staff: each deletion is an action on that message's path.
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const start = Date.now() + 365 * 86_400_000;
  const ids: number[] = [];
  try {
    for (const name of ['first', 'second']) {
      const message = await staff.post<SystemMessage>('hstm/system_messages', {
        system_message: {
          message: `Activity loading ${name} ${Date.now()}`,
          location: 'Login',
          start_datetime: new Date(start).toISOString(),
          end_datetime: new Date(start + 86_400_000).toISOString(),
        },
      });
      await staff.delete(`hstm/system_messages/${message.id}`);
      ids.push(message.id);
    }
  } finally {
    await staff.dispose();
  }
  const [firstId, secondId] = ids as [number, number];
  const pathOf = (id: number): string => `/api/hstm/system_messages/${id}`;

  await openAs(page, DemoUsers.staff, '/hstm/developer_tools/staff_activity');
  const table = page.getByRole('table', { name: 'Staff activity', exact: true });
  // A message's deletion by its target, 'id 12' (not 'id 123'); its creation names the new id too.
  const rowOf = (id: number) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: `id ${id}`, exact: true }) })
      .filter({ has: page.getByText('DELETE', { exact: true }) });
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill(pathOf(firstId));
  await expect(rowOf(firstId)).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  const release = await holdAnswers(
    page,
    (url) => url.pathname === '/api/hstm/staff_action_logs' && url.searchParams.get('search') === pathOf(secondId),
  );
  await search.fill(pathOf(secondId));

  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // The first message's deletion is not shown as if it matched the second's path.
  await expect(rowOf(firstId)).toHaveCount(0);

  release();
  await expect(rowOf(secondId)).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Loading Records...', { exact: true })).toHaveCount(0);
  await expect(rowOf(firstId)).toHaveCount(0);
});
