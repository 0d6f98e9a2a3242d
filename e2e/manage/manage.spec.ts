import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ContainerItemResponse, ContainerTree } from '../../shared/api/containers';
import { Messages } from '../../shared/domain/messages';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';

// The manage screen (issue 4): the tree of binders, folders and P&Ps, moves and copies by drag and
// drop, keyboard navigation, and participants with inheritance. Names are unique per run.
const unique = (): string => Math.random().toString(36).slice(2, 7);

const row = (page: Page, name: string): Locator => page.getByRole('treeitem', { name, exact: true });
const panel = (page: Page): Locator =>
  page.getByRole('region').filter({ has: page.getByRole('tab', { name: 'Participants' }) });

async function openManage(page: Page): Promise<{ orgId: number; api: TenetApi }> {
  const session = await signIn(page, DemoUsers.admin);
  const orgId = session.org?.id ?? 0;
  await page.goto(`/orgs/${orgId}/manage`);
  await expect(page.getByRole('tree', { name: 'Binders, folders and P&Ps' })).toBeVisible();
  return { orgId, api: new TenetApi(page.request) };
}

async function tree(api: TenetApi, orgId: number): Promise<ContainerTree['items']> {
  return (await api.get<ContainerTree>(`o/${orgId}/containers?bypass_val=true`)).items;
}

async function expand(page: Page, name: string): Promise<void> {
  const item = row(page, name);
  if ((await item.getAttribute('aria-expanded')) !== 'true') {
    await item.click();
    await page.keyboard.press('Space');
  }
  await expect(item).toHaveAttribute('aria-expanded', 'true');
}

test('create a binder and a folder, drag the folder into another binder, Ctrl-drag a copy', async ({ page }) => {
  const { orgId, api } = await openManage(page);
  const binder = `E2E Binder ${unique()}`;
  const folder = `E2E Folder ${unique()}`;

  await page.getByRole('button', { name: 'New Binder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Binder' });
  await dialog.getByLabel('Name').fill('<b>bold</b>');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name must not contain angle brackets (< or >).')).toBeVisible();
  await dialog.getByLabel('Name').fill(binder);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toastWithText(page, Messages.recordCreated)).toBeVisible();
  await expect(row(page, binder)).toBeVisible();

  await row(page, binder).click();
  await panel(page).getByRole('button', { name: 'New Folder' }).click();
  await page.getByRole('dialog', { name: 'New Folder' }).getByLabel('Name').fill(folder);
  await page.getByRole('dialog', { name: 'New Folder' }).getByRole('button', { name: 'Create' }).click();
  await expect(toastWithText(page, Messages.recordCreated).first()).toBeVisible();
  await expand(page, binder);
  await expect(row(page, folder)).toHaveAttribute('aria-level', '2');

  // Drag the folder onto the Human Resources binder: it moves there.
  await row(page, folder).dragTo(row(page, 'Human Resources'));
  await expect(toastWithText(page, Messages.recordUpdated)).toBeVisible();
  const hrId = (await tree(api, orgId)).find((i) => i.item_type === 1 && i.name === 'Human Resources')?.id;
  await expect
    .poll(async () => (await tree(api, orgId)).filter((i) => i.name === folder).map((i) => i.parent_id))
    .toEqual([hrId]);

  // Ctrl-drag the folder onto Environment of Care: a copy lands there, the original stays.
  await page.keyboard.down('Control');
  await row(page, folder).dragTo(row(page, 'Environment of Care'));
  await page.keyboard.up('Control');
  await expect(toastWithText(page, Messages.recordCreated).first()).toBeVisible();
  await expect.poll(async () => (await tree(api, orgId)).filter((i) => i.name === folder).length).toBe(2);
  const items = await tree(api, orgId);
  const parents = items
    .filter((i) => i.name === folder)
    .map((i) => items.find((c) => c.item_type !== 3 && c.id === i.parent_id)?.name);
  expect(parents.sort()).toEqual(['Environment of Care', 'Human Resources']);
  await expect(row(page, folder)).toHaveCount(2);
});

