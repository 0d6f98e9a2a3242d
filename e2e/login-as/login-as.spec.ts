import type { UserResponse } from '../../shared/api/users';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('staff signs in as an org user with a one-time link, sees the login-as banner; the link does not work twice', async ({
  page,
  browser,
  data,
}) => {
  const username = `e2e.sudo.${data.word}`.toLowerCase();
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Lena', last_name: `Sudo ${data.word}`, email: `${username}@example.com`, username },
  });

  await signIn(page, DemoUsers.staff, '/hstm/dashboard');
  const { url } = await new TenetApi(page.request).get<{ url: string }>(
    `auth/developer/sudo_login_generate_url?user_id=${user.id}`,
  );
  expect(url).toMatch(new RegExp(`^/hstm/login_as/${user.id}/.+\\?token=`));
  await page.goto(url);
  await expect(page).toHaveURL(new RegExp(`/orgs/${data.orgId}/pnps`));
  const banner = page.getByTestId('login-as-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`Lena Sudo ${data.word}`);
  await expect(banner).toContainText(DemoUsers.staff.name);

  // The same link, opened again by the staff user in another browser, is refused with a clear message.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await signIn(second, DemoUsers.staff, '/hstm/dashboard');
    await second.goto(url);
    await expect(
      second.getByText('This sign-in link has already been used. Ask for a new one from the user page.', {
        exact: true,
      }),
    ).toBeVisible();
  } finally {
    await other.close();
  }
});

test('staff click Login as on an org user, work as them, and End session returns to the staff area', async ({
  page,
  data,
}) => {
  const username = `e2e.back.${data.word}`.toLowerCase();
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Omar', last_name: `Back ${data.word}`, email: `${username}@example.com`, username },
  });

  await signIn(page, DemoUsers.staff, `/hstm/orgs/${data.orgId}/pm_users/${user.id}`);
  await page.getByRole('button', { name: 'Login as', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${data.orgId}/pnps`));
  const banner = page.getByTestId('login-as-banner');
  await expect(banner).toContainText(`Omar Back ${data.word}`);
  await expect(page.getByRole('button', { name: `User menu for Omar Back ${data.word}`, exact: true })).toBeVisible();

  await banner.getByRole('button', { name: 'End session', exact: true }).click();
  await expect(page).toHaveURL(/\/hstm\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByTestId('login-as-banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `User menu for ${DemoUsers.staff.name}`, exact: true })).toBeVisible();
});
