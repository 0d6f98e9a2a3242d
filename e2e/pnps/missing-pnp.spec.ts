import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test("a P&P address that is no P&P's shows the page not found, not the crash screen", async ({ page, data }) => {
  await signIn(page, DemoUsers.nurse, `/orgs/${data.orgId}/pnps`);
  await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
  for (const id of ['999999', 'abc']) {
    await page.goto(`/orgs/${data.orgId}/pnps/${id}`);
    await expect(page).toHaveURL(/\/error\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong', exact: true })).toHaveCount(0);
  }
});

test("a P&P of the user's library still opens its current version", async ({ page, data }) => {
  const binder = await data.binder('Landing', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Oxygen Therapy') });
  await signIn(page, DemoUsers.admin, `/orgs/${data.orgId}/pnps/${pnp.id}`);
  await expect(page).toHaveURL(
    new RegExp(`/orgs/${data.orgId}/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/version_info/preview$`),
  );
});
