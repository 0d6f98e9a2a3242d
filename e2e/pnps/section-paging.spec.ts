import type { Locator, Page } from '@playwright/test';
import { policyFile } from '../support/documents';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const documentUrl = (pnpId: number, documentId: number, tail: string): string =>
  `/orgs/:org/pnps/${pnpId}/pnp_documents/${documentId}/${tail}`;

/** The pager under a table: its 'Showing ...' line and its Next button. */
const pagerOf = (page: Page): Locator => page.getByTestId('pagination-footer');

test('a P&P with more than ten attachments pages them: the eleventh is on page 2', async ({ page, data }) => {
  test.setTimeout(120_000);
  const binder = await data.binder('Attachment Paging', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Many Attachments') });
  for (let n = 1; n <= 11; n += 1) {
    const title = `Form ${String(n).padStart(2, '0')} ${data.word}`;
    await data.api.postMultipart(data.o(`pnps/${pnp.id}/attachments`), {
      file: await policyFile(title, [`Form ${n}.`], 'txt'),
    });
  }

  await openAs(page, DemoUsers.admin, documentUrl(pnp.id, pnp.documentId, 'related_info/attachments'));
  const table = page.getByRole('table', { name: 'Attachments', exact: true });
  await expect(table.getByRole('link', { name: `Form 01 ${data.word}.txt`, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: `Form 11 ${data.word}.txt`, exact: true })).toHaveCount(0);
  await expect(pagerOf(page)).toContainText('Showing 1 - 10 of 11 Attachments');

  await pagerOf(page).getByRole('button', { name: 'Next', exact: true }).click();
  await expect(table.getByRole('link', { name: `Form 11 ${data.word}.txt`, exact: true })).toBeVisible();
  await expect(pagerOf(page)).toContainText('Showing 11 - 11 of 11 Attachments');
});

test('a P&P with more than ten participants pages its P&P and version assignments', async ({ page, data }) => {
  test.setTimeout(120_000);
  // One owner, one reviewer and the same approver at each of the ten steps: twelve assignments,
  // eleven of them reviewing or approving the draft.
  const binder = await data.binder('Assignment Paging', {
    owners: [DemoUsers.admin],
    reviewers: [DemoUsers.reviewer],
    approvers: [DemoUsers.approver],
    approversStep2: [DemoUsers.approver],
    approversStep3: [DemoUsers.approver],
    approversStep4: [DemoUsers.approver],
    approversStep5: [DemoUsers.approver],
    approversStep6: [DemoUsers.approver],
    approversStep7: [DemoUsers.approver],
    approversStep8: [DemoUsers.approver],
    approversStep9: [DemoUsers.approver],
    approversStep10: [DemoUsers.approver],
  });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Many Participants') });

  await openAs(page, DemoUsers.admin, documentUrl(pnp.id, pnp.documentId, 'pnp_info/assignments'));
  const assignments = page.getByRole('table', { name: 'P&P Assignments', exact: true });
  // Sorted by role: the ten approvers first, the owner and the reviewer after them.
  await expect(assignments.getByRole('cell', { name: 'Approver (Step 1)', exact: true })).toBeVisible();
  await expect(assignments.getByRole('cell', { name: 'Ada Admin', exact: true })).toHaveCount(0);
  await expect(pagerOf(page)).toContainText('Showing 1 - 10 of 12 Assignments');
  await pagerOf(page).getByRole('button', { name: 'Next', exact: true }).click();
  await expect(assignments.getByRole('cell', { name: 'Ada Admin', exact: true })).toBeVisible();
  await expect(assignments.getByRole('cell', { name: 'Rita Reviewer', exact: true })).toBeVisible();

  await page.goto(page.url().replace('pnp_info/assignments', 'version_info/assignments'));
  const version = page.getByRole('table', { name: 'Version Assignments', exact: true });
  await expect(version.getByRole('cell', { name: 'Rita Reviewer', exact: true })).toBeVisible();
  await expect(version.getByRole('cell', { name: 'Approver (Step 10)', exact: true })).toHaveCount(0);
  await expect(pagerOf(page)).toContainText('Showing 1 - 10 of 11 Assignments');
  await pagerOf(page).getByRole('button', { name: 'Next', exact: true }).click();
  await expect(version.getByRole('cell', { name: 'Approver (Step 10)', exact: true })).toBeVisible();
});
