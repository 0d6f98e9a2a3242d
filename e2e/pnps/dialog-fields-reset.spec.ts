import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const documentUrl = (pnpId: number, documentId: number): string =>
  `/orgs/:org/pnps/${pnpId}/pnp_documents/${documentId}/version_info/preview`;

test('Retire opens with an empty reason after a retirement and a restore', async ({ page, data }) => {
  const binder = await data.binder('Retire Again', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Restraint Use'), publish: true });
  await openAs(page, DemoUsers.admin, documentUrl(pnp.id, pnp.documentId));

  await page.getByRole('button', { name: 'Retire', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Retire' });
  await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('Merged into the restraint bundle');
  await dialog.getByRole('button', { name: 'Retire', exact: true }).click();
  await expect(page.getByTestId('retired-banner')).toContainText('RETIRED');

  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await page.getByRole('dialog', { name: 'Restore' }).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByTestId('retired-banner')).toHaveCount(0);

  await page.getByRole('button', { name: 'Retire', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Retire' });
  await expect(dialog.getByRole('textbox', { name: 'Reason', exact: true })).toHaveValue('');
});
