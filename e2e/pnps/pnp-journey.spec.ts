import type { PnpResponse } from '../../shared/api/pnps';
import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { TenetApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers, type DemoUser } from '../support/users';
import { seriousViolations } from '../support/axe';
import { clickAction, docx, expectStage, openAs } from './pnp-helpers';

/** One call as a user, in a request context of its own that is closed afterwards. */
async function asUser<T>(baseURL: string, user: DemoUser, call: (api: TenetApi) => Promise<T>): Promise<T> {
  const api = await TenetApi.signedIn(baseURL, user);
  try {
    return await call(api);
  } finally {
    await api.dispose();
  }
}

test.use({ actionTimeout: 15_000 });

// The heart of issue 5, with real files: create from a DOCX, author, submit, review, approve in two
// steps, publish; a revision declined and cancelled; a second version; compare; retire and restore.
test('a P&P goes from a DOCX to an Active version, through review and two approval steps, and back', async ({
  page,
  baseURL,
  data,
}) => {
  test.setTimeout(240_000);
  const binder = await data.binder('Clinical Policies', {
    owners: [DemoUsers.binderOwner],
    authors: [DemoUsers.policyOwner],
    reviewers: [DemoUsers.reviewer],
    approvers: [DemoUsers.approver],
  });
  const folder = (await data.folder(binder.id, 'Patient Safety')).id;
  const title = data.name('Visitor Hand Hygiene');
  const first = await docx(title, ['Visitors clean their hands when they enter and leave a patient room.']);

  // The binder owner creates the P&P with the wizard: 'P&P Details', then 'File Upload & Document Details'.
  const orgId = await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/new/${folder}`);
  await expect(page.getByRole('heading', { level: 1, name: 'New P&P', exact: true })).toBeVisible();
  await expect(page.getByText('P&P Details', { exact: true })).toBeVisible();
  await expect(page.getByText('File Upload & Document Details', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('How visitors clean their hands.');
  await expect(page.getByRole('textbox', { name: 'Location', exact: true })).toHaveValue(
    `${binder.name} / ${data.name('Patient Safety')}`,
  );
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: `${title}.docx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: first,
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/pnp_documents\/\d+\/version_info\/preview$/);
  await expect(toastWithText(page, 'Record created successfully!')).toBeVisible();
  const [, pnpId, docId] = /pnps\/(\d+)\/pnp_documents\/(\d+)/.exec(page.url())!;
  await expect(page.getByTestId('version-status')).toHaveText('Draft');
  await expect(page.getByTestId('version-status')).toHaveAttribute('data-colour', 'light orange');
  await expect(page.getByTestId('document-html')).toContainText(
    'Visitors clean their hands when they enter and leave a patient room.',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // A second approval step: Nora Nurse approves after Alan Approver (the P&P gets its own participants).
  await page.getByRole('link', { name: 'P&P Info', exact: true }).click();
  await page.getByRole('link', { name: 'Assignments', exact: true }).click();
  await page.getByRole('button', { name: 'Edit Assignments', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Inherit the participants of the binder or folder', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Add Approval Step', exact: true }).click();
  const step2 = page.getByRole('combobox', { name: 'Approvers (Step 2)', exact: true });
  await step2.click();
  await step2.fill('Nora');
  await page.getByRole('option', { name: 'Nora Nurse', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('This P&P has its own participants.', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'P&P Assignments', exact: true })).toContainText('Nora Nurse');

  const docPath = `/orgs/${orgId}/pnps/${pnpId}/pnp_documents/${docId}`;
  // The author edits the draft, then submits it.
  await openAs(page, DemoUsers.policyOwner, `${docPath}/general_info`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Aligned with the visitor policy.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Aligned with the visitor policy.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('workflow-progress')).toBeVisible();
  await clickAction(page, 'Submit');
  await expectStage(page, 'Draft in Reviewing');

  // The reviewer accepts; the approvers of step 1 and step 2 approve.
  await openAs(page, DemoUsers.reviewer, docPath);
  await expect(
    page.getByTestId('workflow-actions').getByRole('button', { name: 'Decline', exact: true }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await clickAction(page, 'Accept');
  await expectStage(page, 'Draft in Approving: Step 1');
  await openAs(page, DemoUsers.approver, docPath);
  await expect(
    page.getByTestId('workflow-actions').getByRole('button', { name: 'Approve', exact: true }),
  ).toBeVisible();
  await clickAction(page, 'Approve');
  await expectStage(page, 'Draft in Approving: Step 2');
  await expect(page.getByTestId('workflow-actions').getByRole('button', { name: 'Approve', exact: true })).toHaveCount(
    0,
  );
  await openAs(page, DemoUsers.nurse, docPath);
  await clickAction(page, 'Approve');
  await expectStage(page, 'Draft in Publishing');

  // The owner publishes with its dates; the version is Active with its preview.
  await openAs(page, DemoUsers.binderOwner, docPath);
  await page.getByTestId('workflow-actions').getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog');
  await publish.getByRole('textbox', { name: 'Effective Date', exact: true }).fill('2026-01-15');
  await publish.getByRole('combobox', { name: 'Review Cycle', exact: true }).click();
  await page.getByRole('option', { name: '2 years', exact: true }).click();
  await publish.getByRole('combobox', { name: 'Reminder', exact: true }).click();
  await page.getByRole('option', { name: '90 days before', exact: true }).click();
  await expect(publish.getByTestId('derived-review-date')).toHaveText('Jan 15, 2028');
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByTestId('version-status')).toHaveText('Active');
  await expect(page.getByTestId('version-status')).toHaveAttribute('data-colour', 'light green');
  await expect(page.getByTestId('pnp-status').first()).toHaveText('ACTIVE');
  await expect(page.getByTestId('document-html')).toContainText('Visitors clean their hands');

  // A revision: started by the author, declined by the reviewer back to Authoring, then cancelled.
  await openAs(page, DemoUsers.policyOwner, docPath);
  await page.getByTestId('workflow-actions').getByRole('button', { name: 'Start Review', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start Review', exact: true }).click();
  await expect(page).toHaveURL(/general_info$/);
  const revisionPath = page.url().replace(/\/general_info$/, '');
  await expectStage(page, 'Draft in Authoring');
  await clickAction(page, 'Submit');
  await expectStage(page, 'Draft in Reviewing');
  await openAs(page, DemoUsers.reviewer, revisionPath);
  await page.getByTestId('workflow-actions').getByRole('button', { name: 'Decline', exact: true }).click();
  const decline = page.getByRole('dialog');
  await decline.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(decline.getByText('Comment is required.', { exact: true })).toBeVisible();
  await decline.getByRole('textbox', { name: 'Comment', exact: true }).fill('Please add the hours for visitors.');
  await decline.getByRole('button', { name: 'Decline', exact: true }).click();
  await expectStage(page, 'Draft in Authoring');
  await openAs(page, DemoUsers.policyOwner, `${revisionPath}/history`);
  await expect(page.getByRole('table', { name: 'Workflow History', exact: true })).toContainText(
    'Please add the hours for visitors.',
  );
  await clickAction(page, 'Cancel Draft');
  await expect(page).toHaveURL(new RegExp(`pnp_documents/${docId}/version_info/preview$`));
  await expect(page.getByTestId('version-status')).toHaveText('Active');

  // A second version, published through the API, then compared with the first on the versions screen.
  const second = await docx(title, [
    'Visitors clean their hands when they enter and leave a patient room.',
    'Visiting hours are from 8 am to 8 pm.',
  ]);
  const revision = await asUser(baseURL!, DemoUsers.policyOwner, (api) =>
    api.post<PnpDocumentResponse>(`o/${orgId}/pnp_documents/${docId}/start_revision?pnp_id=${pnpId}`, {}),
  );
  const v2 = revision.pnp_document.id;
  const form = await page.request.fetch(`/api/o/${orgId}/pnps/${pnpId}/pnp_documents/${v2}/upload_document`, {
    method: 'POST',
    headers: {
      'x-xsrf-token': decodeURIComponent(
        (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
      ),
    },
    multipart: {
      file: {
        name: 'Visitor Hand Hygiene v2.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: second,
      },
    },
  });
  expect(form.status()).toBe(200);
  const step = (user: DemoUser, body: object) =>
    asUser(baseURL!, user, (api) => api.post(`o/${orgId}/pnp_documents/${v2}/workflow?pnp_id=${pnpId}`, body));
  await step(DemoUsers.policyOwner, { action: 'submit' });
  await step(DemoUsers.reviewer, { action: 'accept_review' });
  await step(DemoUsers.approver, { action: 'approve' });
  await step(DemoUsers.nurse, { action: 'approve' });
  await step(DemoUsers.binderOwner, {
    action: 'publish',
    effective_dt: '2026-02-01',
    review_cycle_years: 1,
    reminder_days: 30,
  });

  await openAs(page, DemoUsers.policyOwner, `${docPath}/versions`);
  const versions = page.getByRole('table', { name: 'Versions', exact: true });
  await expect(versions.locator('tbody tr')).toHaveCount(2);
  await expect(versions.locator('tbody tr').first()).toContainText('Active');
  await expect(versions.locator('tbody tr').nth(1)).toContainText('Archived');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const diff = page.getByRole('table', { name: 'Differences', exact: true });
  await expect(diff.locator('ins')).toContainText('Visiting hours are from 8 am to 8 pm.');
  await expect(page.getByTestId('version-compare')).toContainText('Version 1 (Archived)');

  // Retire with a reason (binder owner), restore (org admin).
  await openAs(page, DemoUsers.binderOwner, `/orgs/${orgId}/pnps/${pnpId}/pnp_documents/${v2}/pnp_info/general_info`);
  await page.getByRole('button', { name: 'Retire', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Reason', exact: true })
    .fill('Replaced by the visitor policy.');
  await page.getByRole('dialog').getByRole('button', { name: 'Retire', exact: true }).click();
  await expect(page.getByTestId('pnp-status').first()).toHaveText('RETIRED');
  await expect(page.getByRole('button', { name: 'Restore', exact: true })).toHaveCount(0);
  await openAs(page, DemoUsers.admin, `/orgs/${orgId}/pnps/${pnpId}/pnp_documents/${v2}/pnp_info/general_info`);
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByTestId('pnp-status').first()).toHaveText('ACTIVE');
  const pnp = await asUser(baseURL!, DemoUsers.admin, (api) => api.get<PnpResponse>(`o/${orgId}/pnps/${pnpId}`));
  expect(pnp.pnp).toMatchObject({ status: 2, active_document: { id: v2 } });
});
