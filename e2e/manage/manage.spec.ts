import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { childrenOnScreen, expand, openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

// The manage screen (issue 4): the tree of binders, folders and P&Ps, moves and copies by drag and
// drop, keyboard navigation, and participants with inheritance. Each test makes its own binders
// (named with its own word) and waits for the tree on the screen, never for a toast.
test.use({ viewport: TALL_VIEWPORT });

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The picker's option of exactly this user or group (its name also holds the 'Group' icon's label). */
const option = (page: Page, picker: string, name: string): Locator =>
  page
    .getByRole('listbox', { name: picker, exact: true })
    .getByRole('option')
    .filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) });

/** A row's text begins with its name (markers such as '(own access)' may follow). */
const startsWith = (name: string): RegExp => new RegExp(`^${escapeRegExp(name)}`);

test('create a binder and a folder, drag the folder into another binder, Ctrl-drag a copy', async ({ page, data }) => {
  const moveTarget = await data.binder('Move Target');
  const copyTarget = await data.binder('Copy Target');
  await openManage(page);
  const binder = data.name('E2E Binder');
  const folder = data.name('E2E Folder');

  const newBinder = page.getByRole('button', { name: 'New Binder', exact: true });
  const dialog = page.getByRole('dialog', { name: 'New Binder', exact: true });
  // Dismissed, the dialog hands the keyboard back to the button that opened it.
  await newBinder.click();
  await expect(dialog.getByLabel('Name')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(newBinder).toBeFocused();
  await newBinder.click();
  await dialog.getByLabel('Name').fill('<b>bold</b>');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('Name must not contain < or >.', { exact: true })).toBeVisible();
  await dialog.getByLabel('Name').fill(binder);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, binder)).toBeVisible();
  const created = (await data.tree()).find((i) => i.item_type === 1 && i.name === binder);
  expect(created).toBeDefined();
  data.adopt(created?.id ?? 0);

  await row(page, binder).click();
  await panel(page).getByRole('button', { name: 'New Folder', exact: true }).click();
  const folderDialog = page.getByRole('dialog', { name: 'New Folder', exact: true });
  await folderDialog.getByLabel('Name').fill(folder);
  await folderDialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(folderDialog).toHaveCount(0);
  await expand(page, binder);
  await expect(row(page, folder)).toHaveAttribute('aria-level', '2');
  await expect.poll(() => childrenOnScreen(page, binder)).toEqual([folder]);

  // Drag the folder onto the other binder (opened first, as binders start closed): it moves there.
  await expand(page, moveTarget.name);
  await row(page, folder).dragTo(row(page, moveTarget.name));
  await expect.poll(() => childrenOnScreen(page, moveTarget.name)).toEqual([folder]);
  await expect.poll(() => childrenOnScreen(page, binder)).toEqual([]);
  await expect
    .poll(async () => (await data.tree()).filter((i) => i.name === folder).map((i) => i.parent_id))
    .toEqual([moveTarget.id]);

  // Ctrl-drag the folder onto a third binder (opened first): a copy lands there, the original stays.
  await expand(page, copyTarget.name);
  await page.keyboard.down('Control');
  await row(page, folder).dragTo(row(page, copyTarget.name));
  await page.keyboard.up('Control');
  await expand(page, copyTarget.name);
  await expect.poll(() => childrenOnScreen(page, copyTarget.name)).toEqual([folder]);
  await expect.poll(() => childrenOnScreen(page, moveTarget.name)).toEqual([folder]);
  await expect(row(page, folder)).toHaveCount(2);
  const items = await data.tree();
  const parents = items
    .filter((i) => i.name === folder)
    .map((i) => items.find((c) => c.item_type !== 3 && c.id === i.parent_id)?.name);
  expect(parents.sort()).toEqual([copyTarget.name, moveTarget.name].sort());
});

test('refuses an invalid move in the UI and asks before deleting a container that is not empty', async ({
  page,
  data,
}) => {
  const other = await data.binder('Other');
  const doomed = await data.binder('Doomed');
  await data.folder(doomed.id, 'Doomed inside');
  await openManage(page);
  await expect(row(page, doomed.name)).toBeVisible();

  // A binder dropped into another binder is refused before any request.
  let writes = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/containers/')) writes += 1;
  });
  await row(page, doomed.name).dragTo(row(page, other.name));
  await expect
    .poll(async () => (await data.tree()).find((i) => i.id === doomed.id && i.item_type === 1)?.parent_id)
    .toBeNull();
  await expect.poll(() => childrenOnScreen(page, other.name)).toEqual([]);
  expect(writes).toBe(0);

  await row(page, doomed.name).click();
  await panel(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Delete Binder', exact: true });
  await expect(modal).toContainText(`Delete binder ${doomed.name}?`);
  await expect(modal).toContainText('It contains 1 folder and 0 P&Ps, which will be deleted with it.');
  await modal.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(modal).toHaveCount(0);
  await expect(row(page, doomed.name)).toHaveCount(0);
  await expect(row(page, other.name)).toBeVisible();
  await expect.poll(async () => (await data.tree()).some((i) => i.id === doomed.id && i.item_type === 1)).toBe(false);
});

