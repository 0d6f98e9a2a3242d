import type { UserList, UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('two tabs edit one user: the second save is refused, keeps its typing, and Reload shows the first one’s', async ({
  page,
  context,
  data,
}) => {
  const username = `e2e.stale.${data.word}`.toLowerCase();
  const last = data.name('Stale');
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Sasha', last_name: last, email: `${username}@example.com`, username },
  });
  try {
    await openAs(page, DemoUsers.admin, `/orgs/:org/users/edit/${user.id}`);
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue(last);
    await expect(other.getByRole('textbox', { name: 'Last Name' })).toHaveValue(last);

    await page.getByRole('textbox', { name: 'Title' }).fill('Charge Nurse');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record updated successfully!')).toBeVisible();

    const renamed = data.name('Renamed');
    await other.getByRole('textbox', { name: 'Last Name' }).fill(renamed);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = other
      .getByRole('alert')
      .filter({ hasText: 'This user was changed by someone else since you opened it.' });
    await expect(refusal).toContainText('Reload to see their changes, then make yours again.');
    await expect(other.getByRole('textbox', { name: 'Last Name' })).toHaveValue(renamed);
    const stored = await data.api.get<UserResponse>(data.o(`users/${user.id}`));
    expect(stored.user).toMatchObject({ title: 'Charge Nurse', last_name: last });

    await refusal.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect(other.getByRole('textbox', { name: 'Title' })).toHaveValue('Charge Nurse');
    await other.getByRole('textbox', { name: 'Last Name' }).fill(renamed);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(other.getByText('Record updated successfully!')).toBeVisible();
    const after = await data.api.get<UserResponse>(data.o(`users/${user.id}`));
    expect(after.user).toMatchObject({ title: 'Charge Nurse', last_name: renamed });
  } finally {
    const list = await data.api.get<UserList>(data.o(`users?search=${encodeURIComponent(data.word)}&per_page=100`));
    for (const found of list.users) await data.api.send('DELETE', data.o(`users/${found.id}`)).catch(() => undefined);
  }
});
