import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';
import { expand, openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

// Deleting as a binder owner (docs/security.md): a folder holding one they may not see is refused
// before any confirmation, counting that folder and naming nothing in it; a folder they own whole
// still asks first and says what it holds.
test.use({ viewport: TALL_VIEWPORT });

test('a binder owner is told at once why a folder holding a hidden one cannot go, and nothing hidden is named', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Hidden Delete', { owners: [DemoUsers.binderOwner] });
  const mixed = await data.folder(binder.id, 'Mixed Shelf');
  // Its own participants without Bea: she sees neither it nor what it holds.
  const locked = await data.folder(mixed.id, 'Locked Cabinet', { owners: [DemoUsers.admin] });
  const secret = await data.pnp({ containerId: locked.id, name: data.name('Secret Cabinet Policy'), publish: true });
  const own = await data.folder(binder.id, 'Own Shelf');
  await data.pnp({ containerId: own.id, name: data.name('Own Shelf Draft') });

  await openManage(page, DemoUsers.binderOwner);
  await expand(page, binder.name);
  await row(page, mixed.name).click();
  await panel(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const refusal = toastWithText(page, `You are not an owner of everything in ${mixed.name}`);
  await expect(refusal).toHaveText(
    new RegExp(`You are not an owner of everything in ${mixed.name}: it holds 1 folder you cannot see\\.`),
  );
  await expect(page.getByRole('dialog', { name: 'Delete Folder', exact: true })).toHaveCount(0);
  await expect(page.getByText(secret.name)).toHaveCount(0);
  await expect(page.getByText(locked.name)).toHaveCount(0);
  await expect(row(page, mixed.name)).toBeVisible();

  await row(page, own.name).click();
  await panel(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Folder', exact: true });
  await expect(dialog).toContainText(`Delete folder ${own.name}?`);
  await expect(dialog).toContainText('It contains 0 folders and 1 P&P, which will be deleted with it.');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, own.name)).toBeVisible();
});
