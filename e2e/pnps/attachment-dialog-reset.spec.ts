import type { AttachmentList } from '../../shared/api/pnps';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { pdf } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

test('Add Attachment opens with no file after a file was chosen and the dialog cancelled', async ({ page, data }) => {
  const binder = await data.binder('Attachment Reset', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Wound Care') });
  await openAs(
    page,
    DemoUsers.admin,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/related_info/attachments`,
  );
  await page.getByRole('button', { name: 'Add Attachment', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Attachment' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Dressing Chart.pdf', mimeType: 'application/pdf', buffer: await pdf('Chart', ['Daily.']) });
  await expect(dialog.getByText('Dressing Chart.pdf', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Attachment', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Add Attachment' });
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await expect(dialog.getByText('Dressing Chart.pdf', { exact: true })).toHaveCount(0);
  const stored = await data.api.get<AttachmentList>(data.o(`pnps/${pnp.id}/attachments`));
  expect(stored.attachments).toEqual([]);
});
