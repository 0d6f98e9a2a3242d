import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('another sort: the staff users table says it is loading until the sorted rows come, not the old order', async ({
  page,
}) => {
  await openAs(page, DemoUsers.staff, '/hstm/hstm_users');
  const table = page.getByRole('table', { name: 'Staff Users', exact: true });
  const sam = table.getByRole('row', { name: new RegExp(DemoUsers.staff.name) });
  await expect(sam).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  // The list sorted by e-mail is held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/hstm/hstm_users' && url.searchParams.get('sort') === 'email',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await table.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();

  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // The rows in their old order are not shown as if they were sorted by e-mail.
  await expect(sam).toHaveCount(0);

  release();
  await expect(sam).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
});
