import type { Participants } from '../../shared/api/access';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser, upToConfirmation } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test('the reassignment wizard moves an Owner role to another user', async ({ page, data }) => {
  const from = await newUser(data, 'Fromer');
  const to = await newUser(data, 'Toer');
  const binder = await data.binder('Reassign Binder', { owners: [DemoUsers.admin, from] });

  const orgId = await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_reassign');
  await upToConfirmation(page, from, to, binder.name);

  const preview = page.getByRole('table', { name: 'Items that will change', exact: true });
  await expect(preview.getByRole('row').filter({ hasText: binder.name })).toContainText('Owner');
  await expect(page.getByText(`Reassign items from ${from.name} to ${to.name} on 1 item.`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(
    page.getByText('Processing assignments on 1 items. You will receive an email when the changes are complete.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/users$`));

  const after = await data.api.get<Participants>(
    data.o(`access/fetch_participants?object_type=1&object_id=${binder.id}`),
  );
  const owners = after.participants.owners.map((o) => o.name);
  expect(owners).toContain(to.name);
  expect(owners).not.toContain(from.name);
});

test('a leaver hands everything over and is deactivated in one step, once the admin confirms', async ({
  page,
  data,
}) => {
  const leaver = await newUser(data, 'Leaver');
  const successor = await newUser(data, 'Successor');
  const binder = await data.binder('Leaver Binder', { owners: [DemoUsers.admin], authors: [leaver] });

  const orgId = await openAs(page, DemoUsers.admin, `/orgs/:org/users/leaving/${leaver.id}`);
  await expect(page.getByRole('heading', { name: `${leaver.name} is leaving`, exact: true })).toBeVisible();
  const items = page.getByRole('table', { name: 'Items', exact: true });
  await expect(items.getByRole('row').filter({ hasText: binder.name })).toContainText('Author');

  const handOver = page.getByRole('combobox', { name: 'Hand over to (users or groups)', exact: true });
  await handOver.click();
  await handOver.fill(successor.name);
  await page.getByRole('option', { name: `${successor.name} (User)`, exact: true }).click();
  await page.keyboard.press('Escape');
  // Asked first: Cancel changes nothing; confirmed, the hand-over and the deactivation happen.
  const ask = page.getByRole('dialog', { name: 'Hand over and deactivate', exact: true });
  await page.getByRole('button', { name: 'Hand over and deactivate', exact: true }).click();
  await expect(ask).toContainText(`to ${successor.name} (User), and deactivate ${leaver.name}?`);
  await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/users/leaving/${leaver.id}$`));
  const untouched = await data.api.get<Participants>(
    data.o(`access/fetch_participants?object_type=1&object_id=${binder.id}`),
  );
  expect(untouched.participants.authors.map((o) => o.name)).toEqual([leaver.name]);

  await page.getByRole('button', { name: 'Hand over and deactivate', exact: true }).click();
  await ask.getByRole('button', { name: 'Hand over and deactivate', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/users$`));

  const after = await data.api.get<Participants>(
    data.o(`access/fetch_participants?object_type=1&object_id=${binder.id}`),
  );
  const authors = after.participants.authors.map((o) => o.name);
  expect(authors).toEqual([successor.name]);
});

test('after a hand-over the user screens read the leaver afresh: Inactive, not the Active seen just before', async ({
  page,
  data,
}) => {
  const leaver = await newUser(data, 'Freshleaver');
  const successor = await newUser(data, 'Freshsuccessor');
  await data.binder('Fresh Binder', { owners: [DemoUsers.admin], authors: [leaver] });

  await openAs(page, DemoUsers.admin, `/orgs/:org/users/${leaver.id}`);
  const main = page.getByRole('main');
  await expect(main.getByText('Active', { exact: true })).toBeVisible();
  await main.getByRole('link', { name: 'This person is leaving', exact: true }).click();
  const handOver = page.getByRole('combobox', { name: 'Hand over to (users or groups)', exact: true });
  await handOver.click();
  await handOver.fill(successor.name);
  await page.getByRole('option', { name: `${successor.name} (User)`, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Hand over and deactivate', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Hand over and deactivate', exact: true })
    .getByRole('button', { name: 'Hand over and deactivate', exact: true })
    .click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/users$/);

  // Back to the leaver's page, seen seconds ago: it says what is true now.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/users/${leaver.id}(/groups)?$`));
  await expect(main.getByText('Inactive', { exact: true })).toBeVisible();
});
