import type { UserList } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { toastWithText } from '../support/messages';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

/** Deletes the users this test made, whatever step it reached. */
async function removeOwnUsers(data: TestData): Promise<void> {
  const list = await data.api.get<UserList>(data.o(`users?search=${encodeURIComponent(data.word)}&per_page=100`));
  for (const user of list.users) await data.api.send('DELETE', data.o(`users/${user.id}`)).catch(() => undefined);
}

test('an admin creates a user, edits them, invites them, deactivates and deletes them', async ({ page, data }) => {
  test.setTimeout(120_000);
  const last = data.name('Tester');
  const username = `e2e.${data.word}`.toLowerCase();
  try {
    await openAs(page, DemoUsers.admin, '/orgs/:org/users/new');
    // The form refuses a bad e-mail with a sentence.
    await page.getByRole('textbox', { name: 'First Name' }).fill('Erin');
    await page.getByRole('textbox', { name: 'Last Name' }).fill(last);
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('button', { name: 'Create User', exact: true }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
    await page.getByRole('button', { name: 'Create User', exact: true }).click();
    await expect(page.getByText('Record created successfully!')).toBeVisible();
    // The user's header names them (the breadcrumb trail names them too, as a link).
    await expect(page.getByRole('paragraph').filter({ hasText: new RegExp(`^Erin ${last}$`) })).toBeVisible();

    // Edit: a title and the policy owner role.
    await page.getByRole('link', { name: 'Edit User', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
    await page.getByRole('textbox', { name: 'Title' }).fill('Charge Nurse');
    await page.getByRole('checkbox', { name: 'Policy Owner' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record updated successfully!')).toBeVisible();

    // Invite from the list.
    await page.goto(page.url().replace(/\/users\/.*$/, `/users?search=${encodeURIComponent(last)}`));
    const row = page.getByRole('row', { name: new RegExp(last) });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Invite Erin ${last}` }).click();
    const sent = page.getByTestId('toast').filter({ hasText: 'Email sent successfully!' });
    await expect(sent).toBeVisible();
    // Spec §8 titles only the invitation of everyone 'Email Sent'; one person's e-mail has no title.
    await expect(sent).not.toContainText('Email Sent');

    // Deactivate through the edit form: the Inactive filter then finds them.
    await row.getByRole('link', { name: `Edit Erin ${last}` }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record updated successfully!')).toBeVisible();
    await page.goto(page.url().replace(/\/users\/.*$/, `/users?inactive=true&search=${encodeURIComponent(last)}`));
    const inactiveRow = page.getByRole('row', { name: new RegExp(last) });
    await expect(inactiveRow.getByText('Inactive', { exact: true })).toBeVisible();

    // Delete with a confirmation: the row leaves the list.
    await inactiveRow.getByRole('button', { name: `Delete Erin ${last}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete User' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText('Record deleted successfully!')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(last) })).toHaveCount(0);
  } finally {
    await removeOwnUsers(data);
  }
});

test('Invite All asks first: Cancel sends nothing, Send Invitations sends the e-mails', async ({ page }) => {
  // The sending itself is the API's (welcome.test.ts): here its answer is given as the server gives
  // it, so that this test e-mails no one the other tests are waiting on.
  const sent: string[] = [];
  await page.route('**/users/send_bulk_welcome_email', async (route) => {
    sent.push(route.request().method());
    await route.fulfill({ json: { message: 'Invitation email sent to users.', sent: 3 } });
  });
  await openAs(page, DemoUsers.admin, '/orgs/:org/users');
  const inviteAll = page.getByRole('button', { name: 'Invite All', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Invite All', exact: true });

  await inviteAll.click();
  await expect(dialog).toContainText('to every active user who has not signed in yet?');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(inviteAll).toBeFocused();
  expect(sent).toEqual([]);

  await inviteAll.click();
  await expect(dialog.getByRole('button', { name: 'Send Invitations', exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Send Invitations', exact: true }).click();
  await expect(toastWithText(page, 'Invitation email sent to users.')).toBeVisible();
  expect(sent).toEqual(['POST']);
});

test('on a laptop screen the users list shows each status whole', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAs(page, DemoUsers.admin, '/orgs/:org/users');
  const table = page.getByRole('table', { name: 'Users', exact: true });
  const badge = table.getByText('Active', { exact: true }).first();
  await expect(badge).toBeVisible();
  // The badge's label is not cut short (Mantine truncates it with an ellipsis when squeezed).
  const cut = await badge.evaluate((label) => label.scrollWidth > label.clientWidth);
  expect(cut).toBe(false);
});
