import type { Participants } from '../../shared/api/access';
import type { UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test('the work of someone deactivated earlier is handed over from their leaving screen', async ({ page, data }) => {
  const leaver = await newUser(data, 'Goneleaver');
  const successor = await newUser(data, 'Heir');
  const binder = await data.binder('Gone Binder', { owners: [DemoUsers.admin], authors: [leaver] });
  // Deactivated on their edit screen: their roles stay until someone hands them over.
  await data.api.send<UserResponse>('PUT', data.o(`users/${leaver.id}`), { user: { status: 2 } });

  const orgId = await openAs(page, DemoUsers.admin, `/orgs/:org/users/leaving/${leaver.id}`);
  await expect(page.getByRole('heading', { name: `${leaver.name} is leaving`, exact: true })).toBeVisible();
  await expect(page.getByText(`${leaver.name} is already inactive; on confirmation it is handed over.`)).toBeVisible();
  const items = page.getByRole('table', { name: 'Items', exact: true });
  await expect(items.getByRole('row').filter({ hasText: binder.name })).toContainText('Author');

  const handOver = page.getByRole('combobox', { name: 'Hand over to (users or groups)', exact: true });
  await handOver.click();
  await handOver.fill(successor.name);
  await page.getByRole('option', { name: `${successor.name} (User)`, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Hand over', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Hand over', exact: true });
  await expect(ask).toContainText(`to ${successor.name} (User)?`);
  await expect(ask).toContainText(`${leaver.name} is already inactive.`);
  await ask.getByRole('button', { name: 'Hand over', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/users$`));

  const after = await data.api.get<Participants>(
    data.o(`access/fetch_participants?object_type=1&object_id=${binder.id}`),
  );
  expect(after.participants.authors.map((o) => o.name)).toEqual([successor.name]);
});
