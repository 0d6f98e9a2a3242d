import type { VisitorLogList } from '../../shared/api/hstm-org-users';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a visit opened from the second page of visitor logs goes back to that page, by its link or Back', async ({
  page,
  baseURL,
  data,
}) => {
  const noraId = await data.userId(DemoUsers.nurse);
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const visits = (n: number) =>
    staff.get<VisitorLogList>(`hstm/users/${noraId}/visitor_logs?orgId=${data.orgId}&page=${n}&per_page=10`);
  try {
    // More than a page of Nora's sign-ins: the demo data's visits, and as many more as needed.
    const nora = await TenetApi.create(baseURL ?? '');
    try {
      for (let left = 11 - (await visits(1)).total; left > 0; left -= 1) await nora.signIn(DemoUsers.nurse);
    } finally {
      await nora.dispose();
    }

    await openAs(page, DemoUsers.staff, `/hstm/orgs/${data.orgId}/pm_users/${noraId}/visitor_logs`);
    const table = page.getByRole('table', { name: 'Visitor Logs', exact: true });
    const secondPage = page.getByText(/^Showing 11 - \d+ of \d+ Visitor Logs$/);
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Next', exact: true })
      .click();
    await expect(secondPage).toBeVisible();

    await table.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/visitor_logs\/\d+$/);
    await page.getByRole('link', { name: 'Back to Visitor Logs', exact: true }).click();
    await expect(secondPage).toBeVisible();

    await table.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/visitor_logs\/\d+$/);
    await page.goBack();
    await expect(secondPage).toBeVisible();
  } finally {
    await staff.dispose();
  }
});
