import type { Page } from '@playwright/test';
import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const documentUrl = (pnpId: number, documentId: number, tail = 'version_info/preview'): string =>
  `/orgs/:org/pnps/${pnpId}/pnp_documents/${documentId}/${tail}`;

/** Starts a revision of a published P&P and publishes it (the binder has no reviewers or approvers). */
async function publishVersion2(data: TestData, pnpId: number, activeId: number): Promise<number> {
  const { pnp_document: draft } = await data.api.post<PnpDocumentResponse>(
    data.o(`pnp_documents/${activeId}/start_revision?pnp_id=${pnpId}`),
    {},
  );
  const workflow = data.o(`pnp_documents/${draft.id}/workflow?pnp_id=${pnpId}`);
  await data.api.post(workflow, { action: 'submit' });
  await data.api.post(workflow, {
    action: 'publish',
    effective_dt: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    review_cycle_years: 1,
    reminder_days: 30,
  });
  return draft.id;
}

const signedIn = (page: Page) => expect(page.getByTestId('user-menu')).toBeVisible();

test('a reader opening a management address reads the P&P instead, and a refusal never signs her out', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Reader Door', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const published = await data.pnp({ containerId: binder.id, name: data.name('Ward Rounds'), publish: true });
  const draft = await data.pnp({ containerId: binder.id, name: data.name('Unpublished Rounds') });

  // History of a published P&P: the reading view, not the management tabs, and still signed in.
  await openAs(page, DemoUsers.nurse, documentUrl(published.id, published.documentId, 'history'));
  await expect(page).toHaveURL(new RegExp(`/pnps/${published.id}/library/${published.documentId}$`));
  await expect(page.getByRole('heading', { level: 1, name: published.name, exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'P&P document sections', exact: true })).toHaveCount(0);
  await signedIn(page);

  // A draft she may not see: said in place, without its name, the session kept.
  await page.goto(documentUrl(draft.id, draft.documentId).replace(':org', String(data.orgId)));
  await expect(page.getByTestId('pnp-not-found')).toContainText(
    'This P&P no longer exists, or you do not have access to it.',
  );
  await expect(page.getByText(draft.name)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/pnps/${draft.id}/pnp_documents/${draft.documentId}/`));
  await signedIn(page);
});

test('breadcrumbs name the P&P and the version, and Compare keeps a version chosen again', async ({ page, data }) => {
  const binder = await data.binder('Named Crumbs', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Sharps Disposal'), publish: true });
  const version2 = await publishVersion2(data, pnp.id, pnp.documentId);

  await openAs(page, DemoUsers.binderOwner, documentUrl(pnp.id, pnp.documentId, 'versions'));
  const trail = page.getByRole('navigation', { name: 'Breadcrumb', exact: true });
  await expect(trail.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
  await expect(trail.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(trail).not.toContainText('Document');
  await expect(trail).not.toContainText(`P&P ${pnp.id}`);

  // Compare: choosing the version already chosen keeps it.
  const from = page
    .getByRole('textbox', { name: 'Compare', exact: true })
    .or(page.getByRole('combobox', { name: 'Compare', exact: true }));
  await expect(from).toHaveValue('Version 1 (Archived)');
  await from.click();
  await page.getByRole('option', { name: 'Version 1 (Archived)', exact: true }).click();
  await expect(from).toHaveValue('Version 1 (Archived)');
  await expect(page.getByRole('button', { name: 'Compare', exact: true })).toBeEnabled();

  // The P&P's crumb opens its current version.
  await trail.getByRole('link', { name: pnp.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/pnp_documents/${version2}/version_info/preview$`));
  await expect(trail.getByText('Version 2', { exact: true })).toBeVisible();
});

