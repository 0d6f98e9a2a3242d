import type { UserGroupResponse } from '../../shared/api/user-groups';
import type { UserList, UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { removeOwnGroups } from '../user-groups/group-helpers';

test.use({ actionTimeout: 15_000 });

test('a user’s groups changed by someone else meanwhile: the save is refused, and Reload shows their change', async ({
  page,
  data,
}) => {
  const username = `e2e.groups.${data.word}`.toLowerCase();
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Robin', last_name: data.name('Groups'), email: `${username}@example.com`, username },
  });
  const made = async (prefix: string) =>
    (
      await data.api.post<UserGroupResponse>(data.o('user_groups'), {
        group: { name: data.name(prefix), description: '', member_ids: [] },
      })
    ).user_group;
  try {
    const days = await made('Day Shift');
    const nights = await made('Night Shift');
    await openAs(page, DemoUsers.admin, `/orgs/:org/users/edit/${user.id}/group`);
    const dayBox = page.getByRole('checkbox', { name: days.name, exact: true });
    const nightBox = page.getByRole('checkbox', { name: nights.name, exact: true });
    await expect(dayBox).not.toBeChecked();

    // Another admin puts the user in the day shift while this screen is open.
    await data.api.send('PUT', data.o(`users/${user.id}`), { user: { group_ids: [days.id] }, user_id: user.id });

    await nightBox.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'This user was changed by someone else since you opened it.' });
    await expect(refusal).toBeVisible();
    await expect(nightBox).toBeChecked();
    const kept = await data.api.get<UserResponse>(data.o(`users/${user.id}`));
    expect(kept.user.groups.map((g) => g.id)).toEqual([days.id]);

    await refusal.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect(dayBox).toBeChecked();
    await expect(nightBox).not.toBeChecked();
    await nightBox.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/groups$`));
    const after = await data.api.get<UserResponse>(data.o(`users/${user.id}`));
    expect(after.user.groups.map((g) => g.id).sort((a, b) => a - b)).toEqual(
      [days.id, nights.id].sort((a, b) => a - b),
    );
  } finally {
    const list = await data.api.get<UserList>(data.o(`users?search=${encodeURIComponent(data.word)}&per_page=100`));
    for (const found of list.users) await data.api.send('DELETE', data.o(`users/${found.id}`)).catch(() => undefined);
    await removeOwnGroups(data);
  }
});
