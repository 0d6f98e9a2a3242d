import type { OrgResponse } from '../../shared/api/hstm-orgs';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test("an organisation's users sort by the column chosen, either way", async ({ page, baseURL, data }) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const { org } = await staff.post<OrgResponse>('hstm/organizations', {
      org: { name: data.name('Sort Clinic'), tenant: `sort-${data.word}`.toLowerCase() },
    });
    // Names in one order, e-mails in the other.
    for (const [last, mailbox] of [
      ['Avery', 'zed'],
      ['Brook', 'max'],
      ['Cole', 'amy'],
    ] as const) {
      const username = `e2e.${mailbox}.${data.word}`.toLowerCase();
      await staff.post('hstm/users', {
        user: { org_id: org.id, first_name: 'Sol', last_name: last, email: `${username}@example.com`, username },
      });
    }
    await openAs(page, DemoUsers.staff, `/hstm/orgs/${org.id}/pm_users`);
    const table = page.getByRole('table', { name: 'Users', exact: true });
    const names = table.locator('tbody tr td:first-child');
    await expect(names).toHaveText(['Sol Avery', 'Sol Brook', 'Sol Cole']);

    const email = table.getByRole('columnheader', { name: 'Email', exact: true });
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await expect(names).toHaveText(['Sol Cole', 'Sol Brook', 'Sol Avery']);
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText(['Sol Avery', 'Sol Brook', 'Sol Cole']);

    // The sort is kept in the address: a reload shows the same order.
    await page.reload();
    await expect(email).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText(['Sol Avery', 'Sol Brook', 'Sol Cole']);
  } finally {
    await staff.dispose();
  }
});
