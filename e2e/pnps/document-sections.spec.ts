import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { seriousViolations } from '../support/axe';
import { docx, openAs, pdf } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const documentUrl = (pnpId: number, documentId: number, tail = 'version_info/preview'): string =>
  `/orgs/:org/pnps/${pnpId}/pnp_documents/${documentId}/${tail}`;

test('the sections of a published P&P: summary, assignments, related information, read acknowledgements, file', async ({
  page,
  data,
}) => {
  // Many screens in one journey: on a busy two-core machine it takes longer than one screen's minute.
  test.setTimeout(180_000);
  const binder = await data.binder('Infection Control', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const hand = await data.pnp({
    containerId: binder.id,
    name: data.name('Hand Hygiene'),
    paragraphs: ['Alcohol-based hand rub is used before and after every patient contact.'],
    publish: true,
  });
  const conduct = await data.pnp({ containerId: binder.id, name: data.name('Code of Conduct'), publish: true });
  // Reviewers and approvers join after publishing (the test data publishes only without them).
  await data.setParticipants(1, binder.id, {
    owners: [DemoUsers.admin, DemoUsers.binderOwner],
    reviewers: [DemoUsers.reviewer],
    approvers: [DemoUsers.approver],
  });

  await openAs(page, DemoUsers.binderOwner, documentUrl(hand.id, hand.documentId, 'summary'));
  await expect(page.getByRole('heading', { name: 'Summary', exact: true })).toBeVisible();
  // The header's badge (the summary repeats it).
  await expect(page.getByTestId('version-status').first()).toHaveText('Active');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Version Info', exact: true }).click();
  await page.getByRole('link', { name: 'Version Assignments', exact: true }).click();
  const assignments = page.getByRole('table', { name: 'Version Assignments', exact: true });
  await expect(assignments).toContainText('Rita Reviewer');
  await expect(assignments).toContainText('Approver (Step 1)');
  expect(await seriousViolations(page)).toEqual([]);

  // Attachments: add a real PDF, then remove it.
  await page.getByRole('link', { name: 'Related Info', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Attachments', exact: true })).toBeVisible();
  await expect(page.getByTestId('no-records')).toContainText('No Attachments to show');
  await page.getByRole('button', { name: 'Add Attachment', exact: true }).click();
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'Audit Form.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf('Audit', ['Observe ten moments.']),
    });
  await page.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
  const attachments = page.getByRole('table', { name: 'Attachments', exact: true });
  await expect(attachments).toContainText('Audit Form.pdf');
  await expect(attachments).toContainText('Bea Binder');
  await page.getByRole('button', { name: 'Remove Audit Form.pdf', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('no-records')).toContainText('No Attachments to show');

  // Additional information.
  await page.getByRole('link', { name: 'Additional Info', exact: true }).click();
  await page.getByRole('button', { name: 'Add Additional Info', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Regulation');
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('CMS Conditions of Participation 482.42');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('CMS Conditions of Participation 482.42', { exact: true })).toBeVisible();

  // Linked P&Ps, both ways.
  await page.getByRole('link', { name: 'Linked P&Ps', exact: true }).click();
  await page.getByRole('link', { name: 'Edit Linked P&Ps', exact: true }).click();
  const picker = page.getByRole('combobox', { name: 'Linked P&Ps', exact: true });
  await picker.click();
  await picker.fill(conduct.name);
  await page.getByRole('option', { name: new RegExp(`^${conduct.name}`) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Linked P&Ps', exact: true })).toContainText(conduct.name);
  await page.goto(
    documentUrl(conduct.id, conduct.documentId, 'related_info/linked_pnps').replace(':org', String(data.orgId)),
  );
  await expect(page.getByRole('table', { name: 'P&Ps Linking Here', exact: true })).toContainText(hand.name);

  // Read acknowledgements: their lists are empty until read acknowledgements are built.
  await page.goto(documentUrl(hand.id, hand.documentId, 'active_readack').replace(':org', String(data.orgId)));
  await expect(page.getByRole('heading', { name: 'Active Read Acknowledgements', exact: true })).toBeVisible();
  await expect(page.getByTestId('no-records')).toContainText('No Read Acknowledgements to show');
  await page.getByRole('link', { name: 'Closed', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Closed Read Acknowledgements', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Cancelled', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cancelled Read Acknowledgements', exact: true })).toBeVisible();

  // The file screen shows the document and offers the download.
  await page.goto(`/orgs/${data.orgId}/pnps/${hand.id}/pnp_documents/${hand.documentId}/file`);
  await expect(page.getByTestId('preview-file-name')).toHaveText(`${hand.name}.docx`);
  await expect(page.getByTestId('document-html')).toContainText('Alcohol-based hand rub');
  await expect(page.getByRole('link', { name: 'Download', exact: true })).toHaveAttribute('href', /action_name=edit/);
});

test('a PDF version is shown in the page, and the work list shows the drafts a user works on', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Emergency Management', {
    owners: [DemoUsers.admin, DemoUsers.binderOwner],
    audience: [DemoUsers.nurse],
  });
  const meds = await data.pnp({
    containerId: binder.id,
    name: data.name('Medication Administration'),
    format: 'pdf',
    publish: true,
  });
  await openAs(page, DemoUsers.binderOwner, documentUrl(meds.id, meds.documentId));
  await expect(page.getByTestId('pdf-preview')).toHaveAttribute('src', /action_name=view/);

  // The nurse, a reader, may not create here: the server says so.
  await openAs(page, DemoUsers.nurse, documentUrl(meds.id, meds.documentId));
  await expect(page).toHaveURL(new RegExp(`/pnps/${meds.id}/library/${meds.documentId}$`));
  const res = await page.request.fetch(`/api/o/${data.orgId}/pnps`, {
    method: 'POST',
    headers: {
      'x-xsrf-token': decodeURIComponent(
        (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
      ),
    },
    multipart: {
      pnp: JSON.stringify({ name: data.name('Shelter in Place'), container_id: binder.id }),
      document: '{}',
      file: {
        name: 'Shelter.docx',
        mimeType: 'application/octet-stream',
        buffer: await docx('Shelter', ['Stay inside.']),
      },
    },
  });
  expect(res.status()).toBe(403);

  // A draft created for its author shows in the author's list with the task.
  const folder = await data.folder(binder.id, 'Shelter', {
    owners: [DemoUsers.binderOwner],
    authors: [DemoUsers.policyOwner],
  });
  const shelter = data.name('Shelter in Place');
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/new/${folder.id}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(shelter);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please choose a file to upload.', { exact: true })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'Shelter.docx',
    mimeType: 'application/octet-stream',
    buffer: await docx('Shelter', ['Stay inside.']),
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/version_info\/preview$/);

  await openAs(page, DemoUsers.policyOwner, '/orgs/:org/pnp_documents');
  const list = page.getByRole('table', { name: 'P&P Documents', exact: true });
  const row = list.locator('tbody tr').filter({ hasText: shelter });
  await expect(row).toContainText('Authoring');
  await expect(row).toContainText('Author');
  // The switch follows the address (waiting_for_me=true): it turns once the navigation is drawn,
  // after check() would already have given up.
  const waiting = page.getByRole('switch', { name: 'Waiting for me', exact: true });
  await waiting.click();
  await expect(waiting).toBeChecked();
  await expect(page).toHaveURL(/waiting_for_me=true/);
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: shelter, exact: true }).click();
  await expect(page.getByTestId('stage-text')).toHaveText('Draft in Authoring');
});
