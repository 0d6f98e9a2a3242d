import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a click beside the New Organization or Add User form keeps it and what was typed', async ({ page, data }) => {
  await openAs(page, DemoUsers.staff, '/hstm/orgs');
  await page.getByRole('button', { name: 'New Organization', exact: true }).click();
  const newOrg = page.getByRole('dialog', { name: 'New Organization', exact: true });
  const name = newOrg.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill(data.name('Kept Clinic'));
  // The top left corner of the page is the overlay beside the form.
  await page.mouse.click(5, 5);
  await expect(newOrg).toBeVisible();
  await expect(name).toHaveValue(data.name('Kept Clinic'));
  await newOrg.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(newOrg).toBeHidden();

  await page.goto(`/hstm/orgs/${data.orgId}/pm_users`);
  await page.getByRole('button', { name: 'Add User', exact: true }).click();
  const addUser = page.getByRole('dialog', { name: 'Add User', exact: true });
  const first = addUser.getByLabel(/^First Name/);
  await first.fill('Kit');
  await page.mouse.click(5, 5);
  await expect(addUser).toBeVisible();
  await expect(first).toHaveValue('Kit');
});
