import { docx } from '../pnps/pnp-helpers';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { expand, openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

test.use({ viewport: TALL_VIEWPORT, actionTimeout: 15_000 });

test('a P&P created from the manage screen is in the tree when the user goes back to Manage', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Created Shown', { owners: [DemoUsers.admin] });
  const folder = await data.folder(binder.id, 'Empty Folder');
  const title = data.name('Fresh Policy');
  await openManage(page);

  // The folder is empty: the tree knows it has nothing inside and offers nothing to open.
  await expand(page, binder.name);
  await row(page, folder.name).click();
  await panel(page).getByRole('link', { name: 'New P&P', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: `${title}.docx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await docx(title, ['Every unit keeps this policy.']),
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: title, exact: true, level: 1 })).toBeVisible();

  // Back to Manage at once: the folder now holds the new P&P.
  await page
    .getByRole('navigation', { name: 'Main navigation', exact: true })
    .getByRole('link', { name: 'Manage', exact: true })
    .click();
  await expand(page, binder.name);
  await expand(page, folder.name);
  await expect(row(page, title)).toBeVisible();
});
