import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { readerLabel } from './reader-label';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the wizard takes focus to what stops it: the first field in error, the readers, the refusal of the save', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Wizard Focus', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Central Line Care'), publish: true });
  const taken = data.name('Annual Read');
  await data.api.post(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
    read_acknowledgement: {
      name: taken,
      due_date: inDays(20),
      user_ids: [await data.userId(DemoUsers.nurse)],
      group_ids: [],
    },
  });

  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/readack_new`);
  await expect(page.getByRole('heading', { name: 'New Read Acknowledgement', exact: true })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  const due = page.getByRole('textbox', { name: 'Due Date', exact: true });
  const next = page.getByRole('button', { name: 'Next', exact: true });

  await next.click();
  await expect(page.getByText('Name is required.', { exact: true })).toBeVisible();
  await expect(name).toBeFocused();
  await name.fill(taken);
  await next.click();
  await expect(page.getByText('Due date is required.', { exact: true })).toBeVisible();
  await expect(due).toBeFocused();
  await due.fill(inDays(30));
  await next.click();

  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });
  await expect(readers).toBeVisible();
  await next.click();
  await expect(page.getByText('Choose at least one reader: a user or a group.', { exact: true })).toBeVisible();
  await expect(readers).toBeFocused();
  await readers.fill('Nora');
  await page.getByRole('option', { name: readerLabel(DemoUsers.nurse), exact: true }).click();
  await page.keyboard.press('Escape');
  await next.click();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The read acknowledgement was not saved' });
  await expect(refusal).toContainText(`An Active read acknowledgement of this P&P is already named '${taken}'.`);
  await expect(refusal).toBeFocused();
});
