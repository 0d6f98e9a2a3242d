import { expect, test } from '../support/fixtures';
import { openManage, row, TALL_VIEWPORT } from './manage-helpers';

test.use({ viewport: TALL_VIEWPORT });

test('the manage tree is one Tab stop: Tab leaves it with nothing selected, Shift+Tab goes back before it', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Keyboard Stop');
  await openManage(page);
  // The filter leaves this test's binder alone in the tree; nothing is selected, so no details
  // panel (and none of its buttons) follows the tree.
  await page.getByRole('textbox', { name: 'Filter by name', exact: true }).fill(binder.name);
  const tree = page.getByRole('tree', { name: 'Binders, folders and P&Ps', exact: true });
  await expect(tree.getByRole('treeitem')).toHaveCount(1);
  const collapseAll = page.getByRole('button', { name: 'Collapse All', exact: true });
  await collapseAll.focus();

  await page.keyboard.press('Tab');
  await expect(row(page, binder.name)).toBeFocused();
  // Shift+Tab goes straight back to the control before the tree (no stop on the tree's frame).
  await page.keyboard.press('Shift+Tab');
  await expect(collapseAll).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(row(page, binder.name)).toBeFocused();
  // Nothing follows the tree on the page: Tab leaves the page. It stayed on the row, press after
  // press: the keyboard could not leave the tree.
  await page.keyboard.press('Tab');
  await expect(row(page, binder.name)).not.toBeFocused();
  await expect(tree.locator(':focus')).toHaveCount(0);
});
