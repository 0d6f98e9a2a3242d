import type { StaffUserResponse } from '../../shared/api/hstm-users';
import type { MailOutboxList, MailOutboxMessage } from '../../shared/api/notifications';
import type { UserResponse } from '../../shared/api/users';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers, type DemoUser } from '../support/users';

test.use({ actionTimeout: 15_000 });

/** A staff user holding only these permissions, with a password set from their welcome e-mail. */
async function staffWith(staff: TenetApi, word: string, permissions: string): Promise<DemoUser & { id: number }> {
  const username = `e2e.staff.${word}`.toLowerCase();
  const email = `${username}@example.com`;
  const name = `Lou Loginas ${word}`;
  const { user } = await staff.post<StaffUserResponse>('hstm/hstm_users', {
    user: { name, email, username, permissions },
  });
  const listed = await staff.get<MailOutboxList>(`hstm/mail_outbox?search=${encodeURIComponent(email)}`);
  const mail = listed.mail_outbox.find((m) => m.to === email);
  if (!mail) throw new Error(`No welcome e-mail to ${email} in the outbox.`);
  const message = await staff.get<MailOutboxMessage>(`hstm/mail_outbox/${mail.id}`);
  const token = /\/staff_set_password\/([A-Za-z0-9_-]+)/.exec(message.body_text)?.[1];
  if (!token) throw new Error('The welcome e-mail carries no set-password link.');
  const password = 'LoginAsOnly2026';
  await staff.post('auth/staff_set_password', { token, password });
  return { id: user.id, login: username, password, name };
}

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
