import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

test('an organization address that is no organization says so, with no users and no Add User', async ({ page }) => {
  await signIn(page, DemoUsers.staff, '/hstm/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true })).toBeVisible();
  for (const id of ['99999', 'abc']) {
    await page.goto(`/hstm/orgs/${id}`);
    await expect(page.getByRole('heading', { name: 'Organization not found', exact: true })).toBeVisible();
    await expect(page.getByTestId('org-not-found')).toContainText(`There is no organization with the id “${id}”.`);
    await expect(page.getByRole('button', { name: 'Add User', exact: true })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText('orgId must be a positive whole number.')).toHaveCount(0);
    await expect(page.getByText("The organization's health could not be loaded.")).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Back to Organizations', exact: true }).click();
  await expect(page).toHaveURL(/\/hstm\/orgs$/);
});
