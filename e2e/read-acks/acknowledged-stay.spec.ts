import type { ReadAckResponse } from '../../shared/api/read-acks';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { readerLabel } from './reader-label';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('taking off a reader who has acknowledged says before the save that they stay a reader', async ({
  page,
  data,
  baseURL,
}) => {
  const binder = await data.binder('Stay Read', {
    owners: [DemoUsers.admin],
    audience: [DemoUsers.nurse, DemoUsers.reviewer],
  });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Pressure Injury'), publish: true });
  const ackName = data.name('Ward Read');
  const { read_acknowledgement: ack } = await data.api.post<ReadAckResponse>(
    data.o(`pnps/${pnp.id}/read_acknowledgements`),
    {
      read_acknowledgement: {
        name: ackName,
        due_date: inDays(14),
        user_ids: [await data.userId(DemoUsers.nurse), await data.userId(DemoUsers.reviewer)],
        group_ids: [],
      },
    },
  );
  // Rita opens the P&P in the library and acknowledges it.
  const rita = await TenetApi.signedIn(baseURL!, DemoUsers.reviewer);
  try {
    await rita.get(data.o(`library/${pnp.id}`));
    await rita.send('PUT', data.o(`pnps/${pnp.id}/read_acknowledgements/${ack.id}/mark_as_read`));
  } finally {
    await rita.dispose();
  }

  await openAs(
    page,
    DemoUsers.admin,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/readack_edit/${ack.id}`,
  );
  await expect(page.getByRole('heading', { name: 'Edit Read Acknowledgement', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });
  await readers.focus();
  // The last chosen is Rita (readers come in the order of their last names): Backspace takes her off.
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page.getByRole('list', { name: 'Chosen readers', exact: true })).toHaveText(
    readerLabel(DemoUsers.nurse),
  );
  await expect(page.getByRole('list', { name: 'Readers who stay', exact: true })).toHaveText(
    `${readerLabel(DemoUsers.reviewer)} has acknowledged and stays a reader: what they read is kept.`,
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const card = page.getByRole('article', { name: ackName, exact: true });
  await expect(card.getByTestId('readack-completion')).toHaveText('1 of 2 readers acknowledged');
  await expect(
    card.getByRole('table', { name: `Readers of ${ackName}`, exact: true }).getByRole('row', { name: /Rita Reviewer/ }),
  ).toContainText('Complete');
});