test('refuses an invalid move in the UI and asks before deleting a container that is not empty', async ({ page }) => {
  const { orgId, api } = await openManage(page);
  const name = `Doomed ${unique()}`;
  const binder = (await api.post<ContainerItemResponse>(`o/${orgId}/containers`, { item: { item_type: 1, name } }))
    .item;
  await api.post(`o/${orgId}/containers`, { item: { item_type: 2, name: `${name} inside`, parent_id: binder.id } });
  await page.reload();
  await expect(row(page, name)).toBeVisible();

  // A binder dropped into another binder is refused before any request.
  let writes = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/containers/')) writes += 1;
  });
  await row(page, name).dragTo(row(page, 'Human Resources'));
  await expect
    .poll(async () => (await tree(api, orgId)).find((i) => i.id === binder.id && i.item_type === 1)?.parent_id)
    .toBeNull();
  expect(writes).toBe(0);

  await row(page, name).click();
  await panel(page).getByRole('button', { name: 'Delete' }).click();
  const modal = page.getByRole('dialog', { name: 'Delete Binder' });
  await expect(modal).toContainText(`Delete binder ${name}?`);
  await expect(modal).toContainText('It contains 1 folder and 0 P&Ps, which will be deleted with it.');
  await modal.getByRole('button', { name: 'Delete' }).click();
  await expect(toastWithText(page, Messages.recordDeleted)).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
});

test('navigates the tree by keyboard: arrows, Space to open and close, Enter to select', async ({ page }) => {
  await openManage(page);
  const first = row(page, 'Clinical Policies');
  await first.click();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'true');

  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 'Infection Prevention')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'Infection Prevention')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, 'Infection Prevention')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('heading', { name: 'Infection Prevention' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(first).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Expand All' }).click();
  await expect(row(page, 'Hand Hygiene')).toBeVisible();
  await expect(row(page, 'Fire Safety and Evacuation')).toBeVisible();
  // Collapse All closes everything but the path to the selected node, which stays in view.
  await page.getByRole('button', { name: 'Collapse All' }).click();
  await expect(row(page, 'Hand Hygiene')).toHaveCount(0);
  await expect(row(page, 'Fire Safety and Evacuation')).toHaveCount(0);
  await expect(row(page, 'Human Resources')).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 'Infection Prevention')).toHaveAttribute('aria-selected', 'true');

  // The filter keeps the matches (case-insensitive, any part of the name) and the path to them.
  await page.getByLabel('Filter by name').fill('HYGIENE');
  await expect(row(page, 'Hand Hygiene')).toBeVisible();
  await expect(row(page, 'Human Resources')).toHaveCount(0);
});

