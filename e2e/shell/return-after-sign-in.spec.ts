import { openAs } from '../support/auth';
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

test('a session check cut short (the page left while it ran) leaves no place behind to send a signed-in tab to', async ({
  page,
}) => {
  const orgId = await openAs(page, DemoUsers.nurse, '/orgs/:org/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks', exact: true })).toBeVisible();
  // The next load's session check fails on the way, as one does when another address is typed
  // while it runs: the guard sends the page to sign in without the server's word on the session.
  await page.route('**/api/sessions', (route) => route.abort(), { times: 1 });
  await page.goto(`/orgs/${orgId}/pnps`);
  await expect(page).toHaveURL(/\/login$/);

  // Still signed in: the tab's next page is the one asked for, not the library left behind.
  await page.goto(`/orgs/${orgId}/tasks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks', exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/tasks$`));
});
