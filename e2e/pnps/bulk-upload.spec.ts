import { Messages } from '../../shared/domain/messages';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { docx, openAs, pdf } from './pnp-helpers';

// Bulk upload: five real files into one folder, a progress bar per file and overall, the warning after.
test('bulk uploads five files with progress and the refresh warning; a refused file says why beside it', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Onboarding', { owners: [DemoUsers.binderOwner] });
  const folder = binder.id;
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
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Upload', exact: true })).toBeVisible();
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  await page
    .locator('input[type="file"]')
    .setInputFiles([...files, { name: 'Tool.pdf', mimeType: 'application/pdf', buffer: exe }]);
  await expect(page.getByTestId('bulk-file')).toHaveCount(6);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  for (const file of files) {
    await expect(page.getByTestId('bulk-file').filter({ hasText: file.name })).toContainText(
      `Uploaded: ${file.name.replace(/\.\w+$/, '')}`,
    );
    await expect(page.getByRole('progressbar', { name: `Progress of ${file.name}`, exact: true })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  }
  // The refused file keeps its reason on its own row.
  await expect(page.getByTestId('bulk-file').filter({ hasText: 'Tool.pdf' })).toContainText(
    'The file Tool.pdf is not an accepted type. Accepted types: DOCX, DOC, PDF, XLSX, PPTX, TXT.',
  );
  // Said as a status, for those who cannot see the bars and the rows.
  await expect(page.getByRole('status').filter({ hasText: /^Overall: 6 of 6 files, 1 failed$/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Overall upload progress', exact: true })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText(Messages.pnpBulkUploadWarning, { exact: true })).toBeVisible({ timeout: 10_000 });
});
