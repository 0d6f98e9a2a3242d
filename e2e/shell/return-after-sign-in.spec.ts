import { expect, test } from '../support/fixtures';
import { DemoUsers, type DemoUser } from '../support/users';
import type { Page } from '@playwright/test';

/** Fills in and sends the sign-in form the page shows. */
async function signInHere(page: Page, user: DemoUser): Promise<void> {
  await page.getByLabel('Username or email').fill(user.login);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a signed-out reader of a deep link signs in and lands on the page the link named', async ({ page, data }) => {
  const binder = await data.binder('Deep Links', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Falls Prevention') });
  const deepLink = `/orgs/${data.orgId}/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/pnp_info/general_info`;

  await page.goto(deepLink);
  await expect(page).toHaveURL(/\/login$/);
  await signInHere(page, DemoUsers.admin);

  await expect(page).toHaveURL(new RegExp(`${deepLink}$`));
  await expect(page.getByRole('heading', { name: 'P&P General Info', exact: true })).toBeVisible();
});

test('the place to return to is kept with its query, and is used only once', async ({ page, data }) => {
  await page.goto(`/orgs/${data.orgId}/tasks?status=2`);
  await expect(page).toHaveURL(/\/login$/);
  await signInHere(page, DemoUsers.nurse);
  await expect(page).toHaveURL(new RegExp(`/orgs/${data.orgId}/tasks\\?status=2$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks', exact: true })).toBeVisible();

  // Signing out and in again goes to the library, not to the place used before.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInHere(page, DemoUsers.nurse);
  await expect(page).toHaveURL(new RegExp(`/orgs/${data.orgId}/pnps$`));
});
