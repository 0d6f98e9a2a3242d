import type { UserGroupResponse } from '../../shared/api/user-groups';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { addMember, removeOwnGroups } from './group-helpers';

test.use({ actionTimeout: 15_000 });

test('two tabs edit one group: the second save is refused, keeps its choice, and Reload shows the first one’s', async ({
  page,
  context,
  data,
}) => {
  test.setTimeout(120_000);
  const name = data.name('Ward Team');
  try {
    const created = await data.api.post<UserGroupResponse>(data.o('user_groups'), { group: { name, member_ids: [] } });
    const editPath = `/orgs/:org/user_groups/${created.user_group.id}/edit`;
    await openAs(page, DemoUsers.admin, editPath);
    const other = await context.newPage();
    await other.goto(page.url());
    const formA = page.getByRole('form', { name: 'Group', exact: true });
    const formB = other.getByRole('form', { name: 'Group', exact: true });
    await expect(formA.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(formB.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);

    await addMember(page, DemoUsers.reviewer);
    await page.getByRole('button', { name: 'Save Group', exact: true }).click();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

    await addMember(other, DemoUsers.approver);
    await other.getByRole('button', { name: 'Save Group', exact: true }).click();
    const refusal = formB
      .getByRole('alert')
      .filter({ hasText: 'This group was changed by someone else since you opened it.' });
    await expect(refusal).toContainText('Reload to see their changes, then make yours again.');
    await expect(formB).toContainText(`${DemoUsers.approver.name} (`);
    const stored = await data.api.get<UserGroupResponse>(data.o(`user_groups/${created.user_group.id}`));
    expect(stored.user_group.members.map((m) => m.name)).toEqual([DemoUsers.reviewer.name]);

    await refusal.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect(refusal).toHaveCount(0);
    await expect(formB).toContainText(`${DemoUsers.reviewer.name} (`);
    await addMember(other, DemoUsers.approver);
    await other.getByRole('button', { name: 'Save Group', exact: true }).click();
    await expect(other.getByRole('heading', { name, exact: true })).toBeVisible();
    const after = await data.api.get<UserGroupResponse>(data.o(`user_groups/${created.user_group.id}`));
    expect(after.user_group.members.map((m) => m.name).sort()).toEqual(
      [DemoUsers.approver.name, DemoUsers.reviewer.name].sort(),
    );
  } finally {
    await removeOwnGroups(data);
  }
});
