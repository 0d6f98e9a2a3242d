import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('Waiting for me on P&P Documents stays on after a reload, and Back turns it off again', async ({ page, data }) => {
  // Two drafts the policy owner works on: one waits for them (they author it), one does not yet
  // (they review it, and it is still being written).
  const binder = await data.binder('Waiting');
  const authored = await data.folder(binder.id, 'Authored', { authors: [DemoUsers.policyOwner] });
  const reviewed = await data.folder(binder.id, 'Reviewed', { reviewers: [DemoUsers.policyOwner] });
  const mine = await data.pnp({ containerId: authored.id, name: data.name('Mine to Write') });
  const later = await data.pnp({ containerId: reviewed.id, name: data.name('Not Yet Mine') });

  await openAs(page, DemoUsers.policyOwner, '/orgs/:org/pnp_documents');
  const list = page.getByRole('table', { name: 'P&P Documents', exact: true });
  const waiting = page.getByRole('switch', { name: 'Waiting for me', exact: true });
  await expect(list.getByRole('link', { name: mine.name, exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: later.name, exact: true })).toBeVisible();
  await expect(waiting).not.toBeChecked();

  await waiting.click();
  await expect(waiting).toBeChecked();
  await expect(list.getByRole('link', { name: later.name, exact: true })).toHaveCount(0);
  await expect(list.getByRole('link', { name: mine.name, exact: true })).toBeVisible();

  // A reload keeps the filter, and the list it filters.
  await page.reload();
  await expect(waiting).toBeChecked();
  await expect(list.getByRole('link', { name: mine.name, exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: later.name, exact: true })).toHaveCount(0);

  // Back goes to the list as it was before the filter.
  await page.goBack();
  await expect(waiting).not.toBeChecked();
  await expect(list.getByRole('link', { name: later.name, exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: mine.name, exact: true })).toBeVisible();
});
