import { expect, test } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import { DemoUsers } from '../support/users';
import { docx, folderId, openAs, pdf } from './pnp-helpers';

// Bulk upload: five real files into one folder, a progress bar per file and overall, the warning after.
test('bulk uploads five files with progress and the refresh warning', async ({ page, baseURL }) => {
  const folder = await folderId(baseURL!, DemoUsers.binderOwner, 'Onboarding');
  const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const files = [
    {
      name: 'Orientation Checklist.docx',
      mimeType: docxType,
      buffer: await docx('Orientation', ['Complete orientation in week one.']),
    },
    { name: 'Badge Access.docx', mimeType: docxType, buffer: await docx('Badges', ['Wear your badge at all times.']) },
    { name: 'Dress Code.pdf', mimeType: 'application/pdf', buffer: await pdf('Dress Code', ['Wear clean uniforms.']) },
    { name: 'Parking.pdf', mimeType: 'application/pdf', buffer: await pdf('Parking', ['Staff park in lot C.']) },
    { name: 'Lockers.txt', mimeType: 'text/plain', buffer: Buffer.from('Lockers are assigned on the first day.') },
  ];
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/bulk_upload/${folder}`);
  await expect(page.getByRole('heading', { name: 'Bulk Upload' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(files);
  await expect(page.getByTestId('bulk-file')).toHaveCount(5);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  for (const file of files) {
    await expect(page.getByTestId('bulk-file').filter({ hasText: file.name })).toContainText(
      `Uploaded: ${file.name.replace(/\.\w+$/, '')}`,
    );
    await expect(page.getByRole('progressbar', { name: `Progress of ${file.name}` })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  }
  await expect(page.getByText('Overall: 5 of 5 files')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText(Messages.pnpBulkUploadWarning)).toBeVisible({ timeout: 10_000 });
});
