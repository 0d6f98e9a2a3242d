import type { Dashboard } from '../../shared/api/hstm-dashboard';
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
    username: `e2e.staff${permissions.replace(/ /g, '')}.${word}`.toLowerCase(),
    name: `Pat Numbers ${permissions} ${word}`,
    permissions,
    password: 'NumbersOnly2026',
  });

test('staff see on the dashboard and in the mail outbox only what their permission numbers cover', async ({
  page,
  baseURL,
  data,
}) => {
  test.setTimeout(90_000);
  const username = `e2e.lists.${data.word}`.toLowerCase();
  const email = `${username}@example.com`;
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Lena', last_name: data.name('Lists'), email, username },
  });
  await data.api.post(data.o(`users/${user.id}/send_welcome_email`), { user_id: user.id });
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const developer = await staffWith(staff, data.word, '5');
  const loginAs = await staffWith(staff, data.word, '4');
  try {
    // Developer tools only: the figures, no search, and each list says which permission it needs.
    await openAs(page, developer, '/hstm/dashboard');
    await expect(page.getByLabel(/^Active organizations: \d+$/)).toBeVisible();
    await expect(
      page.getByText('Organizations are shown to staff with the Org management permission.', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Users are shown to staff with the Org management or Login as another user permission.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users', exact: true })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveCount(0);

    // The welcome e-mail reads, but its set-password link is withheld.
    await page.goto('/hstm/developer_tools/mail_outbox');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(email);
    const table = page.getByRole('table', { name: 'Mail outbox', exact: true });
    await table
      .getByRole('button', { name: /^Welcome to / })
      .first()
      .click();
    const body = page.getByLabel('Plain-text body', { exact: true });
    await expect(body).toContainText(`Your username is ${username}.`);
    await expect(body).toContainText('[link hidden: needs permission 4]');
    await expect(body).not.toContainText('/set_password/');

    // Login as only: users to log in as, no organisations.
    await openAs(page, loginAs, '/hstm/dashboard');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(username);
    const users = page.getByRole('table', { name: 'Users', exact: true });
    await expect(users.getByText(username, { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Organizations', exact: true })).toHaveCount(0);
    await expect(
      page.getByText('Organizations are shown to staff with the Org management permission.', { exact: true }),
    ).toBeVisible();
  } finally {
    await staff.delete(`hstm/hstm_users/${developer.id}`);
    await staff.delete(`hstm/hstm_users/${loginAs.id}`);
    await staff.dispose();
    await data.api.delete(data.o(`users/${user.id}`)).catch(() => undefined);
  }
});

test('the dashboard draws a list the server says it withholds as withheld, whatever the session’s numbers', async ({
  page,
}) => {
  // The demo staff user holds every number; the answer is the server's own with its organisations
  // said to be withheld, as the server would answer a staff user without org management.
  await page.route('**/api/hstm/dash/new*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Dashboard;
    await route.fulfill({
      status: response.status(),
      json: { ...body, organizations: { rows: [], total: 0, total_capped: false, withheld: true } },
    });
  });
  await openAs(page, DemoUsers.staff, '/hstm/dashboard');
  await expect(
    page.getByText('Organizations are shown to staff with the Org management permission.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Organizations', exact: true })).toHaveCount(0);
  await expect(page.getByText('No organization yet.', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Users by name, email or username.', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users', exact: true })).toBeVisible();
});
