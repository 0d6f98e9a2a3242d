import type { ReadAckResponse } from '../../shared/api/read-acks';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'MMM dd, yyyy', as the screens show dates. */
const shown = (iso: string): string => {
  const [year, month, day] = iso.split('-');
  return `${MONTHS[Number(month) - 1]} ${day}, ${year}`;
};

test('a due date typed over with one that cannot be taken stops the edit wizard instead of keeping the old date', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Due Edit', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Oxygen Therapy'), publish: true });
  const ackName = data.name('Ward Read');
  const first = inDays(20);
  const { read_acknowledgement: ack } = await data.api.post<ReadAckResponse>(
    data.o(`pnps/${pnp.id}/read_acknowledgements`),
    {
      read_acknowledgement: {
        name: ackName,
        due_date: first,
        user_ids: [await data.userId(DemoUsers.nurse)],
        group_ids: [],
      },
    },
  );

  const documentBase = `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}`;
  await openAs(page, DemoUsers.admin, `${documentBase}/readack_edit/${ack.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Read Acknowledgement', exact: true })).toBeVisible();
  const due = page.getByRole('textbox', { name: 'Due Date', exact: true });
  await expect(due).toHaveValue(first);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });

  // Not a date: the field says so, and the wizard stays here with the focus on it.
  await due.fill('2030-02-30');
  await next.click();
  await expect(page.getByText('Enter a real date as year-month-day, e.g. 2026-03-31', { exact: true })).toBeVisible();
  await expect(readers).toHaveCount(0);
  await expect(due).toBeFocused();

  // Before today: the same.
  await due.fill(inDays(-3));
  await next.click();
  await expect(page.getByText(`The date must be on or after ${shown(inDays(0))}`, { exact: true })).toBeVisible();
  await expect(readers).toHaveCount(0);
  await expect(due).toBeFocused();

  const later = inDays(40);
  await due.fill(later);
  await next.click();
  await expect(readers).toBeVisible();
  await next.click();
  await expect(page.getByText(shown(later), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const card = page.getByRole('article', { name: ackName, exact: true });
  await expect(card).toContainText(`Due ${shown(later)}`);
});
