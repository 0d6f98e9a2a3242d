import { signIn, orgHome } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { publishedPnp, readersBinder } from './library-data';

test("Tab leaves the library tree's row for the P&P's star, and Shift+Tab goes back to the P&P's row", async ({
  page,
  data,
}) => {
  const binder = await readersBinder(data, 'Keyboard Ward');
  const folder = await data.folder(binder.id, 'Night Shift');
  const pnp = await publishedPnp(data, folder, 'Call Bells', ['Answer every call bell promptly.']);
  const session = await signIn(page, DemoUsers.nurse);
  await page.goto(`${orgHome(session)}?mode=tree`);
  const tree = page.getByRole('tree', { name: 'Library tree', exact: true });
  // A click on a binder or folder opens it and puts the tree's focus on it.
  await tree.getByText(binder.name, { exact: true }).click();
  await tree.getByText(folder.name, { exact: true }).click();
  const row = tree.getByRole('treeitem').filter({ hasText: folder.name });
  await expect(row).toBeFocused();

  // The next thing Tab reaches is the star of the P&P below the folder: it was never reached (Tab
  // stayed on the row), so a keyboard user could not favourite from the tree.
  await page.keyboard.press('Tab');
  const star = tree.getByRole('button', { name: `Add ${pnp.name} to Favorites`, exact: true });
  await expect(star).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tree.getByRole('treeitem').filter({ hasText: pnp.name })).toBeFocused();
});
