import type { UserList, UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('the users list sorts by a column header, and a second click turns the order round', async ({ page, data }) => {
  const last = data.name('Sorter');
  const made: Array<[string, string]> = [
    ['Ada', 'zulu'],
    ['Bo', 'alpha'],
    ['Cy', 'mike'],
  ];
  try {
    for (const [first, mailbox] of made) {
      const login = `${first.toLowerCase()}.${data.word}`.toLowerCase();
      await data.api.post<UserResponse>(data.o('users'), {
        user: { first_name: first, last_name: last, email: `${mailbox}.${login}@example.com`, username: login },
      });
    }
    await openAs(page, DemoUsers.admin, `/orgs/:org/users?search=${encodeURIComponent(data.word)}`);
    const table = page.getByRole('table', { name: 'Users', exact: true });
    // The name links (each row's Edit link is named 'Edit …').
    const names = table.getByRole('link', { name: new RegExp(`^(Ada|Bo|Cy) ${last}$`) });
    await expect(names).toHaveText([`Ada ${last}`, `Bo ${last}`, `Cy ${last}`]);
    const nameHeader = table.getByRole('columnheader', { name: 'Name', exact: true });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    const emailHeader = table.getByRole('columnheader', { name: 'Email', exact: true });
    await emailHeader.getByRole('button').click();
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(names).toHaveText([`Bo ${last}`, `Cy ${last}`, `Ada ${last}`]);
    await emailHeader.getByRole('button').click();
    await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText([`Ada ${last}`, `Cy ${last}`, `Bo ${last}`]);
    // The sort is in the address: a reload keeps it.
    await page.reload();
    await expect(names).toHaveText([`Ada ${last}`, `Cy ${last}`, `Bo ${last}`]);
  } finally {
    const list = await data.api.get<UserList>(data.o(`users?search=${encodeURIComponent(data.word)}&per_page=100`));
    for (const user of list.users) await data.api.send('DELETE', data.o(`users/${user.id}`)).catch(() => undefined);
  }
});
