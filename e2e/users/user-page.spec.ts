import type { MailOutboxList, MailOutboxMessage } from '../../shared/api/notifications';
import type { UserGroupResponse } from '../../shared/api/user-groups';
import type { UserResponse } from '../../shared/api/users';
import { TenetApi } from '../support/api';
import { openAs, signInViaUi } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test("a user's page: groups chosen on the edit-groups screen, change logs, settings; the welcome link sets a password once", async ({
  page,
  browser,
  baseURL,
  data,
}) => {
  test.setTimeout(120_000);
  const last = data.name('Pagetest');
  const username = `e2e.page.${data.word}`.toLowerCase();
  const email = `${username}@example.com`;
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: 'Gale', last_name: last, email, username },
  });
  const { user_group: group } = await data.api.post<UserGroupResponse>(data.o('user_groups'), {
    group: { name: data.name('Night Shift'), description: 'Made by a browser test', member_ids: [] },
  });
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    // The bare user page opens its default section, Groups.
    await openAs(page, DemoUsers.admin, `/orgs/:org/users/${user.id}`);
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/groups$`));
    await expect(page.getByText('This user is not in any group.', { exact: true })).toBeVisible();

    // Edit Groups: tick the new group and save; the Groups section lists it.
    await page.getByRole('link', { name: 'Edit Groups', exact: true }).click();
    await page.getByRole('checkbox', { name: group.name, exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/groups$`));
    await expect(
      page.getByRole('list', { name: 'Groups', exact: true }).getByRole('link', { name: group.name, exact: true }),
    ).toBeVisible();

    // Change Logs and Settings are sections with their own URLs.
    await page.getByRole('link', { name: 'Change Logs', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/change_logs$`));
    // Its change log holds the group change just made (the group's name in its details).
    await expect(page.getByRole('row').filter({ hasText: group.name }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}/settings$`));
    await expect(
      page
        .getByRole('table', { name: 'Settings', exact: true })
        .getByRole('rowheader', { name: 'Email Summary preferences', exact: true }),
    ).toBeVisible();

    // The welcome e-mail's link sets the password once; the person then signs in.
    await data.api.post(data.o(`users/${user.id}/send_welcome_email`), { user_id: user.id });
    const listed = await staff.get<MailOutboxList>(`hstm/mail_outbox?search=${encodeURIComponent(email)}`);
    const mail = listed.mail_outbox.find((m) => m.to === email);
    if (!mail) throw new Error(`No welcome e-mail to ${email} in the outbox.`);
    const message = await staff.get<MailOutboxMessage>(`hstm/mail_outbox/${mail.id}`);
    const token = /\/set_password\/([A-Za-z0-9_-]+)/.exec(message.body_text)?.[1];
    if (!token) throw new Error('The welcome e-mail carries no set-password link.');

    const visitor = await browser.newContext({ baseURL });
    try {
      const newcomer = await visitor.newPage();
      await newcomer.goto(`/set_password/${token}`);
      await expect(newcomer.getByRole('heading', { name: 'Set your password', exact: true })).toBeVisible();
      await newcomer.getByLabel(/^Password/).fill('NightShift2026');
      await newcomer.getByLabel(/^Confirm Password/).fill('NightShift2026');
      await newcomer.getByRole('button', { name: 'Set Password', exact: true }).click();
      await expect(newcomer).toHaveURL(/\/login$/);
      await signInViaUi(newcomer, { login: username, password: 'NightShift2026', name: `Gale ${last}` });
      await expect(newcomer).toHaveURL(/\/orgs\/\d+\/pnps/);

      // The same link a second time is refused.
      await newcomer.goto(`/set_password/${token}`);
      await newcomer.getByLabel(/^Password/).fill('NightShift2027');
      await newcomer.getByLabel(/^Confirm Password/).fill('NightShift2027');
      await newcomer.getByRole('button', { name: 'Set Password', exact: true }).click();
      await expect(newcomer.getByRole('alert')).toBeVisible();
      await expect(newcomer).toHaveURL(/\/set_password\//);
    } finally {
      await visitor.close();
    }
  } finally {
    await staff.dispose();
    await data.api.send('DELETE', data.o(`users/${user.id}`)).catch(() => undefined);
    await data.api.send('DELETE', data.o(`user_groups/${group.id}`)).catch(() => undefined);
  }
});
