import { expect, test } from '../support/fixtures';
import { childrenOnScreen, openManage, panel, row } from './manage-helpers';

// Binders start closed on the manage screen. A folder the user creates inside one must not vanish
// into the closed binder: the binder opens and the new folder is shown, selected and focused.

test('a folder created in a closed binder is shown at once: the binder opens and the folder is selected', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Closed Binder');
  const existing = await data.folder(binder.id, 'Existing Folder');
  await openManage(page);

  const binderRow = row(page, binder.name);
  await binderRow.click();
  await expect(binderRow).toHaveAttribute('aria-expanded', 'false');
  await panel(page).getByRole('button', { name: 'New Folder', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Folder', exact: true });
  const folder = data.name('Wound Care');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(folder);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await expect(binderRow).toHaveAttribute('aria-expanded', 'true');
  const folderRow = row(page, folder);
  await expect(folderRow).toBeInViewport();
  await expect(folderRow).toHaveAttribute('aria-selected', 'true');
  await expect(folderRow).toBeFocused();
  await expect(panel(page).getByRole('heading', { name: folder, exact: true })).toBeVisible();
  await expect.poll(() => childrenOnScreen(page, binder.name)).toEqual([existing.name, folder]);
});

test('a folder created in an empty binder, and one inside that folder, are each shown where they were made', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Empty Binder');
  await openManage(page);

  const create = async (parent: string, name: string): Promise<void> => {
    await row(page, parent).click();
    await expect(panel(page).getByRole('heading', { name: parent, exact: true })).toBeVisible();
    await panel(page).getByRole('button', { name: 'New Folder', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Folder', exact: true });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, parent)).toHaveAttribute('aria-expanded', 'true');
    await expect(row(page, name)).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, name)).toBeInViewport();
    await expect.poll(() => childrenOnScreen(page, parent)).toEqual([name]);
  };
  const folder = data.name('Pressure Injuries');
  await create(binder.name, folder);
  const subfolder = data.name('Staging Guides');
  await create(folder, subfolder);
  await expect(row(page, subfolder)).toHaveAttribute('aria-level', '3');
});
