import type { PnpResponse } from '../../shared/api/pnps';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { expand, openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

// The manage screen joined to the P&P screens: 'New P&P' and 'Bulk Upload' on a binder or folder
// where the user may create P&Ps, and 'Open P&P' on a P&P of the tree. Each test makes its own
// binder, folder and P&P.
test.use({ viewport: TALL_VIEWPORT });

test('an org admin selects a folder, clicks New P&P and lands on the wizard with that folder as the location', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Wizard');
  const folder = await data.folder(binder.id, 'Wizard Folder');
  const orgId = await openManage(page);

  await expand(page, binder.name);
  await row(page, folder.name).click();
  const actions = panel(page);
  await expect(actions.getByRole('heading', { name: folder.name, exact: true })).toBeVisible();
  // Links, not buttons that navigate: each can be opened in a new tab and shows where it goes.
  await expect(actions.getByRole('link', { name: 'Bulk Upload', exact: true })).toHaveAttribute(
    'href',
    `/orgs/${orgId}/pnps/bulk_upload/${folder.id}`,
  );
  const newPnp = actions.getByRole('link', { name: 'New P&P', exact: true });
  await expect(newPnp).toHaveAttribute('href', `/orgs/${orgId}/pnps/new/${folder.id}`);
  await newPnp.click();

  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/new/${folder.id}$`));
  await expect(page.getByRole('heading', { name: 'New P&P', exact: true })).toBeVisible();
  await expect(page.getByText('P&P Details', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveValue(`${binder.name} / ${folder.name}`);
});

test('Bulk Upload on a binder opens the bulk upload screen for that binder', async ({ page, data }) => {
  const binder = await data.binder('Bulk');
  const orgId = await openManage(page);

  await row(page, binder.name).click();
  const bulkUpload = panel(page).getByRole('link', { name: 'Bulk Upload', exact: true });
  await expect(bulkUpload).toHaveAttribute('href', `/orgs/${orgId}/pnps/bulk_upload/${binder.id}`);
  await bulkUpload.click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/bulk_upload/${binder.id}$`));
  await expect(page.getByRole('heading', { name: 'Bulk Upload', exact: true })).toBeVisible();
});

test('selecting a P&P in the tree offers to open it, and Open P&P shows its current version', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Open', { owners: [DemoUsers.admin] });
  const folder = await data.folder(binder.id, 'Open Folder');
  const pnp = await data.pnp({ containerId: folder.id, name: data.name('Open Me'), publish: true });
  const current = (await data.api.get<PnpResponse>(data.o(`pnps/${pnp.id}`))).pnp.current_document_id;
  expect(current).toBe(pnp.documentId);
  const orgId = await openManage(page);

  await expand(page, binder.name);
  await expand(page, folder.name);
  await row(page, pnp.name).click();
  const actions = panel(page);
  await expect(actions.getByRole('heading', { name: pnp.name, exact: true })).toBeVisible();
  // A P&P is not a place to create P&Ps in.
  await expect(actions.getByRole('link', { name: 'New P&P', exact: true })).toHaveCount(0);
  const open = actions.getByRole('link', { name: 'Open P&P', exact: true });
  await expect(open).toHaveAttribute('href', `/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${current}`);
  await open.click();

  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${current}(/|$)`));
  await expect(page.getByRole('heading', { name: pnp.name, exact: true, level: 1 })).toBeVisible();
});

test('a policy owner with a role on a binder is offered New P&P there too (the server decides)', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Authored', { authors: [DemoUsers.policyOwner] });
  await openManage(page, DemoUsers.policyOwner);
  await row(page, binder.name).click();
  await panel(page).getByRole('link', { name: 'New P&P', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New P&P', exact: true })).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveValue(binder.name);
});