test('a group as Reviewer on a binder is inherited by a folder below, overridden there, then reset to parent', async ({
  page,
}) => {
  const { orgId, api } = await openManage(page);
  const binderName = `Access ${unique()}`;
  const binder = (
    await api.post<ContainerItemResponse>(`o/${orgId}/containers`, { item: { item_type: 1, name: binderName } })
  ).item;
  await api.post(`o/${orgId}/containers`, {
    item: { item_type: 2, name: `${binderName} folder`, parent_id: binder.id },
  });
  await page.reload();

  await row(page, binderName).click();
  const reviewers = panel(page).getByRole('region', { name: 'Reviewers' });
  await reviewers.getByLabel('Add to Reviewers').fill('Nursing');
  await page.getByRole('option', { name: 'Nursing' }).click();
  await expect(toastWithText(page, Messages.recordUpdated)).toBeVisible();
  await expect(reviewers.getByTestId('participant')).toHaveText(['Nursing']);
  await expect(reviewers.getByLabel('Group')).toBeVisible();

  await expand(page, binderName);
  await row(page, `${binderName} folder`).click();
  const folderReviewers = panel(page).getByRole('region', { name: 'Reviewers' });
  await expect(panel(page)).toContainText(`Inherited from ${binderName}.`);
  await expect(folderReviewers.getByTestId('participant')).toContainText(`NursingInherited from ${binderName}`);

  // Override on the folder: the Infection Control Committee reviews here instead.
  await folderReviewers.getByRole('button', { name: 'Remove Nursing from Reviewers' }).click();
  await expect(panel(page)).toContainText('This folder has its own participants.');
  await folderReviewers.getByLabel('Add to Reviewers').fill('Infection');
  await page.getByRole('option', { name: 'Infection Control Committee' }).click();
  await expect(folderReviewers.getByTestId('participant')).toHaveText(['Infection Control Committee']);
  await expect(row(page, `${binderName} folder`)).toContainText('(own access)');

  await panel(page).getByRole('button', { name: 'Reset to Parent' }).click();
  const modal = page.getByRole('dialog', { name: 'Reset to Parent' });
  await expect(modal).toContainText(
    `Remove the participants of folder ${binderName} folder and inherit them from its parent again?`,
  );
  await modal.getByRole('button', { name: 'Reset to Parent' }).click();
  await expect(panel(page)).toContainText(`Inherited from ${binderName}.`);
  await expect(folderReviewers.getByTestId('participant')).toContainText('Nursing');

  // Every access change is in the folder's change logs.
  await panel(page).getByRole('tab', { name: 'Change Logs' }).click();
  const logs = page.getByRole('table', { name: 'Change Logs' });
  await expect(logs).toContainText('Reset To Parent');
  await expect(logs).toContainText('Group Infection Control Committee removed as Reviewer');
});

test('folder views show the favourite, recently viewed and recently published P&Ps and the path to them', async ({
  page,
}) => {
  const { orgId, api } = await openManage(page);
  const items = await tree(api, orgId);
  const pnp = (name: string) => items.find((i) => i.item_type === 3 && i.name === name)!;
  await api.send('PATCH', `o/${orgId}/library/${pnp('Hand Hygiene').id}/handle_favorite`, { favorite: true });
  await api.get(`o/${orgId}/library/${pnp('Code of Conduct').id}`);
  await page.reload();

  const views = page.getByRole('radiogroup', { name: 'Folder view' });
  await views.getByText('Favorites').click();
  await expect(page.getByRole('treeitem')).toHaveText(['Clinical Policies', 'Infection Prevention', /^Hand Hygiene/]);
  await views.getByText('Recently Viewed').click();
  await expect(page.getByRole('treeitem')).toHaveText(['Human Resources', 'Onboarding', /^Code of Conduct/]);
  await views.getByText('Recently Published').click();
  await expect(row(page, 'Fire Safety and Evacuation')).toBeVisible();
  await expect(row(page, 'Medication Administration')).toBeVisible();
  await views.getByText('All Files').click();
  await expect(row(page, 'Human Resources')).toBeVisible();
});

test('a binder owner manages inside their binders but cannot create binders', async ({ page }) => {
  const session = await signIn(page, DemoUsers.binderOwner);
  await page.goto(`/orgs/${session.org?.id ?? 0}/manage`);
  await expect(row(page, 'Clinical Policies')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Binder' })).toHaveCount(0);
  await row(page, 'Human Resources').click();
  await expect(panel(page).getByRole('button', { name: 'New Folder' })).toBeVisible();
  await expect(panel(page).getByRole('region', { name: 'Owners' }).getByTestId('participant')).toHaveText([
    'Bea Binder',
  ]);
});

test('the manage screen has no serious or critical accessibility violation', async ({ page }) => {
  await openManage(page);
  await row(page, 'Infection Prevention').click();
  await expect(panel(page).getByRole('region', { name: 'Owners' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
  expect(serious).toEqual([]);
});