test('navigates the tree by keyboard: arrows, Space to open and close, Enter to select', async ({ page, data }) => {
  const second = await data.binder('Keys Second');
  const secondFolder = await data.folder(second.id, 'Keys Second Folder');
  const secondPnp = await data.pnp({ containerId: secondFolder.id, name: data.name('Fire Drill') });
  const first = await data.binder('Keys First');
  const firstFolder = await data.folder(first.id, 'Keys First Folder');
  const firstPnp = await data.pnp({ containerId: firstFolder.id, name: data.name('Hand Hygiene') });
  await openManage(page);

  // Binders start closed; Space opens one and its folders load and show one level down.
  const binder = row(page, first.name);
  await binder.click();
  await expect(binder).toHaveAttribute('aria-selected', 'true');
  await expect(binder).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, firstFolder.name)).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(binder).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, firstFolder.name)).toHaveAttribute('aria-level', '2');
  await expect(binder).not.toHaveAttribute('aria-busy', 'true');

  await page.keyboard.press('Space');
  await expect(binder).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, firstFolder.name)).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(binder).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(row(page, firstFolder.name)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, firstFolder.name)).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('heading', { name: firstFolder.name, exact: true })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(binder).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(binder).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Expand All', exact: true }).click();
  await expect(row(page, firstPnp.name)).toBeVisible();
  await expect(row(page, secondPnp.name)).toBeVisible();
  // Collapse All closes everything but the path to the selected node, which stays in view.
  await page.getByRole('button', { name: 'Collapse All', exact: true }).click();
  await expect(row(page, firstPnp.name)).toHaveCount(0);
  await expect(row(page, secondPnp.name)).toHaveCount(0);
  await expect(row(page, second.name)).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, firstFolder.name)).toHaveAttribute('aria-selected', 'true');

  // The filter keeps the matches (case-insensitive, any part of the name) and the path to them.
  await page.getByLabel('Filter by name').fill(`HYGIENE ${data.word.toUpperCase()}`);
  await expect(row(page, firstPnp.name)).toBeVisible();
  await expect(row(page, first.name)).toBeVisible();
  await expect(row(page, second.name)).toHaveCount(0);
});

