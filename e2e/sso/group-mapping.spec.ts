import { expect, test } from '@playwright/test';
import type { GroupMapping } from '../../shared/api/hstm-idp';
import type { UserGroupResponse } from '../../shared/api/user-groups';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { DemoUsers } from '../support/users';

// IdP groups mapped to user groups (issue 16) on the staff IdP screen: staff map an IdP group value
// to one of the organisation's user groups, see the problems of a half-filled row, save, and find
// the mapping again after a reload.

test('staff map an IdP group to a user group, save, reload and see it', async ({ page, baseURL }) => {
  const admin = await TenetApi.signedIn(baseURL ?? '', DemoUsers.admin);
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const orgId = (await admin.session()).org?.id ?? 0;
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const groupName = `Night Nurses ${suffix}`;
  const { user_group: group } = await admin.post<UserGroupResponse>(`o/${orgId}/user_groups`, {
    group: { name: groupName, description: 'Mapped from the IdP.', member_ids: [] },
  });
  const before = await staff.get<GroupMapping>(`hstm/organizations/${orgId}/sso_group_mapping`);
  const value = `6d0f3c1e-${suffix.slice(-4).padStart(4, '0')}-4000-8000-000000000001`;
  try {
    await signIn(page, DemoUsers.staff, `/hstm/orgs/${orgId}/idp_config/settings`);
    const section = page.getByRole('region', { name: 'Group mapping' });
    await expect(section.getByRole('heading', { name: 'Group mapping', exact: true })).toBeVisible();
    const rowsBefore = before.mappings.length;

    await section.getByRole('button', { name: 'Add Mapping', exact: true }).click();
    const row = rowsBefore + 1;
    await section.getByRole('textbox', { name: `IdP group value, row ${row}`, exact: true }).fill(value);
    await section.getByRole('combobox', { name: `User group, row ${row}`, exact: true }).click();
    await page.getByRole('option', { name: groupName, exact: true }).click();

    // A second row left empty: both of its problems are named, and nothing is saved.
    await section.getByRole('button', { name: 'Add Mapping', exact: true }).click();
    await section.getByRole('button', { name: 'Save Group Mapping', exact: true }).click();
    const problems = section.getByRole('alert');
    await expect(problems).toContainText(`Row ${row + 1}: IdP group value is required.`);
    await expect(problems).toContainText(`Row ${row + 1}: choose a user group.`);
    await section.getByRole('button', { name: `Remove mapping, row ${row + 1}`, exact: true }).click();
    await section.getByRole('button', { name: 'Save Group Mapping', exact: true }).click();
    await expect(problems).toHaveCount(0);

    // The section as the user now sees it: no serious or critical accessibility violation.
    expect(await seriousViolations(page, { within: ['[role="region"][aria-label="Group mapping"]'] })).toEqual([]);

    await page.reload();
    const mappings = page.getByRole('region', { name: 'Group mapping' }).getByRole('table', { name: 'Group mappings' });
    const valueBoxes = mappings.getByRole('textbox', { name: /^IdP group value, row \d+$/ });
    await expect(valueBoxes).toHaveCount(rowsBefore + 1);
    const values = await valueBoxes.evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    const index = values.indexOf(value);
    expect(index).toBeGreaterThanOrEqual(0);
    await expect(mappings.getByRole('combobox', { name: `User group, row ${index + 1}`, exact: true })).toHaveValue(
      groupName,
    );
    await page
      .getByRole('region', { name: 'Group mapping' })
      .screenshot({ path: '.tmp/screenshots/group-mapping.png' });
    const server = await staff.get<GroupMapping>(`hstm/organizations/${orgId}/sso_group_mapping`);
    expect(server.mappings).toContainEqual(
      expect.objectContaining({ idp_group: value, group_id: group.id, group_name: groupName }),
    );
  } finally {
    await staff.send('PUT', `hstm/organizations/${orgId}/sso_group_mapping`, {
      sso_group_mapping: {
        claim: before.claim,
        mappings: before.mappings.map((m) => ({ idp_group: m.idp_group, group_id: m.group_id })),
      },
    });
    await admin.delete(`o/${orgId}/user_groups/${group.id}`).catch(() => undefined);
    await staff.dispose();
    await admin.dispose();
  }
});
