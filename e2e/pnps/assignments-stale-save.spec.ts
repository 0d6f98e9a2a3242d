import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

test('an Assignments save over someone else’s newer change of the participants is refused and offers to reload', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Stale Assignments', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Shared Participants') });
  await data.setParticipants(3, pnp.id, { owners: [DemoUsers.binderOwner], reviewers: [DemoUsers.reviewer] });
  await openAs(
    page,
    DemoUsers.binderOwner,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/pnp_info/assignments`,
  );
  const table = page.getByRole('table', { name: 'P&P Assignments', exact: true });
  await expect(table.getByRole('cell', { name: DemoUsers.reviewer.name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Assignments', exact: true }).click();

  // Someone else makes Alan the reviewer instead, in the access editor, meanwhile.
  await data.setParticipants(3, pnp.id, { owners: [DemoUsers.binderOwner], reviewers: [DemoUsers.approver] });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'This P&P was changed by someone else since you opened it.' });
  await expect(refusal).toContainText('The assignments were not saved');
  await refusal.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(table.getByRole('cell', { name: DemoUsers.approver.name, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: DemoUsers.reviewer.name, exact: true })).toHaveCount(0);
});
