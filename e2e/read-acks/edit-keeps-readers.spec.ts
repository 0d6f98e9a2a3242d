import type { ReadAckResponse } from '../../shared/api/read-acks';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser } from '../bulk-reassign/wizard-helpers';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// The read acknowledgement's answer lists its first ten readers; the edit sends back every reader
// chosen by name. An edit of only its due date must keep the readers past the first ten.
test('editing a read acknowledgement of twelve named readers keeps all twelve', async ({ page, data }) => {
  test.setTimeout(120_000);
  const readers = [];
  for (const first of ['Ann', 'Ben', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kit', 'Lou'])
    readers.push(await newUser(data, `${first}reader`));
  const binder = await data.binder('Twelve Readers', { owners: [DemoUsers.admin], audience: readers });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Fall Prevention'), publish: true });
  const ackName = data.name('Unit Read');
  const { read_acknowledgement: ack } = await data.api.post<ReadAckResponse>(
    data.o(`pnps/${pnp.id}/read_acknowledgements`),
    {
      read_acknowledgement: { name: ackName, due_date: inDays(20), user_ids: readers.map((r) => r.id), group_ids: [] },
    },
  );
  expect(ack.readers_total).toBe(12);

  await openAs(
    page,
    DemoUsers.admin,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/readack_edit/${ack.id}`,
  );
  const due = page.getByRole('textbox', { name: 'Due Date', exact: true });
  await due.fill(inDays(30));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  // The readers step lists every one of them, the last by name included.
  const last = readers[11]!;
  await expect(page.getByText(`${last.name} (${last.email})`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('article', { name: ackName, exact: true })).toBeVisible();

  const after = await data.api.get<ReadAckResponse>(data.o(`pnps/${pnp.id}/read_acknowledgements/${ack.id}`));
  expect(after.read_acknowledgement.readers_total).toBe(12);
  expect([...after.read_acknowledgement.user_ids].sort((a, b) => a - b)).toEqual(
    readers.map((r) => r.id).sort((a, b) => a - b),
  );
});
