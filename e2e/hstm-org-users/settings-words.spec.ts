import type { UserResponse } from '../../shared/api/users';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

/** Signs in as the org user through a login-as link, as staff do, and chooses their e-mail summary. */
async function chooseDailySummary(baseURL: string, userId: number): Promise<void> {
  const sudo = await TenetApi.signedIn(baseURL, DemoUsers.staff);
  try {
    const { url } = await sudo.get<{ url: string }>(`auth/developer/sudo_login_generate_url?user_id=${userId}`);
    const token = new URL(url, baseURL).searchParams.get('token');
    await sudo.post('auth/developer/sudo_login', { user_id: userId, token });
    await sudo.send('PUT', 'self/settings', { settings: { ntfy_email_summary: 'daily' } });
  } finally {
    await sudo.dispose();
  }
}

test("an org user's Settings name the preference and its value in the product's words", async ({
  page,
  baseURL,
  data,
}) => {
  const make = async (first: string): Promise<number> => {
    const username = `e2e.pref.${first}.${data.word}`.toLowerCase();
    const { user } = await data.api.post<UserResponse>(data.o('users'), {
      user: { first_name: first, last_name: data.name('Prefs'), email: `${username}@example.com`, username },
    });
    return user.id;
  };
  const untouched = await make('Una');
  const chosen = await make('Dai');
  await chooseDailySummary(baseURL ?? '', chosen);

  const preference = (value: string) =>
    page
      .getByRole('table', { name: 'Preferences', exact: true })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Email Summary preferences', exact: true }) })
      .getByRole('cell', { name: value, exact: true });

  // Never chosen: what applies to them, said to be the default.
  await openAs(page, DemoUsers.staff, `/hstm/orgs/${data.orgId}/pm_users/${untouched}/settings`);
  await expect(preference('Immediately (default)')).toBeVisible();

  // Chosen: the label of the choice, not its stored key and value (ntfy_email_summary, daily).
  await page.goto(`/hstm/orgs/${data.orgId}/pm_users/${chosen}/settings`);
  await expect(preference('Daily summary')).toBeVisible();
  await expect(page.getByText('ntfy_email_summary', { exact: true })).toHaveCount(0);
});
