import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { addMember, removeOwnGroups } from './group-helpers';

test.use({ actionTimeout: 15_000 });

test('an admin creates a group with members, edits it, sees its users and change logs, and deletes it', async ({
  page,
  data,
}) => {
  test.setTimeout(120_000);
  const name = data.name('Night Nurses');
  const renamed = data.name('Night Shift Nurses');
  try {
    await openAs(page, DemoUsers.admin, '/orgs/:org/user_groups/new');
    await expect(page.getByRole('heading', { name: 'New Group', exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Nurses on the night shift.');
    await addMember(page, DemoUsers.nurse);
    await page.getByRole('button', { name: 'Create Group', exact: true }).click();

    // The group's page, its users first.
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    const users = page.getByRole('table', { name: 'Group Users', exact: true });
    await expect(users.getByRole('row', { name: new RegExp(DemoUsers.nurse.name) })).toBeVisible();

    // Edit: a new name and a second member.
    await page.getByRole('link', { name: 'Edit Group', exact: true }).click();
    const nameBox = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(nameBox).toHaveValue(name);
    await nameBox.fill(renamed);
    await addMember(page, DemoUsers.reviewer);
    await page.getByRole('button', { name: 'Save Group', exact: true }).click();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();
    await expect(users.getByRole('row', { name: new RegExp(DemoUsers.reviewer.name) })).toBeVisible();
    await expect(users.getByRole('row', { name: new RegExp(DemoUsers.nurse.name) })).toBeVisible();

    // Its change logs: the creation and the update.
    await page.getByRole('link', { name: 'Change Logs', exact: true }).click();
    const logs = page.getByRole('table', { name: 'Change Logs', exact: true });
    await expect(logs.getByRole('row', { name: /Create/ })).toBeVisible();
    await expect(logs.getByRole('row', { name: /Update/ })).toBeVisible();

    // The list finds it; delete it after confirming.
    await page.goto(page.url().replace(/\/user_groups\/.*$/, '/user_groups'));
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(data.word);
    const list = page.getByRole('table', { name: 'Groups', exact: true });
    const row = list.getByRole('row', { name: new RegExp(renamed) });
    await expect(row).toContainText('2');
    await row.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Group', exact: true });
    // The dialog focuses its action once it has opened: a click during its opening transition was
    // once lost (no request sent, the dialog left open), so wait for what a person sees first.
    const confirmDelete = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(confirmDelete).toBeFocused();
    // Its ✕ is named, like every dialog's (the theme's default).
    await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await confirmDelete.click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
    await expect(list).toContainText('No Groups to show');
  } finally {
    await removeOwnGroups(data);
  }
});
