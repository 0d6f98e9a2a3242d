import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { childrenOnScreen, openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

// A binder's Move and Copy, without dragging: binders stay at the top level, so a move chooses the
// binder's place among the binders and a copy goes after the last binder, named '(copy)'.

test.use({ viewport: TALL_VIEWPORT });

/** The part of the DOM read below (the e2e code has no DOM types). */
interface DocumentLike {
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
}

/** The names of the binders on the screen, in their order. */
const bindersOnScreen = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as { document: DocumentLike };
    return Array.from(document.querySelectorAll('[role="treeitem"][aria-level="1"]'), (item) =>
      String(item.getAttribute('aria-label')),
    );
  });

/**
 * This test's binders on the screen, in their order: other tests make and move binders at the top
 * level at the same time, so one of theirs may stand between two of this test's.
 */
const ownBindersOnScreen = async (page: Page, own: readonly string[]): Promise<string[]> =>
  (await bindersOnScreen(page)).filter((name) => own.includes(name));

/** Selects a binder by a click on its row and waits for its details. */
async function selectBinder(page: Page, name: string): Promise<void> {
  await row(page, name).click();
  await expect(panel(page).getByRole('heading', { name, exact: true })).toBeVisible();
}

test('moves a binder before another one, chosen among the binders', async ({ page, data }) => {
  const alpha = await data.binder('Emergency Department');
  // Made second at the top: before the first.
  const beta = await data.binder('Ambulatory Care');
  await openManage(page);
  const own = [alpha.name, beta.name];
  await expect.poll(() => ownBindersOnScreen(page, own)).toEqual([beta.name, alpha.name]);

  await selectBinder(page, alpha.name);
  const moveButton = panel(page).getByRole('button', { name: 'Move', exact: true });
  await moveButton.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move Binder', exact: true });
  const place = dialog.getByRole('combobox', { name: 'Place', exact: true });
  const confirm = dialog.getByRole('button', { name: 'Move', exact: true });
  await expect(place).toBeFocused();
  await expect(confirm).toBeDisabled();
  await place.selectOption({ label: `Before ${beta.name}` });
  await confirm.press('Enter');
  await expect(dialog).toHaveCount(0);

  await expect.poll(() => ownBindersOnScreen(page, own)).toEqual([alpha.name, beta.name]);
  await expect(row(page, alpha.name)).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, alpha.name)).toBeFocused();
  const order = (await data.tree()).filter((i) => i.parent_id === null).map((i) => i.id);
  expect(order.indexOf(alpha.id)).toBeLessThan(order.indexOf(beta.id));

  // Where it is now is shown, not offered: before the binder that follows it, this test's other
  // binder unless another test's was made or moved between them meanwhile.
  await moveButton.press('Enter');
  await expect(dialog.getByRole('option', { name: /^Before .+ \(where it is now\)$/ })).toBeDisabled();
});

test('copies a binder with its folders after the last binder, named "(copy)"', async ({ page, data }) => {
  const binder = await data.binder('Infection Prevention');
  const folder = await data.folder(binder.id, 'Isolation');
  await openManage(page);

  await selectBinder(page, binder.name);
  await panel(page).getByRole('button', { name: 'Copy', exact: true }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Copy Binder', exact: true });
  const confirm = dialog.getByRole('button', { name: 'Copy', exact: true });
  // Nothing to choose: the keyboard starts on the button that copies.
  await expect(confirm).toBeFocused();
  await confirm.press('Enter');
  await expect(dialog).toHaveCount(0);

  const copyName = `${binder.name} (copy)`;
  const copy = (await data.tree()).find((i) => i.item_type === 1 && i.name === copyName);
  expect(copy).toBeDefined();
  data.adopt(copy?.id ?? 0);
  await expect(row(page, copyName)).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, copyName)).toBeFocused();
  await expect(panel(page).getByRole('heading', { name: copyName, exact: true })).toBeVisible();
  await expect.poll(async () => (await bindersOnScreen(page)).at(-1)).toBe(copyName);
  await page.keyboard.press('Space');
  await expect.poll(() => childrenOnScreen(page, copyName)).toEqual([folder.name]);
  // The original keeps its folder.
  expect((await data.tree()).filter((i) => i.parent_id === binder.id).map((i) => i.name)).toEqual([folder.name]);
});
