import type { UserGroupResponse } from '../../shared/api/user-groups';
import type { UserList, UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { removeOwnGroups } from '../user-groups/group-helpers';

test.use({ actionTimeout: 15_000 });

test('leaving a user’s Edit Groups with a choice not saved asks first; Stay keeps it, Leave goes', async ({
  page,
  data,
}) => {
  const username = `e2e.unsaved.${data.word}`.toLowerCase();
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Sasha', last_name: data.name('Unsaved'), email: `${username}@example.com`, username },
  });
  try {
    const { user_group: group } = await data.api.post<UserGroupResponse>(data.o('user_groups'), {
      group: { name: data.name('Weekend Shift'), description: '', member_ids: [] },
    });
    await openAs(page, DemoUsers.admin, `/orgs/:org/users/edit/${user.id}/group`);
    const box = page.getByRole('checkbox', { name: group.name, exact: true });
    await box.check();

    const usersLink = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users', exact: true });
    await usersLink.click();
    const dialog = page.getByRole('dialog', { name: 'Leave this page?', exact: true });
    await expect(dialog).toContainText('Your changes have not been saved.');
    await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/users/edit/${user.id}/group$`));
    await expect(box).toBeChecked();

    await usersLink.click();
    await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(page).toHaveURL(/\/orgs\/\d+\/users$/);
    const unchanged = await data.api.get<UserResponse>(data.o(`users/${user.id}`));
    expect(unchanged.user.groups).toEqual([]);

    // Saved: nothing is left to lose, so the screen goes to the user's groups without asking.
    await openAs(page, DemoUsers.admin, `/orgs/:org/users/edit/${user.id}/group`);
    await box.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/groups$`));
    await expect(dialog).toHaveCount(0);
  } finally {
    const list = await data.api.get<UserList>(data.o(`users?search=${encodeURIComponent(data.word)}&per_page=100`));
    for (const found of list.users) await data.api.send('DELETE', data.o(`users/${found.id}`)).catch(() => undefined);
    await removeOwnGroups(data);
  }
});
