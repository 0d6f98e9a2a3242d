import type { UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test("the dashboard's users show their status; Login as is offered to active users only", async ({ page, data }) => {
  const make = async (first: string): Promise<{ id: number; name: string }> => {
    const username = `e2e.state.${first}.${data.word}`.toLowerCase();
    const { user } = await data.api.post<UserResponse>(data.o('users'), {
      user: { first_name: first, last_name: data.name('State'), email: `${username}@example.com`, username },
    });
    return { id: user.id, name: `${first} ${data.name('State')}` };
  };
  const active = await make('Ava');
  const inactive = await make('Ian');
  await data.api.send('PUT', data.o(`users/${inactive.id}`), { user: { status: 2 }, user_id: inactive.id });

  await openAs(page, DemoUsers.staff, '/hstm/dashboard');
  await page.getByLabel('Search').fill(data.name('State'));
  const users = page.getByRole('table', { name: 'Users', exact: true });
  const rowOf = (name: string) => users.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(rowOf(active.name).getByText('Active', { exact: true })).toBeVisible();
  await expect(rowOf(inactive.name).getByText('Inactive', { exact: true })).toBeVisible();
  await expect(users.getByRole('link', { name: `Login as ${active.name}`, exact: true })).toBeVisible();
  await expect(users.getByRole('link', { name: `Login as ${inactive.name}`, exact: true })).toHaveCount(0);
});
