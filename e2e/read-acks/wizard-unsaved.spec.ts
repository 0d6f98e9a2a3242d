import type { Page } from '@playwright/test';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { readerLabel } from './reader-label';

test.use({ actionTimeout: 15_000 });

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?', exact: true });
const libraryLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Library', exact: true });

test('leaving the read acknowledgement wizard with readers chosen asks first; Stay keeps the step and its choices', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Read Leave', {
    owners: [DemoUsers.admin, DemoUsers.policyOwner],
    audience: [DemoUsers.nurse],
  });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Sharps Disposal'), publish: true });
  await openAs(page, DemoUsers.policyOwner, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/active_readack`);
  await page.getByRole('link', { name: 'New Read Acknowledgement', exact: true }).click();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  const typed = data.name('Ward Read');
  await name.fill(typed);
  await page.getByRole('textbox', { name: 'Due Date', exact: true }).fill('2030-01-31');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });
  await readers.click();
  await readers.fill('Nora');
  await page.getByRole('option', { name: readerLabel(DemoUsers.nurse), exact: true }).click();
  await page.keyboard.press('Escape');

  await libraryLink(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toContainText('Your changes have not been saved.');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Readers', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Chosen readers', exact: true })).toHaveText(
    readerLabel(DemoUsers.nurse),
  );

  await libraryLink(page).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
});
