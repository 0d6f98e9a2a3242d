import type { UserList, UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

/** Eleven users whose names carry the test's word: P01 to P10 on page 1, P11 on page 2. */
async function elevenUsers(data: TestData): Promise<string> {
  const last = data.name('Pager');
  for (let n = 1; n <= 11; n += 1) {
    const login = `pager${n}.${data.word}`.toLowerCase();
    await data.api.post<UserResponse>(data.o('users'), {
      user: {
        first_name: `P${String(n).padStart(2, '0')}`,
        last_name: last,
        email: `${login}@example.com`,
        username: login,
      },
    });
  }
  return last;
}

async function removeOwnUsers(data: TestData): Promise<void> {
  const list = await data.api.get<UserList>(data.o(`users?search=${encodeURIComponent(data.word)}&per_page=100`));
  for (const user of list.users) await data.api.send('DELETE', data.o(`users/${user.id}`)).catch(() => undefined);
}

test('deleting the only user of the last page shows the page before it, not an empty list', async ({ page, data }) => {
  try {
    const last = await elevenUsers(data);
    await openAs(page, DemoUsers.admin, `/orgs/:org/users?search=${encodeURIComponent(data.word)}&page=2`);
    const table = page.getByRole('table', { name: 'Users', exact: true });
    const onlyRow = table.getByRole('row', { name: new RegExp(`^P11 ${last}`) });
    await expect(onlyRow).toBeVisible();
    await expect(page.getByText('Showing 11 - 11 of 11 Users', { exact: true })).toBeVisible();

    await onlyRow.getByRole('button', { name: `Delete P11 ${last}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete User', exact: true })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();

    await expect(page.getByText('Showing 1 - 10 of 10 Users', { exact: true })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^P10 ${last}`) })).toBeVisible();
    await expect(page.getByText('No Users to show', { exact: true })).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]page=/);
  } finally {
    await removeOwnUsers(data);
  }
});

test('tabbing through the search box keeps the page the admin is on', async ({ page, data }) => {
  try {
    const last = await elevenUsers(data);
    await openAs(page, DemoUsers.admin, `/orgs/:org/users?search=${encodeURIComponent(data.word)}&page=2`);
    const table = page.getByRole('table', { name: 'Users', exact: true });
    await expect(table.getByRole('row', { name: new RegExp(`^P11 ${last}`) })).toBeVisible();

    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.focus();
    await search.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Created From', exact: true })).toBeFocused();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText('Showing 11 - 11 of 11 Users', { exact: true })).toBeVisible();

    // A changed search starts again at page 1.
    await search.fill(`P03 ${last}`);
    await search.press('Enter');
    await expect(page.getByText('Showing 1 - 1 of 1 Users', { exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]page=/);
  } finally {
    await removeOwnUsers(data);
  }
});
