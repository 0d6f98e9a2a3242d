import type { OrgResponse } from '../../shared/api/hstm-orgs';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test("an organisation's Users and Admins lists show each user's status whole", async ({ page, baseURL, data }) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const { org } = await staff.post<OrgResponse>('hstm/organizations', {
      org: { name: data.name('Status Clinic'), tenant: `status-${data.word}`.toLowerCase() },
    });
    // An e-mail address as long as the demo organisation's: the columns share the width left.
    const username = `e2e.status.${data.word}`.toLowerCase();
    const name = `Stella ${data.name('Status')}`;
    await staff.post('hstm/users', {
      user: {
        org_id: org.id,
        first_name: 'Stella',
        last_name: data.name('Status'),
        email: `${username}@riversidehealth.example.com`,
        username,
        is_admin: true,
      },
    });
    for (const section of ['pm_users', 'pm_admins']) {
      await openAs(page, DemoUsers.staff, `/hstm/orgs/${org.id}/${section}`);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      const status = row.getByText('Active', { exact: true });
      await expect(status).toBeVisible();
      // Drawn whole: not cut to 'ACT…' by the column.
      const cut = await status.evaluate((label) => label.scrollWidth > label.clientWidth);
      expect(cut, `the status in ${section} is drawn whole`).toBe(false);
    }
  } finally {
    await staff.dispose();
  }
});
