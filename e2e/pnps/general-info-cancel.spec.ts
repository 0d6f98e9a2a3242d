import type { Page } from '@playwright/test';
import type { PnpResponse } from '../../shared/api/pnps';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const generalInfo = (pnp: { id: number; documentId: number }): string =>
  `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/pnp_info/general_info`;
const nameBox = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true });

test('Cancel in General Info drops what was typed: Edit again shows the saved name, and Save keeps it', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Cancel Checks', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const saved = data.name('Kept Name');
  const pnp = await data.pnp({ containerId: binder.id, name: saved });
  await openAs(page, DemoUsers.binderOwner, generalInfo(pnp));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await nameBox(page).fill('ABANDONED NAME');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(nameBox(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(nameBox(page)).toHaveValue(saved);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Record updated successfully!', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: saved, exact: true })).toBeVisible();
  const stored = await data.api.get<PnpResponse>(data.o(`pnps/${pnp.id}`));
  expect(stored.pnp.name).toBe(saved);
});
