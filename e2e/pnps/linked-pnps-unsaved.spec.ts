import type { Page } from '@playwright/test';
import type { PnpLinks } from '../../shared/api/pnps';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const editLinks = (pnp: { id: number; documentId: number }): string =>
  `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/related_info/linked_pnps/edit`;
const picker = (page: Page) => page.getByRole('combobox', { name: 'Linked P&Ps', exact: true });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?', exact: true });
const libraryLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Library', exact: true });

async function pick(page: Page, name: string): Promise<void> {
  await picker(page).click();
  await picker(page).fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await page.keyboard.press('Escape');
}

test('leaving Edit Linked P&Ps with a link chosen and not saved asks first; Stay keeps it, Leave goes; Save and Cancel just go', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Link Leave Checks', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const hand = await data.pnp({ containerId: binder.id, name: data.name('Hand Hygiene') });
  const gloves = await data.pnp({ containerId: binder.id, name: data.name('Glove Use') });
  const links = () => data.api.get<PnpLinks>(data.o(`pnps/${hand.id}/pnp_links`));
  await openAs(page, DemoUsers.binderOwner, editLinks(hand));
  await expect(page.getByRole('heading', { name: 'Edit Linked P&Ps', exact: true })).toBeVisible();

  // Nothing chosen yet: leaving asks nothing.
  await libraryLink(page).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);

  await openAs(page, DemoUsers.binderOwner, editLinks(hand));
  await pick(page, gloves.name);
  await libraryLink(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toContainText('Your changes have not been saved.');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/related_info\/linked_pnps\/edit$/);
  await expect(page.getByText(new RegExp(`^${gloves.name}`))).toBeVisible();

  await libraryLink(page).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  expect((await links()).linked_pnps).toEqual([]);

  // Cancel drops the choice by the user's own decision: it asks nothing.
  await openAs(page, DemoUsers.binderOwner, editLinks(hand));
  await pick(page, gloves.name);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/related_info\/linked_pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);

  // Saved: nothing is left to lose.
  await openAs(page, DemoUsers.binderOwner, editLinks(hand));
  await pick(page, gloves.name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Linked P&Ps', exact: true })).toContainText(gloves.name);
  await expect(leaveDialog(page)).toHaveCount(0);
  expect((await links()).linked_pnps.map((p) => p.id)).toEqual([gloves.id]);
});

test('Edit Linked P&Ps offers Save only once the saved links are in: a failed load says so, and Try again brings them', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Link Load Checks', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const hand = await data.pnp({ containerId: binder.id, name: data.name('Hand Hygiene') });
  const gloves = await data.pnp({ containerId: binder.id, name: data.name('Glove Use') });
  await data.api.send('PUT', data.o(`pnps/${hand.id}/pnp_links`), { linked_pnp_ids: [gloves.id] });
  const linksUrl = (url: URL) => url.pathname.endsWith(`/pnps/${hand.id}/pnp_links`);
  await page.route(linksUrl, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' })
      : route.continue(),
  );
  await openAs(page, DemoUsers.binderOwner, editLinks(hand));

  // Saving now would have replaced the P&P's links with nothing: there is no Save to press.
  const failed = page.getByRole('alert').filter({ hasText: 'The linked P&Ps could not be loaded' });
  await expect(failed).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(picker(page)).toHaveCount(0);

  await page.unroute(linksUrl);
  await failed.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(page.getByText(new RegExp(`^${gloves.name}`))).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Linked P&Ps', exact: true })).toContainText(gloves.name);
  const saved = await data.api.get<PnpLinks>(data.o(`pnps/${hand.id}/pnp_links`));
  expect(saved.linked_pnps.map((p) => p.id)).toEqual([gloves.id]);
});
