import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test('leaving the reassignment wizard part-way asks first; Stay keeps the choices, Leave goes', async ({
  page,
  data,
}) => {
  const from = await newUser(data, 'Halfway');
  await data.binder('Halfway Binder', { owners: [DemoUsers.admin, from] });
  await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_reassign');
  await page.getByRole('radio', { name: 'Remove from assignments', exact: true }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const fromBox = page.getByRole('combobox', { name: 'From (user or group)', exact: true });
  await fromBox.click();
  await fromBox.fill(from.name);
  await page.getByRole('option', { name: `${from.name} (User)`, exact: true }).click();

  const usersLink = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users', exact: true });
  await usersLink.click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?', exact: true });
  await expect(dialog).toContainText('Your changes have not been saved.');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/users\/bulk_reassign$/);
  await expect(fromBox).toHaveValue(`${from.name} (User)`);

  await usersLink.click();
  await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/users$/);
});
