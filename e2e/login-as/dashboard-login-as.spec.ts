import type { UserResponse } from '../../shared/api/users';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { staffUserWith } from '../support/staff';
import { DemoUsers, type DemoUser } from '../support/users';

test.use({ actionTimeout: 15_000 });

/** A staff user holding only these permissions, with a password set from their welcome e-mail. */
const staffWith = (staff: TenetApi, word: string, permissions: string): Promise<DemoUser & { id: number }> =>
  staffUserWith(staff, {
    username: `e2e.staff.${word}`.toLowerCase(),
    name: `Lou Loginas ${word}`,
    permissions,
    password: 'LoginAsOnly2026',
  });

test('staff with only the login-as permission sign in as an org user from the dashboard', async ({
  page,
  baseURL,
  data,
}) => {
  const username = `e2e.dash.${data.word}`.toLowerCase();
  const name = `Dora ${data.name('Dash')}`;
  await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Dora', last_name: data.name('Dash'), email: `${username}@example.com`, username },
  });
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const loginAsOnly = await staffWith(staff, data.word, '4');
  try {
    await openAs(page, loginAsOnly, '/hstm/dashboard');
    await page.getByLabel('Search').fill(username);
    const users = page.getByRole('table', { name: 'Users', exact: true });
    // Without org management the name opens nothing; Login as is the way in.
    await expect(users.getByText(name, { exact: true })).toBeVisible();
    await expect(users.getByRole('link', { name, exact: true })).toHaveCount(0);
    await users.getByRole('link', { name: `Login as ${name}`, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/orgs/${data.orgId}/pnps`));
    const banner = page.getByTestId('login-as-banner');
    await expect(banner).toContainText(name);
    await expect(banner).toContainText(loginAsOnly.name);
  } finally {
    await staff.delete(`hstm/hstm_users/${loginAsOnly.id}`);
    await staff.dispose();
  }
});
