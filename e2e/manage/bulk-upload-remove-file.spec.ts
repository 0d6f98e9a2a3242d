import { docx } from '../pnps/pnp-helpers';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

test('a file chosen for Bulk Upload by mistake is removed alone; the upload makes a P&P of the other only', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Chosen Files', { owners: [DemoUsers.binderOwner] });
  const keep = data.name('Hand Hygiene');
  const mistake = data.name('Holiday Rota');
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/bulk_upload/${binder.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Upload', exact: true })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles([
    { name: `${keep}.docx`, mimeType: DOCX, buffer: await docx(keep, ['Wash hands between patients.']) },
    { name: `${mistake}.docx`, mimeType: DOCX, buffer: await docx(mistake, ['Not a policy.']) },
  ]);
  const files = page.getByRole('table', { name: 'Files', exact: true });
  await expect(files.getByRole('cell', { name: `${mistake}.docx`, exact: true })).toBeVisible();

  await files.getByRole('button', { name: `Remove ${mistake}.docx`, exact: true }).click();
  await expect(files.getByRole('cell', { name: `${mistake}.docx`, exact: true })).toHaveCount(0);
  await expect(files.getByRole('cell', { name: `${keep}.docx`, exact: true })).toBeVisible();
  // The keyboard stays in the list, on the file left.
  await expect(files.getByRole('button', { name: `Remove ${keep}.docx`, exact: true })).toBeFocused();

  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(files.getByRole('link', { name: `Uploaded: ${keep}`, exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Overall: 1 of 1 files$/ })).toBeVisible();
  // Nothing sent can be removed any more.
  await expect(files.getByRole('button', { name: `Remove ${keep}.docx`, exact: true })).toHaveCount(0);

  // The binder holds the one P&P.
  const inBinder = (await data.tree()).filter((item) => item.item_type === 3 && item.parent_id === binder.id);
  expect(inBinder.map((item) => item.name)).toEqual([keep]);
});
