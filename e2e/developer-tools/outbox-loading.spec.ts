import type { UserList, UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a changed search: the mail outbox says it is loading until that search’s messages come, not the old rows', async ({
  page,
  data,
}) => {
  // Two welcome e-mails of the test's own: to Mia and to Leo, new users of the demo organisation.
  const emails = ['mia', 'leo'].map((who) => `e2e.${who}.${data.word}@example.com`.toLowerCase());
  try {
    for (const [index, email] of emails.entries()) {
      const { user } = await data.api.post<UserResponse>(data.o('users'), {
        user: {
          first_name: index === 0 ? 'Mia' : 'Leo',
          last_name: data.name('Outbox'),
          email,
          username: email.split('@')[0]!,
        },
      });
      await data.api.post(data.o(`users/${user.id}/send_welcome_email`), { user_id: user.id });
    }
    const [mia, leo] = emails as [string, string];

    await openAs(page, DemoUsers.staff, '/hstm/developer_tools/mail_outbox');
    const table = page.getByRole('table', { name: 'Mail outbox', exact: true });
    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.fill(mia);
    const miaRow = table.getByRole('row', { name: new RegExp(mia.replace(/\./g, '\\.')) });
    await expect(miaRow).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');

    // Leo's messages are held until the screen has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/hstm/mail_outbox' && url.searchParams.get('search') === leo,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await search.fill(leo);

    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
    // Mia's welcome is not shown as if it matched Leo's address.
    await expect(miaRow).toHaveCount(0);

    release();
    await expect(table.getByRole('row', { name: new RegExp(leo.replace(/\./g, '\\.')) })).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(miaRow).toHaveCount(0);
  } finally {
    const made = await data.api.get<UserList>(data.o(`users?search=${encodeURIComponent(data.word)}&per_page=100`));
    for (const user of made.users) await data.api.delete(data.o(`users/${user.id}`)).catch(() => undefined);
  }
});
