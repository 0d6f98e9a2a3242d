import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { childrenOnScreen, expand, openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

// The manage screen's Move and Copy dialogs: what dragging does (Ctrl-drag copies), without a mouse.
// The user selects a node, presses Move or Copy in its details, types part of a binder's or folder's
// name, chooses it from the matches and confirms; the node is then shown under its new parent.

test.use({ viewport: TALL_VIEWPORT });

/** The Move or Copy dialog's destination field. */
const destinationField = (dialog: Locator): Locator =>
  dialog.getByRole('combobox', { name: 'Destination', exact: true });

/** A match of the destination list, by its screen-reader name ('Name (Binder)', 'Name (Folder in Path)'). */
const match = (page: Page, label: string): Locator => page.getByRole('option', { name: label, exact: true });

/**
 * From the focused row `from`, moves down the tree with the arrows and selects `name` with Enter,
 * then waits for its details.
 */
async function selectWithKeyboard(page: Page, from: string, downs: number, name: string): Promise<void> {
  await expect(row(page, from)).toBeFocused();
  // The binder's children are loaded when it opens: the arrows move among the rows on the screen.
  await expect(row(page, name)).toBeVisible();
  for (let i = 0; i < downs; i += 1) await page.keyboard.press('ArrowDown');
  await expect(row(page, name)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('heading', { name, exact: true })).toBeVisible();
}

/** Types part of a destination's name, moves to its match with the arrows and chooses it with Enter. */
async function chooseDestination(page: Page, dialog: Locator, typed: string, label: string, name: string) {
  const field = destinationField(dialog);
  await expect(field).toBeFocused();
  await page.keyboard.type(typed);
  await expect(match(page, label)).toBeVisible();
  // The list holds this test's match alone (its word is in the typed text).
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(match(page, label)).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(name);
}

test('moves a folder into a closed binder chosen by name, with the keyboard only', async ({ page, data }) => {
  const source = await data.binder('Infection Control');
  const folder = await data.folder(source.id, 'Hand Hygiene');
  await data.folder(folder.id, 'Audits');
  const target = await data.binder('Quality Programs');
  await openManage(page);

  await expand(page, source.name);
  await selectWithKeyboard(page, source.name, 1, folder.name);
  const moveButton = panel(page).getByRole('button', { name: 'Move', exact: true });
  await moveButton.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move Folder', exact: true });
  const confirm = dialog.getByRole('button', { name: 'Move', exact: true });
  await expect(destinationField(dialog)).toBeFocused();
  await expect(confirm).toBeDisabled();

  await chooseDestination(page, dialog, `programs ${data.word}`, `${target.name} (Binder)`, target.name);
  await expect(dialog.getByText(`Moves into ${target.name}`, { exact: true })).toBeVisible();
  await expect(confirm).toBeEnabled();
  await confirm.press('Enter');
  await expect(dialog).toHaveCount(0);

  // The closed binder opened and shows the folder, selected and holding the keyboard; the old one is empty.
  await expect(row(page, target.name)).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => childrenOnScreen(page, target.name)).toEqual([folder.name]);
  await expect.poll(() => childrenOnScreen(page, source.name)).toEqual([]);
  await expect(row(page, folder.name)).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, folder.name)).toBeFocused();
  await expect(panel(page).getByRole('heading', { name: folder.name, exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      (await data.tree()).filter((i) => i.item_type === 2 && i.name === folder.name).map((i) => i.parent_id),
    )
    .toEqual([target.id]);
});

test('copies a P&P into a folder of a closed binder: the original stays and the copy is shown there', async ({
  page,
  data,
}) => {
  const source = await data.binder('Nursing');
  const pnp = await data.pnp({ containerId: source.id, name: data.name('Fall Prevention') });
  const target = await data.binder('Patient Safety');
  const folder = await data.folder(target.id, 'Falls Committee');
  await openManage(page);

  await expand(page, source.name);
  await selectWithKeyboard(page, source.name, 1, pnp.name);
  const copyButton = panel(page).getByRole('button', { name: 'Copy', exact: true });
  // Dismissed, the dialog hands the keyboard back to the button that opened it.
  await copyButton.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Copy P&P', exact: true });
  await expect(destinationField(dialog)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(copyButton).toBeFocused();

  await copyButton.press('Enter');
  await chooseDestination(
    page,
    dialog,
    `committee ${data.word}`,
    `${folder.name} (Folder in ${target.name})`,
    folder.name,
  );
  await dialog.getByRole('button', { name: 'Copy', exact: true }).press('Enter');
  await expect(dialog).toHaveCount(0);

  // Both: the original in its binder, the copy in the folder of the other binder (both opened).
  await expect(row(page, target.name)).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, folder.name)).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => childrenOnScreen(page, folder.name)).toEqual([pnp.name]);
  await expect.poll(() => childrenOnScreen(page, source.name)).toEqual([pnp.name]);
  await expect(row(page, pnp.name)).toHaveCount(2);
  const copies = (await data.tree()).filter((i) => i.item_type === 3 && i.name === pnp.name);
  expect(copies.map((i) => i.parent_id).sort()).toEqual([source.id, folder.id].sort());
});

