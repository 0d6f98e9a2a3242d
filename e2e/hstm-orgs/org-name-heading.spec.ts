import type { OrgResponse } from '../../shared/api/hstm-orgs';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test("an organisation's page is headed by the organisation's name", async ({ page, baseURL, data }) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const name = data.name('Riverside Clinic');
    const { org } = await staff.post<OrgResponse>('hstm/organizations', {
      org: { name, tenant: `riverside-${data.word}`.toLowerCase() },
    });
    await openAs(page, DemoUsers.staff, `/hstm/orgs/${org.id}`);
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: `${name} sections`, exact: true })).toBeVisible();

    // Another section keeps the name.
    await page
      .getByRole('navigation', { name: `${name} sections`, exact: true })
      .getByRole('link', { name: 'Admins', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/hstm/orgs/${org.id}/pm_admins$`));
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  } finally {
    await staff.dispose();
  }
});
