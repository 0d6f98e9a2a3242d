import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import type { ReadAckResponse } from '../../shared/api/read-acks';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { taskRowOf } from '../tasks/task-helpers';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Publishing a revision cancels the P&P's active read acknowledgements (product rules): the Publish
// dialog says so before it happens, not only the Cancelled tab afterwards.
test('publishing a revision says first that it cancels the active read acknowledgements', async ({ page, data }) => {
  const binder = await data.binder('Publish Reads', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Pressure Injury'), publish: true });
  await data.api.post<ReadAckResponse>(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
    read_acknowledgement: {
      name: data.name('Skin Rounds Read'),
      due_date: inDays(20),
      user_ids: [await data.userId(DemoUsers.nurse)],
      group_ids: [],
    },
  });
  const { pnp_document: draft } = await data.api.post<PnpDocumentResponse>(
    data.o(`pnp_documents/${pnp.documentId}/start_revision?pnp_id=${pnp.id}`),
    {},
  );
  await data.api.post(data.o(`pnp_documents/${draft.id}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });

  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${draft.id}/version_info/preview`);
  await page.getByTestId('workflow-actions').getByRole('button', { name: 'Publish', exact: true }).click();
  const notice =
    'This P&P has 1 active read acknowledgement. Publishing this version cancels it: ask the readers again for the new version.';
  await expect(page.getByRole('dialog', { name: 'Publish', exact: true })).toContainText(notice);

  // The same from the admin's Publish task.
  await openAs(page, DemoUsers.admin, '/orgs/:org/tasks?kind=Publish');
  await taskRowOf(page, pnp.name)
    .getByRole('button', { name: `Publish: ${pnp.name}`, exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: 'Publish' })).toContainText(notice);
});
