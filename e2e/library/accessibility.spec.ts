import type { Locator } from '@playwright/test';
import { orgHome, signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { publishedPnp, readersBinder } from './library-data';
import { seriousViolations } from '../support/axe';

/** Whether the element has the keyboard focus now (one read, no waiting). */
const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate(
    (element: unknown) =>
      element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );

test('the library screens have no serious or critical accessibility violation', async ({ page, data }) => {
  // Five full-page axe analyses, each 2-10 s on a loaded 2-core machine (busy-machine run 1 in
  // docs/testing.md: 69 s): three times the usual limit, still bounded.
  test.slow();
  const binder = await readersBinder(data, 'Axe Library');
  const folder = await data.folder(binder.id, 'Axe Folder');
  const body = `Alcohol-based hand rub with ${data.word} is the preferred method.`;
  const pnp = await publishedPnp(data, folder, 'Hand Hygiene', [body]);
  const session = await signIn(page, DemoUsers.nurse);
  const home = orgHome(session);
  await page.goto(home);
  await expect(page.getByRole('table', { name: 'Library', exact: true }).getByRole('link').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${home}?mode=tree`);
  await expect(page.getByTestId('library-tree').getByText(binder.name, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${home}/results?phrase=${data.word}`);
  const results = page.getByRole('list', { name: 'Search results', exact: true });
  await expect(results.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Advanced Search', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Advanced Search', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Advanced Search', exact: true })).toHaveCount(0);

  await results.getByRole('link', { name: pnp.name, exact: true }).click();
  await expect(page.getByTestId('document-html')).toContainText(body);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the template library screens have no serious or critical accessibility violation', async ({ page }) => {
  const session = await signIn(page, DemoUsers.admin);
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  const template = page
    .getByRole('list', { name: 'Templates', exact: true })
    .getByRole('link', { name: 'Fall Prevention Template', exact: true });
  await expect(template).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await template.click();
  await expect(page.getByRole('link', { name: 'View File', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'View File', exact: true }).click();
  await expect(page.getByTestId('document-html')).toContainText('Assess every inpatient for fall risk');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the library tree works from the keyboard: arrows move, Space and Enter open a folder, Enter opens a P&P', async ({
  page,
  data,
}) => {
  // Made in this order, the first binder comes first in the tree (binders are made at the top).
  const second = await readersBinder(data, 'Staff Matters');
  const secondFolder = await data.folder(second.id, 'Onboarding');
  const starred = await publishedPnp(data, secondFolder, 'Code of Conduct', ['Treat everyone with respect.']);
  const first = await readersBinder(data, 'Clinical Care');
  const firstFolder = await data.folder(first.id, 'Infection Prevention');
  const pnp = await publishedPnp(data, firstFolder, 'Hand Hygiene', ['Clean your hands before care.']);
  const session = await signIn(page, DemoUsers.nurse);
  await page.goto(`${orgHome(session)}?mode=tree`);
  const tree = page.getByTestId('library-tree');
  const binderRow = tree.getByRole('treeitem').filter({ has: page.getByText(first.name, { exact: true }) });
  await expect(binderRow).toBeVisible();
  // Focus lands on the first binder; the arrows reach this test's binder (another test's may be above).
  await tree.getByRole('tree').focus();
  for (let moves = 0; moves < 30 && !(await isFocused(binderRow)); moves += 1) await page.keyboard.press('ArrowDown');
  await expect(binderRow).toBeFocused();
  await expect(binderRow).toHaveAttribute('aria-expanded', 'false');
  // Space opens it.
  await page.keyboard.press('Space');
  await expect(binderRow).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByText(firstFolder.name, { exact: true })).toBeVisible();
  // Down to its folder; Enter opens it; down to its P&P; Enter opens the P&P.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(tree.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
  // The panel has grown with the rows: the last binder is still wholly in view.
  await expect(tree.locator('[role="treeitem"][aria-level="1"]').last()).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pnps\/\d+\/library\/\d+$/);
  await expect(page.getByRole('heading', { name: pnp.name, exact: true, level: 1 })).toBeVisible();

  // With the mouse: a click on a folder opens it; a click on a star favourites without leaving.
  await page.goBack();
  await expect(tree.getByText(second.name, { exact: true })).toBeVisible();
  await tree.getByText(second.name, { exact: true }).click();
  await tree.getByText(secondFolder.name, { exact: true }).click();
  await tree.getByRole('button', { name: `Add ${starred.name} to Favorites`, exact: true }).click();
  await expect(tree.getByRole('button', { name: `Remove ${starred.name} from Favorites`, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/pnps\?mode=tree$/);
  // Leave the nurse's favourites as they were.
  await tree.getByRole('button', { name: `Remove ${starred.name} from Favorites`, exact: true }).click();
  await expect(tree.getByRole('button', { name: `Add ${starred.name} to Favorites`, exact: true })).toBeVisible();
});

test('closing the advanced search hands the keyboard back to its button, and it opens afresh', async ({ page }) => {
  const session = await signIn(page, DemoUsers.nurse);
  const button = page.getByRole('button', { name: 'Advanced Search', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Advanced Search', exact: true });
  for (const path of [orgHome(session), `${orgHome(session)}/results?phrase=hand`]) {
    await page.goto(path);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  }
  // What was typed and dismissed is not kept: the results page opens it with its own words again.
  await button.click();
  await dialog.getByLabel('Words').fill('hand washing');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await button.click();
  await expect(dialog.getByLabel('Words')).toHaveValue('hand');
});
