import type { UserResponse } from '../../shared/api/users';
import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { openAs } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { taskRowOf } from './task-helpers';

test.use({ actionTimeout: 15_000 });

// A Reviewing stage whose only reviewer has left goes to the P&P's Owners. An Owner may not accept or
// decline a review (only reviewers may), so the task offers what an Owner may do there: send the
// draft back to its authors.
test('an Owner holding the review of a reviewer who left is offered only Send to Authors, and the task goes once used', async ({
  page,
  data,
}) => {
  const username = `e2e.leaver.${data.word}`.toLowerCase();
  const { user: leaver } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Lee', last_name: data.name('Leaving'), email: `${username}@example.com`, username },
  });
  try {
    const reviewer = { type: 'User' as const, id: leaver.id, name: `Lee ${data.name('Leaving')}`, email: null };
    const binder = await data.binder('Stand In', {
      owners: [DemoUsers.binderOwner],
      authors: [DemoUsers.admin],
      reviewers: [reviewer],
    });
    const pnp = await data.pnp({ containerId: binder.id, name: data.name('Hand Hygiene') });
    const documentUrl = data.o(`pnp_documents/${pnp.documentId}?pnp_id=${pnp.id}`);
    await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });
    // The only reviewer leaves while the draft waits for the review: the Owner holds it now.
    await data.api.send('PUT', data.o(`users/${leaver.id}`), { user: { status: 2 }, user_id: leaver.id });

    await openAs(page, DemoUsers.binderOwner, '/orgs/:org/tasks?kind=Review');
    const row = taskRowOf(page, pnp.name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Reviewers have left');
    await expect(row.getByRole('button')).toHaveText(['Send to Authors']);
    await expect(row.getByRole('button', { name: `Accept: ${pnp.name}`, exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Decline: ${pnp.name}`, exact: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Send to Authors: ${pnp.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to Authors' });
    await dialog.getByRole('textbox', { name: 'Comment', exact: true }).fill('Our reviewer has left.');
    await dialog.getByRole('button', { name: 'Send to Authors', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    // The screen goes to the draft it sent back, as Send to Authors does from a Publish task.
    await expect(page).toHaveURL(new RegExp(`/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/`));
    expect((await data.api.get<PnpDocumentResponse>(documentUrl)).pnp_document.draft_stage_label).toBe('Authoring');

    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Tasks/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Tasks', exact: true, level: 1 })).toBeVisible();
    const tasks = page.getByRole('table', { name: 'Tasks', exact: true });
    await expect(tasks).toBeVisible();
    await expect(tasks).not.toHaveAttribute('aria-busy', 'true');
    await expect(taskRowOf(page, pnp.name)).toHaveCount(0);
  } finally {
    await data.api.delete(data.o(`users/${leaver.id}`)).catch(() => undefined);
  }
});
