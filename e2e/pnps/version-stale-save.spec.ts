import type { Page } from '@playwright/test';
import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const notesBox = (page: Page) => page.getByRole('textbox', { name: 'Notes', exact: true });
const originationBox = (page: Page) => page.getByRole('textbox', { name: 'Origination Date', exact: true });
const editButton = (page: Page) => page.getByRole('button', { name: 'Edit', exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

test('two tabs edit one draft’s General Info: the second save is refused, keeps its typing, and Reload shows the first one’s', async ({
  page,
  context,
  data,
}) => {
  const binder = await data.binder('Version Stale Checks', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Shared Draft') });
  const stored = async () =>
    (await data.api.get<PnpDocumentResponse>(data.o(`pnp_documents/${pnp.documentId}?pnp_id=${pnp.id}`))).pnp_document;
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/general_info`);
  const other = await context.newPage();
  await other.goto(page.url());
  await editButton(page).click();
  await editButton(other).click();
  await expect(notesBox(page)).toHaveValue('');
  await expect(notesBox(other)).toHaveValue('');

  const notes = 'Check the sharps bins every shift.';
  await notesBox(page).fill(notes);
  await saveButton(page).click();
  await expect(page.getByText('Record updated successfully!', { exact: true })).toBeVisible();
  await expect(page.getByText(notes, { exact: true })).toBeVisible();

  await originationBox(other).fill('2026-03-01');
  await saveButton(other).click();
  const refusal = other
    .getByRole('alert')
    .filter({ hasText: 'This version was changed by someone else since you opened it.' });
  await expect(refusal).toContainText('Reload to see their changes, then make yours again.');
  await expect(originationBox(other)).toHaveValue('2026-03-01');
  expect(await stored()).toMatchObject({ notes, origination_dt: null });

  await refusal.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(other.getByText(notes, { exact: true })).toBeVisible();
  await editButton(other).click();
  await expect(notesBox(other)).toHaveValue(notes);
  await originationBox(other).fill('2026-03-01');
  await saveButton(other).click();
  await expect(editButton(other)).toBeVisible();
  await expect(other.getByText('Mar 01, 2026', { exact: true })).toBeVisible();
  expect(await stored()).toMatchObject({ notes, origination_dt: '2026-03-01' });
});
