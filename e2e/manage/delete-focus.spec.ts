import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expand, openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

test.use({ viewport: TALL_VIEWPORT });

/** Deletes the selected node with its Delete button and the confirmation's, with the keyboard. */
async function deleteSelected(page: Page, kind: 'Folder' | 'Binder'): Promise<void> {
  await panel(page).getByRole('button', { name: 'Delete', exact: true }).press('Enter');
  const dialog = page.getByRole('dialog', { name: `Delete ${kind}`, exact: true });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).press('Enter');
  await expect(dialog).toHaveCount(0);
}

test('after a delete the keyboard is on the node beside it, or on the binder above it', async ({ page, data }) => {
  const binder = await data.binder('Laboratory');
  const first = await data.folder(binder.id, 'Specimen Handling');
  const second = await data.folder(binder.id, 'Blood Bank');
  await openManage(page);
  await expand(page, binder.name);
  await row(page, first.name).click();
  await expect(panel(page).getByRole('heading', { name: first.name, exact: true })).toBeVisible();

  // The Delete button went with the folder's details: the keyboard was left at the top of the page.
  // It is on the next folder now, which Enter selects.
  await deleteSelected(page, 'Folder');
  await expect(row(page, first.name)).toHaveCount(0);
  await expect(row(page, second.name)).toBeFocused();
  await expect(page.getByText('Select a binder, folder or P&P to see its participants.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('heading', { name: second.name, exact: true })).toBeVisible();

  // The last folder gone, the keyboard goes up to its binder.
  await deleteSelected(page, 'Folder');
  await expect(row(page, second.name)).toHaveCount(0);
  await expect(row(page, binder.name)).toBeFocused();
});
