import type { Page } from '@playwright/test';
import type { StaffOrgUserList } from '../../shared/api/hstm-org-users';
import type { OrgResponse } from '../../shared/api/hstm-orgs';
import type { StaffUserList } from '../../shared/api/hstm-users';
import type { UserGroupResponse } from '../../shared/api/user-groups';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

/** The last crumb of the trail: the screen the user is on. */
const currentCrumb = (page: Page) =>
  page.getByRole('navigation', { name: 'Breadcrumb', exact: true }).locator('[aria-current="page"]');

test("a user's and a group's screens name them in the breadcrumb trail, not by id", async ({ page, data }) => {
  const name = data.name('Night Shift');
  const { user_group: made } = await data.api.post<UserGroupResponse>(data.o('user_groups'), {
    group: { name, description: null, member_ids: [] },
  });
  try {
    await openAs(page, DemoUsers.admin, `/orgs/${data.orgId}/user_groups/${made.id}`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb', exact: true });
    // The open section ('Group Users') is the last crumb; the group's name is the one before it.
    await expect(currentCrumb(page)).toHaveText('Group Users');
    await expect(trail.getByRole('link', { name, exact: true })).toBeVisible();

    const nurseId = await data.userId(DemoUsers.nurse);
    await page.goto(`/orgs/${data.orgId}/users/${nurseId}`);
    await expect(trail.getByRole('link', { name: DemoUsers.nurse.name, exact: true })).toBeVisible();
    await expect(trail).not.toContainText(`User ${nurseId}`);
  } finally {
    await data.api.delete(data.o(`user_groups/${made.id}`)).catch(() => undefined);
  }
});

test('staff screens name the organisation, its user and the staff user in the trail', async ({
  page,
  baseURL,
  data,
}) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const orgName = data.name('Lakeside Clinic');
    const { org } = await staff.post<OrgResponse>('hstm/organizations', {
      org: { name: orgName, tenant: `lakeside-${data.word}`.toLowerCase() },
    });
    await openAs(page, DemoUsers.staff, `/hstm/orgs/${org.id}`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb', exact: true });
    await expect(trail.getByRole('link', { name: orgName, exact: true })).toBeVisible();
    await expect(trail).not.toContainText(`Organization ${org.id}`);

    const { users } = await staff.get<StaffOrgUserList>(
      `hstm/users?orgId=${data.orgId}&search=${encodeURIComponent(DemoUsers.nurse.login)}`,
    );
    const nurse = users.find((u) => u.name === DemoUsers.nurse.name);
    if (!nurse) throw new Error('The demo nurse is not listed for staff.');
    await page.goto(`/hstm/orgs/${data.orgId}/pm_users/${nurse.id}`);
    await expect(trail.getByRole('link', { name: DemoUsers.nurse.name, exact: true })).toBeVisible();

    const listed = await staff.get<StaffUserList>(
      `hstm/hstm_users?search=${encodeURIComponent(DemoUsers.staff.login)}`,
    );
    const self = listed.hstm_users.find((u) => u.name === DemoUsers.staff.name);
    if (!self) throw new Error('The demo staff user is not listed.');
    await page.goto(`/hstm/hstm_users/${self.id}`);
    await expect(trail.getByRole('link', { name: DemoUsers.staff.name, exact: true })).toBeVisible();
  } finally {
    await staff.dispose();
  }
});