test('the retire dialog shows what retiring breaks; a retired P&P says RETIRED, when, by whom and why', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Retiring', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const elsewhere = await data.binder('Out of Sight', { owners: [DemoUsers.admin] });
  const target = await data.pnp({ containerId: binder.id, name: data.name('Isolation Gowns'), publish: true });
  const linker = await data.pnp({ containerId: binder.id, name: data.name('Contact Precautions'), publish: true });
  const hidden = await data.pnp({ containerId: elsewhere.id, name: data.name('Secret Linker'), publish: true });
  for (const from of [linker, hidden])
    await data.api.send('PUT', data.o(`pnps/${from.id}/pnp_links`), { linked_pnp_ids: [target.id] });

  await openAs(page, DemoUsers.binderOwner, documentUrl(target.id, target.documentId));
  await expect(page.getByTestId('version-status')).toHaveText('Active');
  await page.getByRole('button', { name: 'Retire', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const impact = dialog.getByTestId('retire-impact');
  await expect(impact.getByText('2 published P&Ps link to this one:', { exact: true })).toBeVisible();
  await expect(impact.getByRole('link', { name: linker.name, exact: true })).toHaveAttribute(
    'href',
    new RegExp(`/pnps/${linker.id}/pnp_documents/${linker.documentId}/`),
  );
  await expect(impact.getByText('1 more P&P you do not have access to links here.', { exact: true })).toBeVisible();
  await expect(impact).not.toContainText(hidden.name);
  await expect(impact.getByText('No active read acknowledgement is cancelled.', { exact: true })).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('Replaced by the 2027 gown policy');
  // Nothing asks the retired P&P what retiring it would break (that was a refused request each time).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await dialog.getByRole('button', { name: 'Retire', exact: true }).click();

  const banner = page.getByTestId('retired-banner');
  await expect(banner).toContainText('RETIRED');
  await expect(banner.getByTestId('retired-when')).toHaveText(/^Retired on \w{3} \d{2}, \d{4} by Bea Binder\.$/);
  await expect(banner.getByTestId('retired-reason')).toHaveText('Reason: Replaced by the 2027 gown policy');
  await expect(page.getByTestId('pnp-status')).toHaveText('RETIRED');
  await expect(page.getByTestId('version-status')).toHaveCount(0);
  await expect(page.getByTestId('workflow-progress')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a document longer than the search index holds says that only its first part is searched', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Long Texts', { owners: [DemoUsers.admin] });
  // 24,000 distinct words (about 190,000 characters): past the 150,000 characters the index holds.
  const words = Array.from({ length: 24_000 }, (_, i) => `term${i.toString(36)}`).join(' ');
  const long = await data.pnp({
    containerId: binder.id,
    name: data.name('Formulary'),
    format: 'txt',
    paragraphs: [words],
  });
  const short = await data.pnp({ containerId: binder.id, name: data.name('Short Memo'), format: 'txt' });
  const notice = page.getByText('Only the first part of this document can be searched.', { exact: true });

  await openAs(page, DemoUsers.admin, documentUrl(long.id, long.documentId));
  await expect(page.getByTestId('preview-file-name')).toHaveText(`${long.name}.txt`);
  await expect(notice).toBeVisible();

  await openAs(page, DemoUsers.admin, documentUrl(short.id, short.documentId));
  await expect(page.getByTestId('preview-file-name')).toHaveText(`${short.name}.txt`);
  await expect(notice).toHaveCount(0);
});

test('a draft never published is deleted from its page: the work list opens and nothing asks for it again', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Deleting', { owners: [DemoUsers.admin] });
  const draft = await data.pnp({ containerId: binder.id, name: data.name('Abandoned Draft') });

  await openAs(page, DemoUsers.admin, documentUrl(draft.id, draft.documentId));
  await expect(page.getByRole('heading', { level: 1, name: draft.name, exact: true })).toBeVisible();
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete', exact: true });
  await expect(dialog).toContainText(`Delete ${draft.name}? It was never published; it and its files are removed.`);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnp_documents$/);
  await expect(page.getByText('Record deleted successfully!', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: draft.name, exact: true })).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a long word typed in the notes breaks inside its box instead of widening the page', async ({ page, data }) => {
  const binder = await data.binder('Long Words', { owners: [DemoUsers.admin] });
  const draft = await data.pnp({ containerId: binder.id, name: data.name('Wide Notes') });
  const word = 'x'.repeat(400);
  await data.api.send('PUT', data.o(`pnp_documents/${draft.documentId}`), {
    pnp_id: draft.id,
    document: { notes: `See ${word}` },
  });

  await openAs(page, DemoUsers.admin, documentUrl(draft.id, draft.documentId, 'general_info'));
  const notes = page.getByText(`See ${word}`, { exact: true });
  await expect(notes).toBeVisible();
  const widths = await notes.evaluate((element) => ({
    text: element.scrollWidth,
    box: element.clientWidth,
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.text).toBeLessThanOrEqual(widths.box);
  expect(widths.page).toBeLessThanOrEqual(widths.window);
});
