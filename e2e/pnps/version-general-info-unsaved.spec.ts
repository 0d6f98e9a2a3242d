import type { Page } from '@playwright/test';
import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const notesBox = (page: Page) => page.getByRole('textbox', { name: 'Notes', exact: true });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?', exact: true });
const libraryLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Library', exact: true });

test('leaving a version’s General Info with unsaved changes asks first; Stay keeps them, Leave goes; a saved form just goes', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Version Leave Checks', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Leave My Notes') });
  const generalInfo = `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/general_info`;
  const storedNotes = async () =>
    (await data.api.get<PnpDocumentResponse>(data.o(`pnp_documents/${pnp.documentId}?pnp_id=${pnp.id}`))).pnp_document
      .notes;

  // Opened and left unchanged: nothing to lose, so leaving asks nothing.
  await openAs(page, DemoUsers.binderOwner, generalInfo);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(notesBox(page)).toHaveValue('');
  await libraryLink(page).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);

  await openAs(page, DemoUsers.binderOwner, generalInfo);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const typed = 'Half typed notes about the sharps bins.';
  await notesBox(page).fill(typed);
  await libraryLink(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toContainText('Your changes have not been saved.');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/general_info$/);
  await expect(notesBox(page)).toHaveValue(typed);

  await libraryLink(page).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  expect(await storedNotes()).toBeNull();

  // Saved: nothing is left to lose.
  await openAs(page, DemoUsers.binderOwner, generalInfo);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await notesBox(page).fill(typed);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved when the form has closed: the typed text alone is also the textarea's own content while
  // the save is still on its way, and leaving then is still asked about.
  await expect(notesBox(page)).toHaveCount(0);
  await expect(page.getByText(typed, { exact: true })).toBeVisible();
  await libraryLink(page).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  expect(await storedNotes()).toBe(typed);
});
