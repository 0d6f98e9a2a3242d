import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

test('Cancel on P&P Assignments discards the change: Edit again starts from the saved participants', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Assignments Cancel', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Inheriting Policy') });
  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/pnp_info/assignments`);

  const inherits = page.getByText('This P&P inherits the participants of its binder or folder.', { exact: true });
  const inherit = page.getByRole('checkbox', { name: 'Inherit the participants of the binder or folder', exact: true });
  await expect(inherits).toBeVisible();
  await page.getByRole('button', { name: 'Edit Assignments', exact: true }).click();
  await inherit.uncheck();
  await expect(page.getByRole('combobox', { name: 'Owners', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  // Edit again: the P&P still inherits, and a Save without a change keeps it so.
  await page.getByRole('button', { name: 'Edit Assignments', exact: true }).click();
  await expect(inherit).toBeChecked();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit Assignments', exact: true })).toBeVisible();
  await expect(inherits).toBeVisible();
});
