import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { policyFile } from '../support/documents';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { expectStage, openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

test('an approval given on a page opened before the file was replaced is refused, approves nothing and offers to reload', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Stale Approval', { owners: [DemoUsers.admin], approvers: [DemoUsers.approver] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Stale Approval Policy') });
  const workflow = data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`);
  const stored = async () =>
    (await data.api.get<PnpDocumentResponse>(data.o(`pnp_documents/${pnp.documentId}?pnp_id=${pnp.id}`))).pnp_document;
  await data.api.post(workflow, { action: 'submit' });

  await openAs(page, DemoUsers.approver, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}`);
  await expectStage(page, 'Draft in Approving: Step 1');
  const fileName = page.getByTestId('preview-file-name');
  const fileSeen = await fileName.textContent();

  // Meanwhile the owner replaces the file (back to Authoring) and submits it again: Approving, step 1.
  await data.api.postMultipart(data.o('pnp_documents/replace_file'), {
    pnp_id: String(pnp.id),
    id: String(pnp.documentId),
    file: await policyFile('Changed', ['A rule the approver has not read.']),
  });
  await data.api.post(workflow, { action: 'submit' });
  const changed = await stored();
  expect(changed).toMatchObject({ draft_stage: 4, approval_step: 1 });
  expect(changed.file?.name).not.toBe(fileSeen);

  // The page still shows the first file; Approve there.
  await expectStage(page, 'Draft in Approving: Step 1');
  await expect(fileName).toHaveText(fileSeen ?? '');
  await page.getByTestId('workflow-actions').getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'This draft changed since you opened it' });
  await expect(refusal).toContainText('Reload to see it as it is now, then act again.');
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
  const after = await stored();
  expect(after).toMatchObject({ draft_stage: 4, approval_step: 1 });
  expect(after.approval_steps[0]?.approvers.map((a) => a.decision)).toEqual(['pending']);

  // Reload shows the draft as it is now; approving it then is what the approver means.
  await refusal.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(fileName).toHaveText(changed.file?.name ?? '');
  await page.getByTestId('workflow-actions').getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Record updated successfully!', { exact: true })).toBeVisible();
  expect((await stored()).draft_stage).toBe(5);
});
