import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ContainerTree } from '../../shared/api/containers';
import type { PnpResponse } from '../../shared/api/pnps';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

// The manage screen joined to the P&P screens: 'New P&P' and 'Bulk Upload' on a binder or folder
// where the user may create P&Ps, and 'Open P&P' on a P&P of the tree.
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

async function expand(page: Page, name: string): Promise<void> {
  const item = row(page, name);
  if ((await item.getAttribute('aria-expanded')) !== 'true') {
    await item.click();
    await page.keyboard.press('Space');
  }
  await expect(item).toHaveAttribute('aria-expanded', 'true');
}

async function treeItems(api: TenetApi, orgId: number): Promise<ContainerTree['items']> {
  return (await api.get<ContainerTree>(`o/${orgId}/containers?bypass_val=true`)).items;
}

test('an org admin selects a folder, clicks New P&P and lands on the wizard with that folder as the location', async ({
  page,
}) => {
  const { orgId, api } = await openManage(page);
  const folder = (await treeItems(api, orgId)).find((i) => i.item_type === 2 && i.name === 'Patient Safety')!;

  await expand(page, 'Clinical Policies');
  await row(page, 'Patient Safety').click();
  const actions = panel(page);
  await expect(actions.getByRole('heading', { name: 'Patient Safety' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Bulk Upload' })).toBeVisible();
  await actions.getByRole('button', { name: 'New P&P' }).click();

  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/new/${folder.id}$`));
  await expect(page.getByRole('heading', { name: 'New P&P' })).toBeVisible();
  await expect(page.getByText('P&P Details')).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveValue('Clinical Policies / Patient Safety');
});

test('Bulk Upload on a binder opens the bulk upload screen for that binder', async ({ page }) => {
  const { orgId, api } = await openManage(page);
  const binder = (await treeItems(api, orgId)).find((i) => i.item_type === 1 && i.name === 'Human Resources')!;

  await row(page, 'Human Resources').click();
  await panel(page).getByRole('button', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/bulk_upload/${binder.id}$`));
  await expect(page.getByRole('heading', { name: 'Bulk Upload' })).toBeVisible();
});

test('selecting a P&P in the tree offers to open it, and Open P&P shows its current version', async ({ page }) => {
  const { orgId, api } = await openManage(page);
  const items = await treeItems(api, orgId);
  const folder = items.find((i) => i.item_type === 2 && i.name === 'Infection Prevention')!;
  const pnp = items.find((i) => i.item_type === 3 && i.parent_id === folder.id)!;
  const current = (await api.get<PnpResponse>(`o/${orgId}/pnps/${pnp.id}`)).pnp.current_document_id;

  await expand(page, 'Clinical Policies');
  await expand(page, 'Infection Prevention');
  await row(page, pnp.name).click();
  const actions = panel(page);
  await expect(actions.getByRole('heading', { name: pnp.name })).toBeVisible();
  // A P&P is not a place to create P&Ps in.
  await expect(actions.getByRole('button', { name: 'New P&P' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Open P&P' }).click();

  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${current}(/|$)`));
  await expect(page.getByRole('heading', { name: pnp.name, level: 1 })).toBeVisible();
});

test('a policy owner with a role on a binder is offered New P&P there too (the server decides)', async ({ page }) => {
  const session = await signIn(page, DemoUsers.policyOwner);
  const orgId = session.org?.id ?? 0;
  await page.goto(`/orgs/${orgId}/manage`);
  await expect(page.getByRole('tree', { name: 'Binders, folders and P&Ps' })).toBeVisible();
  await row(page, 'Clinical Policies').click();
  await panel(page).getByRole('button', { name: 'New P&P' }).click();
  await expect(page.getByRole('heading', { name: 'New P&P' })).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveValue('Clinical Policies');
});
