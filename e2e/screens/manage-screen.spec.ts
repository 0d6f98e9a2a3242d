import { expect, test, type Page } from '@playwright/test';
import type { ContainerItemResponse } from '../../shared/api/containers';
import { NAME_MAX_LENGTH } from '../../shared/domain/limits';
import { DemoUsers } from '../support/users';
import { openAs, signInAdmin, uniqueName, type Admin } from './screen-data';

// The manage screen's forms, its change log and what it asks the server after a delete (issue 10).
test.use({ viewport: { width: 1280, height: 1400 }, actionTimeout: 15_000 });

const row = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true });
const panel = (page: Page, kind: 'Binder' | 'Folder', name: string) =>
  page.getByRole('region', { name: `${kind} ${name}`, exact: true });

async function newContainer(admin: Admin, name: string, parentId?: number): Promise<number> {
  return (await createItem(admin, name, parentId)).id;
}

async function createItem(admin: Admin, name: string, parentId?: number): Promise<ContainerItemResponse['item']> {
  const { item } = await admin.api.post<ContainerItemResponse>(`o/${admin.orgId}/containers`, {
    item: parentId ? { item_type: 2, name, parent_id: parentId } : { item_type: 1, name },
  });
  return item;
}

/** Opens the manage screen as the admin with the tree filtered down to a name. */
async function openManageAt(page: Page, filter: string): Promise<void> {
  await openAs(page, DemoUsers.admin, '/orgs/:org/manage');
  await expect(page.getByRole('tree', { name: 'Binders, folders and P&Ps', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter by name', exact: true }).fill(filter);
}

test('a binder name longer than the limit is refused as it is typed and never sent', async ({ page }) => {
  await openAs(page, DemoUsers.admin, '/orgs/:org/manage');
  const created: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/containers$/.test(new URL(r.url()).pathname)) created.push(r.url());
  });
  await page.getByRole('button', { name: 'New Binder', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Binder', exact: true });
  const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('x'.repeat(NAME_MAX_LENGTH));
  await expect(dialog.getByText(`${NAME_MAX_LENGTH} / ${NAME_MAX_LENGTH} characters`)).toBeVisible();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await name.press('x');
  // Said while typing, before any Create.
  const tooLong = dialog.getByText(`Name must be at most ${NAME_MAX_LENGTH} characters.`, { exact: true });
  await expect(tooLong).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(tooLong).toBeVisible();
  await expect(name).toBeFocused();
  await expect(dialog).toBeVisible();
  expect(created).toEqual([]);
});

test('the server refusing a name (a sibling of the same name) says so under the name field', async ({
  page,
  baseURL,
}) => {
  const admin = await signInAdmin(baseURL!);
  const binder = uniqueName('Sibling Binder');
  const binderId = await newContainer(admin, binder);
  const existing = uniqueName('Wound Care');
  await newContainer(admin, existing, binderId);
  await admin.dispose();

  await openManageAt(page, binder);
  await row(page, binder).click();
  await panel(page, 'Binder', binder).getByRole('button', { name: 'New Folder', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Folder', exact: true });
  const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill(existing.toUpperCase());
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  const refusal = dialog.getByText(`A binder or folder named "${existing.toUpperCase()}" already exists here.`, {
    exact: true,
  });
  await expect(refusal).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(new RegExp(`already exists here`));
  // Changing the name takes the refusal away; a new name is created.
  const other = uniqueName('Pressure Ulcers');
  await name.fill(other);
  await expect(refusal).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toHaveCount(0);
});

test('the change log of a binder shows its TYPE column and fits its panel', async ({ page, baseURL }) => {
  const admin = await signInAdmin(baseURL!);
  const binder = uniqueName('Logged Binder');
  const item = await createItem(admin, binder);
  await admin.api.send('PUT', `o/${admin.orgId}/containers/${item.id}`, {
    item: {
      description: 'Infection prevention and control policies for every ward, clinic and theatre of the hospital.',
      lock_version: item.lock_version,
    },
  });
  await admin.dispose();

  await openManageAt(page, binder);
  await row(page, binder).click();
  const details = panel(page, 'Binder', binder);
  await details.getByRole('tab', { name: 'Change Logs', exact: true }).click();
  const table = details.getByRole('table', { name: 'Change Logs', exact: true });
  await expect(table.getByRole('columnheader', { name: 'Type' })).toBeVisible();
  const description = table.getByRole('cell').filter({ hasText: 'Infection prevention and control policies' });
  await expect(description).toBeVisible();
  // Nothing of the table reaches past the panel, so no description is cut.
  const panelBox = (await details.boundingBox())!;
  const tableBox = (await table.boundingBox())!;
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
  const cellBox = (await description.boundingBox())!;
  expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
});

test('after deleting a folder the screen asks nothing more about it', async ({ page, baseURL }) => {
  const admin = await signInAdmin(baseURL!);
  const binder = uniqueName('Delete Binder');
  const folder = uniqueName('Old Folder');
  const binderId = await newContainer(admin, binder);
  const folderId = await newContainer(admin, folder, binderId);
  await admin.dispose();

  await openManageAt(page, folder);
  await row(page, folder).click();
  const details = panel(page, 'Folder', folder);
  await details.getByRole('tab', { name: 'Change Logs', exact: true }).click();
  await expect(details.getByRole('table', { name: 'Change Logs', exact: true })).toBeVisible();

  const asked: string[] = [];
  page.on('request', (r) => asked.push(`${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`));
  await details.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Folder', exact: true });
  const treeAgain = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/containers$/.test(new URL(r.url()).pathname),
  );
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await treeAgain;
  await expect(row(page, folder)).toHaveCount(0);
  const deleteAt = asked.findIndex((a) => a.startsWith(`DELETE /api/o/`) && a.includes(`/containers/${folderId}`));
  expect(deleteAt).toBeGreaterThanOrEqual(0);
  const after = asked.slice(deleteAt + 1);
  const aboutFolder = new RegExp(`(/${folderId}(/|\\?|$))|(object_id=${folderId}(&|$))`);
  expect(after.filter((a) => aboutFolder.test(a))).toEqual([]);
  // The selection went with the folder.
  await expect(page.getByText('Select a binder, folder or P&P to see its participants.')).toBeVisible();
});
