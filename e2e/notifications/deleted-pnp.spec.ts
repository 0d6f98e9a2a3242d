import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// A notification outlives its P&P: a never-published draft can be deleted after its reviewer was
// told of it. Following the notification then lands on the P&P's own address, which says plainly
// that the P&P is gone (naming nothing, as the server's 404 names nothing) and offers the way back.

test('a notification about a deleted draft opens a clear not-found state with the way back, not an error page', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Deleted Draft', { owners: [DemoUsers.admin], reviewers: [DemoUsers.reviewer] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Withdrawn Policy') });
  await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });
  await data.api.send('DELETE', data.o(`pnps/${pnp.id}`));

  const orgId = await openAs(page, DemoUsers.reviewer, '/orgs/:org/notifications');
  const table = page.getByRole('table', { name: 'Notifications', exact: true });
  const message = `Review '${pnp.name}'`;
  await table.getByRole('link', { name: message, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/`));
  await expect(page.getByRole('heading', { level: 1, name: 'P&P not found', exact: true })).toBeVisible();
  const notFound = page.getByTestId('pnp-not-found');
  await expect(notFound).toContainText('This P&P no longer exists, or you do not have access to it.');
  await expect(notFound).not.toContainText(pnp.name);
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  await expect(notFound.getByRole('link', { name: 'Go to Library', exact: true })).toHaveAttribute(
    'href',
    `/orgs/${orgId}/pnps`,
  );

  // Back to the notifications: the notification is still there, now read.
  await notFound.getByRole('button', { name: 'Go back', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications', exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: message });
  await expect(row.getByText('Read', { exact: true })).toBeVisible();
});
