import type { StaffUserList, StaffUserResponse } from '../../shared/api/hstm-users';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { staffUserWith } from '../support/staff';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const PERMISSIONS = ['User management', 'Org management', 'Login as another user', 'Developer tools'] as const;

test('a staff user editing themselves sees all four permissions disabled, and why; their details stay editable', async ({
  page,
  baseURL,
}) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const listed = await staff.get<StaffUserList>(
      `hstm/hstm_users?search=${encodeURIComponent(DemoUsers.staff.login)}`,
    );
    const self = listed.hstm_users.find((u) => u.name === DemoUsers.staff.name);
    if (!self) throw new Error('The demo staff user is not listed.');
    await openAs(page, DemoUsers.staff, `/hstm/hstm_users/edit/${self.id}`);
    const form = page.getByRole('form', { name: 'Staff user', exact: true });
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(DemoUsers.staff.name);
    for (const label of PERMISSIONS) {
      // The demo staff user holds all four, and still may change none of them here.
      const box = form.getByRole('checkbox', { name: label, exact: true });
      await expect(box).toBeChecked();
      await expect(box).toBeDisabled();
    }
    await expect(
      form.getByText('You cannot change your own permissions: another staff user with user management must do it.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeEnabled();
    // Nothing is saved: Cancel leaves without asking.
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hstm/hstm_users/${self.id}/settings$`));
  } finally {
    await staff.dispose();
  }
});

test('a staff user sees the permissions they do not hold disabled, and a refused save shows the server’s reason', async ({
  page,
  baseURL,
  data,
}) => {
  test.setTimeout(90_000);
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const manager = await staffUserWith(staff, {
    username: `e2e.staff23.${data.word}`.toLowerCase(),
    name: `Uma Users ${data.word}`,
    permissions: '2 3',
    password: 'UsersOnly2026',
  });
  try {
    await openAs(page, manager, '/hstm/hstm_users/new');
    const form = page.getByRole('form', { name: 'Staff user', exact: true });
    await expect(
      form.getByText('You can only give or take away permissions you hold yourself.', { exact: true }),
    ).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'User management', exact: true })).toBeEnabled();
    await expect(form.getByRole('checkbox', { name: 'Org management', exact: true })).toBeEnabled();
    for (const label of ['Login as another user', 'Developer tools']) {
      await expect(form.getByRole('checkbox', { name: label, exact: true })).toBeDisabled();
    }
    await expect(form.getByText('You do not hold this permission.', { exact: true })).toHaveCount(2);

    // Org management is taken from them after the screen was drawn: the box is still enabled, and
    // the server refuses the save with its reason, shown on the form.
    await staff.send('PUT', `hstm/hstm_users/${manager.id}`, { user: { permissions: '2' } });
    const username = `e2e.refused.${data.word}`.toLowerCase();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`Rex ${data.name('Refused')}`);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
    await form.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await form.getByRole('checkbox', { name: 'Org management', exact: true }).check();
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(
      form
        .getByRole('alert')
        .getByText(
          'You can only give or take away staff permissions you hold yourself. You do not hold: Org management.',
          { exact: true },
        ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/hstm\/hstm_users\/new$/);
    const made = await staff.get<StaffUserList>(`hstm/hstm_users?search=${encodeURIComponent(username)}`);
    expect(made.total).toBe(0);
  } finally {
    await staff.delete(`hstm/hstm_users/${manager.id}`);
    await staff.dispose();
  }
});

test('a staff user with user management only cannot edit, delete or re-invite a colleague holding more, and sees why', async ({
  page,
  baseURL,
  data,
}) => {
  test.setTimeout(90_000);
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const word = data.word.toLowerCase();
  const manager = await staffUserWith(staff, {
    username: `e2e.staff2.${word}`,
    name: `Ulla Users ${data.word}`,
    permissions: '2',
    password: 'UsersOnly2026',
  });
  const makeColleague = async (first: string, permissions: string): Promise<{ id: number; name: string }> => {
    const username = `e2e.${first.toLowerCase()}.${word}`;
    const { user } = await staff.post<StaffUserResponse>('hstm/hstm_users', {
      user: { name: `${first} Colleague ${data.word}`, email: `${username}@example.com`, username, permissions },
    });
    return { id: user.id, name: user.name };
  };
  const stronger = await makeColleague('Lena', '2 4');
  const peer = await makeColleague('Pete', '2');
  const why =
    'They hold permissions you do not have (Login as another user), so only a staff user who has those can edit, delete or email them.';
  try {
    await openAs(page, manager, `/hstm/hstm_users?search=${encodeURIComponent(data.word)}`);
    const table = page.getByRole('table', { name: 'Staff Users', exact: true });
    const strongRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: stronger.name, exact: true }) });
    const peerRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: peer.name, exact: true }) });
    for (const action of ['Edit', 'Delete']) {
      const button = strongRow.getByRole('button', { name: `${action} ${stronger.name}`, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(why);
    }
    // A colleague holding only what they hold: both offered.
    await expect(peerRow.getByRole('link', { name: `Edit ${peer.name}`, exact: true })).toBeVisible();
    await expect(peerRow.getByRole('button', { name: `Delete ${peer.name}`, exact: true })).toBeEnabled();

    // The stronger colleague's page: Edit and Resend welcome email disabled, with the reason shown.
    await strongRow.getByRole('link', { name: stronger.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hstm/hstm_users/${stronger.id}/settings$`));
    await expect(page.getByText(why, { exact: true })).toBeVisible();
    for (const label of ['Edit', 'Resend welcome email']) {
      const button = page.getByRole('button', { name: label, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(why);
    }

    // The edit page opened by its address says why and has no form.
    await page.goto(`/hstm/hstm_users/edit/${stronger.id}`);
    await expect(page.getByText(why, { exact: true })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Staff user', exact: true })).toHaveCount(0);
  } finally {
    for (const id of [stronger.id, peer.id, manager.id]) await staff.delete(`hstm/hstm_users/${id}`);
    await staff.dispose();
  }
});