test('a group as Reviewer on a binder is inherited by a folder below, overridden there, then reset to parent', async ({
  page,
  data,
}) => {
  const [inheritedGroup, ownGroup] = await data.groups(2);
  if (!inheritedGroup || !ownGroup) throw new Error('Two groups are needed.');
  const binder = await data.binder('Access');
  const folder = await data.folder(binder.id, 'Access Folder');
  await openManage(page);

  await row(page, binder.name).click();
  const reviewers = panel(page).getByRole('region', { name: 'Reviewers', exact: true });
  await reviewers.getByLabel('Add to Reviewers').fill(inheritedGroup.name);
  await option(page, 'Add to Reviewers', inheritedGroup.name).click();
  await expect(reviewers.getByTestId('participant')).toHaveText([inheritedGroup.name]);
  await expect(reviewers.getByLabel('Group')).toBeVisible();

  await expand(page, binder.name);
  await row(page, folder.name).click();
  const folderReviewers = panel(page).getByRole('region', { name: 'Reviewers', exact: true });
  await expect(panel(page)).toContainText(`Inherited from ${binder.name}.`);
  await expect(folderReviewers.getByTestId('participant')).toHaveCount(1);
  await expect(folderReviewers.getByTestId('participant')).toContainText(
    `${inheritedGroup.name}Inherited from ${binder.name}`,
  );

  // Override on the folder: the other group reviews here instead.
  await folderReviewers
    .getByRole('button', { name: `Remove ${inheritedGroup.name} from Reviewers`, exact: true })
    .click();
  await expect(panel(page)).toContainText('This folder has its own participants.');
  await folderReviewers.getByLabel('Add to Reviewers').fill(ownGroup.name);
  await option(page, 'Add to Reviewers', ownGroup.name).click();
  await expect(folderReviewers.getByTestId('participant')).toHaveText([ownGroup.name]);
  await expect(row(page, folder.name)).toContainText('(own access)');

  await panel(page).getByRole('button', { name: 'Reset to Parent', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Reset to Parent', exact: true });
  await expect(modal).toContainText(
    `Remove the participants of folder ${folder.name} and inherit them from its parent again?`,
  );
  await modal.getByRole('button', { name: 'Reset to Parent', exact: true }).click();
  await expect(panel(page)).toContainText(`Inherited from ${binder.name}.`);
  // The button went with the folder's own participants: the keyboard is on the heading above the lists.
  await expect(panel(page).getByRole('heading', { name: 'Participants', exact: true })).toBeFocused();
  await expect(folderReviewers.getByTestId('participant')).toHaveCount(1);
  await expect(folderReviewers.getByTestId('participant')).toContainText(
    `${inheritedGroup.name}Inherited from ${binder.name}`,
  );

  // Every access change is in the folder's change logs.
  await panel(page).getByRole('tab', { name: 'Change Logs', exact: true }).click();
  const logs = page.getByRole('table', { name: 'Change Logs', exact: true });
  await expect(logs).toContainText('Reset To Parent');
  await expect(logs).toContainText(`Group ${ownGroup.name} removed as Reviewer`);
});

test('a P&P with its own participants keeps its last Owner: removing it is refused under the Owners list', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Owned');
  const folder = await data.folder(binder.id, 'Owned Folder');
  const pnp = await data.pnp({ containerId: folder.id, name: data.name('Sole Owner') });
  await data.setParticipants(3, pnp.id, { owners: [DemoUsers.binderOwner] });
  await openManage(page);

  await expand(page, binder.name);
  await expand(page, folder.name);
  await row(page, pnp.name).click();
  const owners = panel(page).getByRole('region', { name: 'Owners', exact: true });
  await expect(owners.getByTestId('participant')).toHaveText([DemoUsers.binderOwner.name]);
  await owners.getByRole('button', { name: `Remove ${DemoUsers.binderOwner.name} from Owners`, exact: true }).click();
  await expect(owners.getByRole('alert')).toHaveText('A P&P with its own participants needs at least one Owner.');
  await expect(owners.getByTestId('participant')).toHaveText([DemoUsers.binderOwner.name]);
});

test('folder views show the favourite, recently viewed and recently published P&Ps and the path to them', async ({
  page,
  data,
}) => {
  const owners = { owners: [DemoUsers.admin] };
  const viewed = await data.binder('Viewed', owners);
  const viewedFolder = await data.folder(viewed.id, 'Viewed Folder');
  const viewedPnp = await data.pnp({ containerId: viewedFolder.id, name: data.name('Code'), publish: true });
  const starred = await data.binder('Starred', owners);
  const starredFolder = await data.folder(starred.id, 'Starred Folder');
  const starredPnp = await data.pnp({ containerId: starredFolder.id, name: data.name('Hygiene'), publish: true });
  const plainPnp = await data.pnp({ containerId: starredFolder.id, name: data.name('Plain'), publish: true });
  const favorite = (on: boolean) =>
    data.api.send('PATCH', data.o(`library/${starredPnp.id}/handle_favorite`), { favorite: on });
  await favorite(true);
  try {
    await data.api.get(data.o(`library/${viewedPnp.id}`));
    await openManage(page);

    // This test's rows (its word is in every name it made) in each view.
    const ours = page.getByRole('treeitem').filter({ hasText: data.word });
    const views = page.getByRole('radiogroup', { name: 'Folder view', exact: true });
    await views.getByText('Favorites', { exact: true }).click();
    await expect(ours).toHaveText([
      startsWith(starred.name),
      startsWith(starredFolder.name),
      startsWith(starredPnp.name),
    ]);
    await views.getByText('Recently Viewed', { exact: true }).click();
    await expect(ours).toHaveText([startsWith(viewed.name), startsWith(viewedFolder.name), startsWith(viewedPnp.name)]);
    await views.getByText('Recently Published', { exact: true }).click();
    await expect(row(page, starredPnp.name)).toBeVisible();
    await expect(row(page, plainPnp.name)).toBeVisible();
    await expect(row(page, viewedPnp.name)).toBeVisible();
    await views.getByText('All Files', { exact: true }).click();
    await expect(row(page, viewed.name)).toBeVisible();
    await expect(row(page, starred.name)).toBeVisible();
  } finally {
    // The admin's favourites are as they were.
    await favorite(false);
  }
});

test('a binder owner manages inside their binders but cannot create binders', async ({ page, data }) => {
  const binder = await data.binder('Owned', { owners: [DemoUsers.binderOwner] });
  await openManage(page, DemoUsers.binderOwner);
  await expect(row(page, binder.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Binder', exact: true })).toHaveCount(0);
  await row(page, binder.name).click();
  await expect(panel(page).getByRole('button', { name: 'New Folder', exact: true })).toBeVisible();
  await expect(panel(page).getByRole('region', { name: 'Owners', exact: true }).getByTestId('participant')).toHaveText([
    'Bea Binder',
  ]);
});

test('the manage screen has no serious or critical accessibility violation', async ({ page, data }) => {
  const binder = await data.binder('Axe');
  const folder = await data.folder(binder.id, 'Axe Folder', {
    owners: [DemoUsers.binderOwner],
    authors: [DemoUsers.admin],
  });
  // P&Ps in each status the tree labels (Draft, Published), so their rows are always checked too.
  const draft = await data.pnp({ containerId: folder.id, name: data.name('Axe Draft') });
  const published = await data.pnp({ containerId: folder.id, name: data.name('Axe Published'), publish: true });
  await openManage(page);
  await expand(page, binder.name);
  await expand(page, folder.name);
  await expect(row(page, draft.name)).toContainText(/draft/i);
  await expect(row(page, published.name)).toBeVisible();
  await row(page, folder.name).click();
  await expect(panel(page).getByRole('heading', { name: folder.name, exact: true })).toBeVisible();
  await expect(panel(page).getByRole('region', { name: 'Owners', exact: true }).getByTestId('participant')).toHaveText([
    'Bea Binder',
  ]);
  expect(await seriousViolations(page)).toEqual([]);
});
