import { expect, test } from '@playwright/test';
import type { PnpList } from '../../shared/api/pnps';
import { TenetApi } from '../support/api';
import { DemoUsers } from '../support/users';
import { docx, folderId, openAs, pdf, seriousViolations } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

async function demoPnp(baseURL: string, name: string): Promise<{ orgId: number; path: string; pnpId: number }> {
  const api = await TenetApi.signedIn(baseURL, DemoUsers.binderOwner);
  const orgId = (await api.session()).org?.id ?? 0;
  const list = await api.get<PnpList>(`o/${orgId}/pnps?search=${encodeURIComponent(name)}`);
  await api.dispose();
  const pnp = list.pnps.find((p) => p.name === name)!;
  return { orgId, pnpId: pnp.id, path: `/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${pnp.current_document_id}` };
}

test('the sections of a published P&P: summary, assignments, related information, read acknowledgements, file', async ({
  page,
  baseURL,
}) => {
  const hand = await demoPnp(baseURL!, 'Hand Hygiene');
  await openAs(page, DemoUsers.binderOwner, `${hand.path}/summary`);
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByTestId('version-status').first()).toHaveText('Active');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Version Info' }).click();
  await page.getByRole('link', { name: 'Version Assignments' }).click();
  const assignments = page.getByRole('table', { name: 'Version Assignments' });
  await expect(assignments).toContainText('Rita Reviewer');
  await expect(assignments).toContainText('Approver (Step 1)');
  expect(await seriousViolations(page)).toEqual([]);

  // Attachments: add a real PDF, then remove it.
  await page.getByRole('link', { name: 'Related Info' }).click();
  await expect(page.getByRole('heading', { name: 'Attachments' })).toBeVisible();
  await expect(page.getByTestId('no-records')).toContainText('No Attachments to show');
  await page.getByRole('button', { name: 'Add Attachment' }).click();
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'Audit Form.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf('Audit', ['Observe ten moments.']),
    });
  await page.getByRole('dialog').getByRole('button', { name: 'Upload' }).click();
  const attachments = page.getByRole('table', { name: 'Attachments' });
  await expect(attachments).toContainText('Audit Form.pdf');
  await expect(attachments).toContainText('Bea Binder');
  await page.getByRole('button', { name: 'Remove Audit Form.pdf' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('no-records')).toContainText('No Attachments to show');

  // Additional information.
  await page.getByRole('link', { name: 'Additional Info' }).click();
  await page.getByRole('button', { name: 'Add Additional Info' }).click();
  await page.getByLabel('Title').fill('Regulation');
  await page.getByLabel('Content').fill('CMS Conditions of Participation 482.42');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('CMS Conditions of Participation 482.42')).toBeVisible();

  // Linked P&Ps, both ways.
  await page.getByRole('link', { name: 'Linked P&Ps' }).click();
  await page.getByRole('link', { name: 'Edit Linked P&Ps' }).click();
  const picker = page.getByRole('combobox', { name: 'Linked P&Ps' });
  await picker.click();
  await picker.fill('Code of');
  await page.getByRole('option', { name: /^Code of Conduct/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table', { name: 'Linked P&Ps' })).toContainText('Code of Conduct');
  const conduct = await demoPnp(baseURL!, 'Code of Conduct');
  await page.goto(`${conduct.path}/related_info/linked_pnps`);
  await expect(page.getByRole('table', { name: 'P&Ps Linking Here' })).toContainText('Hand Hygiene');

  // Read acknowledgements: their lists are empty until read acknowledgements are built.
  await page.goto(`${hand.path}/active_readack`);
  await expect(page.getByRole('heading', { name: 'Active Read Acknowledgements' })).toBeVisible();
  await expect(page.getByTestId('no-records')).toContainText('No Read Acknowledgements to show');
  await page.getByRole('link', { name: 'Closed', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Closed Read Acknowledgements' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancelled', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cancelled Read Acknowledgements' })).toBeVisible();

  // The file screen shows the document and offers the download.
  await page.goto(`${hand.path}/file`);
  await expect(page.getByTestId('preview-file-name')).toHaveText('Hand Hygiene.docx');
  await expect(page.getByTestId('document-html')).toContainText('Alcohol-based hand rub');
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /action_name=edit/);
});

test('a PDF version is shown in the page, and the work list shows the drafts a user works on', async ({
  page,
  baseURL,
}) => {
  const meds = await demoPnp(baseURL!, 'Medication Administration');
  await openAs(page, DemoUsers.nurse, meds.path);
  await expect(page.getByTestId('pdf-preview')).toHaveAttribute('src', /action_name=view/);
  await expect(page.getByTestId('workflow-actions').getByRole('button')).toHaveCount(0);

  // A draft created for the author shows in their list with their task.
  const folder = await folderId(baseURL!, DemoUsers.binderOwner, 'Emergency Management');
  const res = await page.request.fetch(`/api/o/${meds.orgId}/pnps`, {
    method: 'POST',
    headers: {
      'x-xsrf-token': decodeURIComponent(
        (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
      ),
    },
    multipart: {
      pnp: JSON.stringify({ name: 'Shelter in Place', container_id: folder }),
      document: '{}',
      file: {
        name: 'Shelter.docx',
        mimeType: 'application/octet-stream',
        buffer: await docx('Shelter', ['Stay inside.']),
      },
    },
  });
  // The nurse may not create here: the server says so.
  expect(res.status()).toBe(403);
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/new/${folder}`);
  await page.getByLabel('Name').fill('Shelter in Place');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please choose a file to upload.')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'Shelter.docx',
    mimeType: 'application/octet-stream',
    buffer: await docx('Shelter', ['Stay inside.']),
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/version_info\/preview$/);

  await openAs(page, DemoUsers.policyOwner, '/orgs/:org/pnp_documents');
  const list = page.getByRole('table', { name: 'P&P Documents' });
  const row = list.locator('tbody tr').filter({ hasText: 'Shelter in Place' });
  await expect(row).toContainText('Authoring');
  await expect(row).toContainText('Author');
  await page.getByLabel('Waiting for me').check();
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: 'Shelter in Place' }).click();
  await expect(page.getByTestId('stage-text')).toHaveText('Draft in Authoring');
});

test('a refused upload says why and creates nothing', async ({ page, baseURL }) => {
  const folder = await folderId(baseURL!, DemoUsers.binderOwner, 'Onboarding');
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/new/${folder}`);
  await page.getByLabel('Name').fill('Not a document');
  await page.getByRole('button', { name: 'Next' }).click();
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: exe });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('The file policy.pdf is not an accepted type. Accepted types: DOCX, DOC, PDF, XLSX, PPTX, TXT.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/pnps\/new\//);
});
