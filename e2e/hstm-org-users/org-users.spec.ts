import type { StaffOrgUserList } from '../../shared/api/hstm-org-users';
import type { MailOutboxList, MailOutboxMessage } from '../../shared/api/notifications';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('staff add a user to an organisation, open them, see their visitor logs after they sign in, and delete them', async ({
  page,
  baseURL,
  data,
}) => {
  test.setTimeout(120_000);
  const last = data.name('Visitor');
  const name = `Vera ${last}`;
  const username = `e2e.visitor.${data.word}`.toLowerCase();
  const email = `${username}@example.com`;
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const visitor = await TenetApi.create(baseURL ?? '');
  try {
    // Users of the organisation: Add User opens the form in a dialog.
    await openAs(page, DemoUsers.staff, `/hstm/orgs/${data.orgId}/pm_users`);
    await page.getByRole('button', { name: 'Add User', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add User' });
    await form.getByLabel(/^First Name/).fill('Vera');
    await form.getByLabel(/^Last Name/).fill(last);
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Username/).fill(username);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Record created successfully!')).toBeVisible();

    // Found by the search, the row opens the user's page on its visitor logs.
    await page.getByLabel('Search').fill(username);
    await page.getByLabel('Search').press('Enter');
    const table = page.getByRole('table', { name: 'Users', exact: true });
    await table.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hstm/orgs/${data.orgId}/pm_users/\\d+/visitor_logs$`));
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByText('No Visitor Logs to show', { exact: true })).toBeVisible();
    // The demo staff user has permission 4: Login as is offered.
    await expect(page.getByRole('button', { name: 'Login as', exact: true })).toBeVisible();

    // The user sets a password (welcome e-mail link) and signs in through the API.
    const { users } = await staff.get<StaffOrgUserList>(
      `hstm/users?orgId=${data.orgId}&search=${encodeURIComponent(username)}`,
    );
    const userId = users[0]!.id;
    await data.api.post(data.o(`users/${userId}/send_welcome_email`), { user_id: userId });
    const listed = await staff.get<MailOutboxList>(`hstm/mail_outbox?search=${encodeURIComponent(email)}`);
    const mail = listed.mail_outbox.find((m) => m.to === email);
    if (!mail) throw new Error(`No welcome e-mail to ${email} in the outbox.`);
    const message = await staff.get<MailOutboxMessage>(`hstm/mail_outbox/${mail.id}`);
    const token = /\/set_password\/([A-Za-z0-9_-]+)/.exec(message.body_text)?.[1];
    if (!token) throw new Error('The welcome e-mail carries no set-password link.');
    await visitor.post('auth/set_password', { token, password: 'VisitorVera2026' });
    await visitor.signIn({ login: username, password: 'VisitorVera2026', name });

    // The sign-in is listed; its row opens the visit.
    await page.reload();
    const logs = page.getByRole('table', { name: 'Visitor Logs', exact: true });
    await expect(logs.getByRole('row')).toHaveCount(2);
    await logs.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/pm_users/${userId}/visitor_logs/\\d+$`));
    await expect(page.getByRole('link', { name: 'Back to Visitor Logs', exact: true })).toBeVisible();
    await expect(page.getByText('IP Address', { exact: true })).toBeVisible();

    // Groups and Settings are sections of the same page.
    await page.getByRole('link', { name: 'Groups', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pm_users/${userId}/groups$`));
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pm_users/${userId}/settings$`));

    // Delete with the confirmation.
    await page.goto(`/hstm/orgs/${data.orgId}/pm_users?search=${encodeURIComponent(username)}`);
    await table.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete User' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText('Record deleted successfully!')).toBeVisible();
    await expect(page.getByText('No Users to show', { exact: true })).toBeVisible();
  } finally {
    await visitor.dispose();
    await staff.dispose();
  }
});
