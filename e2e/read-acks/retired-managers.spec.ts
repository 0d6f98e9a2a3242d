import type { ReadAckResponse } from '../../shared/api/read-acks';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Retiring cancels a P&P's read acknowledgements; their record stays for the people who manage them
// (product rules: OA, BO, Owner), not for the org admin alone, who alone may restore it.
test('a binder owner still reaches the read acknowledgements of a retired P&P, cancelled by the retirement', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Retired Reads', {
    owners: [DemoUsers.admin, DemoUsers.binderOwner],
    audience: [DemoUsers.nurse],
  });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Restraint Use'), publish: true });
  const ackName = data.name('Unit Huddle Read');
  await data.api.post<ReadAckResponse>(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
    read_acknowledgement: {
      name: ackName,
      due_date: inDays(20),
      user_ids: [await data.userId(DemoUsers.nurse)],
      group_ids: [],
    },
  });
  await data.api.send('PUT', data.o('pnps/retire'), {
    id: pnp.id,
    retire_reason: 'Replaced by the new restraint policy',
  });

  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/history`);
  await page.getByRole('link', { name: 'Read Acknowledgements', exact: true }).click();
  await page.getByRole('link', { name: 'Cancelled', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cancelled Read Acknowledgements', exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: ackName, exact: true })).toBeVisible();
});
