import type { OrgResponse } from '../../shared/api/hstm-orgs';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test('an organisation page shows its health at a glance, from that organisation only', async ({
  page,
  baseURL,
  data,
}) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const { org } = await staff.post<OrgResponse>('hstm/organizations', {
      org: { name: data.name('Health Clinic'), tenant: `health-${data.word}`.toLowerCase() },
    });
    await openAs(page, DemoUsers.staff, `/hstm/orgs/${org.id}`);
    const health = page.getByRole('region', { name: 'Organization health', exact: true });
    await expect(health.getByLabel('Active in the last 30 days: 0 of 0', { exact: true })).toBeVisible();
    await expect(health.getByLabel('P&Ps overdue for review: 0', { exact: true })).toBeVisible();
    await expect(health.getByLabel('Open tasks older than 30 days: 0', { exact: true })).toBeVisible();
    await expect(health.getByLabel('Acknowledgement completion: -', { exact: true })).toBeVisible();
    await expect(health.getByLabel('Last sync: Never', { exact: true })).toBeVisible();
    // The sections stay below it: the default one is the users list.
    await expect(page).toHaveURL(new RegExp(`/hstm/orgs/${org.id}/pm_users$`));

    // A user added to this organisation counts as active but not yet signed in.
    const username = `e2e.health.${data.word}`.toLowerCase();
    await staff.post('hstm/users', {
      user: {
        org_id: org.id,
        first_name: 'Hana',
        last_name: 'Health',
        email: `${username}@example.com`,
        username,
      },
    });
    await page.reload();
    await expect(health.getByLabel('Active in the last 30 days: 0 of 1', { exact: true })).toBeVisible();
  } finally {
    await staff.dispose();
  }
});
