import type { Page } from '@playwright/test';
import type { PnpResponse } from '../../shared/api/pnps';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const generalInfo = (pnp: { id: number; documentId: number }): string =>
  `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/pnp_info/general_info`;
const nameBox = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true });

test('a General Info save over someone else’s newer change is refused, keeps what was typed and offers to reload', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Stale Checks', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const original = data.name('Shared Record');
  const pnp = await data.pnp({ containerId: binder.id, name: original });
  await openAs(page, DemoUsers.binderOwner, generalInfo(pnp));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(nameBox(page)).toHaveValue(original);

  // Someone else saves a new description meanwhile.
  await data.api.send('PUT', data.o(`pnps/${pnp.id}`), { pnp: { description: 'Changed by the other editor.' } });

  const renamed = data.name('My Rename');
  await nameBox(page).fill(renamed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'This P&P was changed by someone else since you opened it.' });
  await expect(refusal).toContainText('Reload to see their changes, then make yours again.');
  await expect(nameBox(page)).toHaveValue(renamed);
  const stored = await data.api.get<PnpResponse>(data.o(`pnps/${pnp.id}`));
  expect(stored.pnp).toMatchObject({ name: original, description: 'Changed by the other editor.' });

  await refusal.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(page.getByText('Changed by the other editor.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await nameBox(page).fill(renamed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed, exact: true })).toBeVisible();
  const after = await data.api.get<PnpResponse>(data.o(`pnps/${pnp.id}`));
  expect(after.pnp).toMatchObject({ name: renamed, description: 'Changed by the other editor.' });
});
