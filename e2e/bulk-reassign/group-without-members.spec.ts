import type { UserGroupResponse } from '../../shared/api/user-groups';
import type { UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';
import { removeOwnGroups } from '../user-groups/group-helpers';
import { newUser } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

async function newGroup(data: TestData, prefix: string, memberIds: number[]): Promise<string> {
  const name = data.name(prefix);
  await data.api.post<UserGroupResponse>(data.o('user_groups'), {
    group: { name, description: '', member_ids: memberIds },
  });
  return name;
}

test('a group with no active member cannot be chosen to receive assignments, and the wizard says why', async ({
  page,
  data,
}) => {
  const from = await newUser(data, 'Groupfrom');
  const member = await newUser(data, 'Lonemember');
  await data.binder('Group Target Binder', { owners: [DemoUsers.admin, from] });
  try {
    const idle = await newGroup(data, 'Idle Crew', []);
    const crew = await newGroup(data, 'Night Crew', [member.id]);

    await page.clock.install();
    await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_reassign');
    await page.getByRole('radio', { name: 'Reassign items', exact: true }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const fromBox = page.getByRole('combobox', { name: 'From (user or group)', exact: true });
    await fromBox.click();
    await fromBox.fill(from.name);
    await page.getByRole('option', { name: `${from.name} (User)`, exact: true }).click();

    const toBox = page.getByRole('combobox', { name: 'To (users or groups)', exact: true });
    await toBox.click();
    await toBox.fill(idle);
    await expect(page.getByRole('option', { name: `${idle} (Group, no active members)`, exact: true })).toBeDisabled();
    await toBox.fill(crew);
    await page.getByRole('option', { name: `${crew} (Group)`, exact: true }).click();
    await page.keyboard.press('Escape');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect(next).toBeEnabled();

    // The group's one member is deactivated while the wizard is open; the list of users and groups
    // is fetched again (the connection came back after it went stale): the field says the group
    // can no longer receive anything, and the wizard does not go on.
    await data.api.send<UserResponse>('PUT', data.o(`users/${member.id}`), { user: { status: 2 } });
    await page.clock.fastForward('00:40');
    await page.evaluate(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await expect(page.getByText(`${crew} has no active members and cannot receive assignments.`)).toBeVisible();
    await expect(next).toBeDisabled();
  } finally {
    await removeOwnGroups(data);
  }
});

test('the leaving screen does not offer a group that has nobody active but the leaver', async ({ page, data }) => {
  const leaver = await newUser(data, 'Soleleaver');
  await data.binder('Sole Binder', { owners: [DemoUsers.admin], authors: [leaver] });
  try {
    const own = await newGroup(data, 'Solo Shift', [leaver.id]);
    await openAs(page, DemoUsers.admin, `/orgs/:org/users/leaving/${leaver.id}`);
    await expect(page.getByRole('heading', { name: `${leaver.name} is leaving`, exact: true })).toBeVisible();
    const handOver = page.getByRole('combobox', { name: 'Hand over to (users or groups)', exact: true });
    await handOver.click();
    await handOver.fill(own);
    await expect(
      page.getByRole('option', { name: `${own} (Group, no active members other than ${leaver.name})`, exact: true }),
    ).toBeDisabled();
  } finally {
    await removeOwnGroups(data);
  }
});
