import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const generalInfo = (pnp: { id: number; documentId: number }): string =>
  `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/pnp_info/general_info`;
const nameBox = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?', exact: true });
const libraryLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Library', exact: true });

test('leaving General Info with unsaved changes asks first; Stay keeps them, Leave goes; a saved form just goes', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Leave Checks', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Leave Me') });
  await openAs(page, DemoUsers.binderOwner, generalInfo(pnp));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const typed = data.name('Half Typed');
  await nameBox(page).fill(typed);

  await libraryLink(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your changes have not been saved.');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/pnp_info\/general_info$/);
  await expect(nameBox(page)).toHaveValue(typed);

  await libraryLink(page).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);

  // Saved: nothing is left to lose, so leaving asks nothing.
  await openAs(page, DemoUsers.binderOwner, generalInfo(pnp));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await nameBox(page).fill(typed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: typed, exact: true })).toBeVisible();
  await libraryLink(page).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);
});

test('leaving while Save is on its way asks, and goes once the save lands', async ({ page, data }) => {
  const binder = await data.binder('Leave Saving', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Saving Me') });
  await openAs(page, DemoUsers.binderOwner, generalInfo(pnp));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const typed = data.name('Saved On The Way');
  await nameBox(page).fill(typed);

  // The save is held on its way until the question is on the screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith(`/pnps/${pnp.id}`),
    async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    },
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await libraryLink(page).click();
  await expect(leaveDialog(page)).toBeVisible();

  // Saved: nothing is left to lose, so the question goes and so does the page.
  release();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  await openAs(page, DemoUsers.binderOwner, generalInfo(pnp));
  await expect(page.getByRole('heading', { level: 1, name: typed, exact: true })).toBeVisible();
});