test('never offers a folder of its own, and shows a refused move in the dialog, which stays open', async ({
  page,
  data,
}) => {
  const source = await data.binder('Pharmacy');
  const folder = await data.folder(source.id, 'Medication Safety');
  await data.folder(folder.id, 'Medication Audits');
  const other = await data.binder('Clinical Governance');
  // A folder of the same name already in the other binder: the server refuses the move there.
  await data.folder(other.id, 'Medication Safety');
  await openManage(page);

  await expand(page, source.name);
  await selectWithKeyboard(page, source.name, 1, folder.name);
  await panel(page).getByRole('button', { name: 'Move', exact: true }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move Folder', exact: true });
  const field = destinationField(dialog);
  await expect(field).toBeFocused();

  // Its own sub-folder is not offered; nor is the folder itself; its binder is shown as where it is now.
  await page.keyboard.type(`audits ${data.word}`);
  await expect(page.getByText('No binders or folders match.', { exact: true })).toBeVisible();
  await field.fill(`pharmacy ${data.word}`);
  const here = match(page, `${source.name} (Binder, where it is now)`);
  await expect(here).toBeVisible();
  await expect(here).toHaveAttribute('data-combobox-disabled', 'true');
  // The dialog and its open list, as a screen reader meets them: no serious accessibility violation.
  expect(await seriousViolations(page, { within: ['[role="dialog"]', '[role="listbox"]'] })).toEqual([]);
  await field.fill(`medication safety ${data.word}`);
  await expect(match(page, `${folder.name} (Folder in ${other.name})`)).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);

  // Refused by the server: held while it runs (the dialog cannot be closed), then the reason shows
  // in the dialog, which stays open with the folder where it was.
  await field.fill('');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/o/*/containers/${folder.id}`, async (route) => {
    await held;
    await route.continue();
  });
  await field.focus();
  await chooseDestination(page, dialog, `governance ${data.word}`, `${other.name} (Binder)`, other.name);
  const confirm = dialog.getByRole('button', { name: 'Move', exact: true });
  const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/containers/${folder.id}`));
  await confirm.press('Enter');
  await sent;
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
  await expect(confirm).toHaveAttribute('data-loading', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  release();

  await expect(dialog.getByRole('alert')).toContainText(
    `A binder or folder named "${folder.name}" already exists here.`,
  );
  await expect(dialog.getByRole('alert')).toContainText('The folder was not moved');
  await expect(confirm).toBeEnabled();
  await expect(field).toHaveValue(other.name);
  await expect(field).toBeFocused();
  await expect.poll(() => childrenOnScreen(page, source.name)).toEqual([folder.name]);
  await expect
    .poll(async () => (await data.tree()).find((i) => i.item_type === 2 && i.id === folder.id)?.parent_id)
    .toBe(source.id);
});

test('a folder copied into the binder it is in sits beside it as "(copy)"', async ({ page, data }) => {
  const source = await data.binder('Pharmacy');
  const folder = await data.folder(source.id, 'Controlled Substances');
  await openManage(page);

  await expand(page, source.name);
  await selectWithKeyboard(page, source.name, 1, folder.name);
  await panel(page).getByRole('button', { name: 'Copy', exact: true }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Copy Folder', exact: true });
  await chooseDestination(page, dialog, `pharmacy ${data.word}`, `${source.name} (Binder)`, source.name);
  await dialog.getByRole('button', { name: 'Copy', exact: true }).press('Enter');
  await expect(dialog).toHaveCount(0);

  await expect.poll(() => childrenOnScreen(page, source.name)).toEqual([folder.name, `${folder.name} (copy)`]);
});
