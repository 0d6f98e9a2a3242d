import type { Page } from '@playwright/test';
import type { AdditionalInfoList } from '../../shared/api/pnps';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?', exact: true });
const libraryLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Library', exact: true });

test('leaving Additional Info with an entry typed and not saved asks first; Stay keeps it, Leave goes; a saved one just goes', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Additional Info Leave', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Referenced Policy') });
  const section = `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/related_info/additional_info`;
  const stored = async () =>
    (await data.api.get<AdditionalInfoList>(data.o(`pnps/${pnp.id}/additional_infos`))).additional_infos;
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  const content = page.getByRole('textbox', { name: 'Content', exact: true });

  // Opened and left empty: nothing to lose, so leaving asks nothing.
  await openAs(page, DemoUsers.admin, section);
  await page.getByRole('button', { name: 'Add Additional Info', exact: true }).click();
  await expect(title).toHaveValue('');
  await libraryLink(page).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);

  await openAs(page, DemoUsers.admin, section);
  await page.getByRole('button', { name: 'Add Additional Info', exact: true }).click();
  await title.fill('Regulation');
  await content.fill('CMS 482.42');
  await libraryLink(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toContainText('Your changes have not been saved.');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/related_info\/additional_info$/);
  await expect(content).toHaveValue('CMS 482.42');

  await libraryLink(page).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  expect(await stored()).toEqual([]);

  // Saved: nothing is left to lose.
  await openAs(page, DemoUsers.admin, section);
  await page.getByRole('button', { name: 'Add Additional Info', exact: true }).click();
  await title.fill('Regulation');
  await content.fill('CMS 482.42');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('CMS 482.42', { exact: true })).toBeVisible();
  await libraryLink(page).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  expect((await stored()).map((i) => i.title)).toEqual(['Regulation']);
});
