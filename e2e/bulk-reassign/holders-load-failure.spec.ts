import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test('a Users step whose users and groups cannot be loaded says so and lists them on Try again', async ({
  page,
  data,
}) => {
  const from = await newUser(data, 'Holdfrom');
  // The first answer with the users and groups fails as a server fault would; the next goes through.
  let failures = 0;
  await page.route(
    (url) => url.pathname.endsWith('/user_bulk_assign'),
    async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' });
        return;
      }
      await route.continue();
    },
  );
  await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_reassign');
  await page.getByRole('radio', { name: 'Reassign items', exact: true }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  const main = page.getByRole('main');
  const failed = main.getByRole('alert').filter({ hasText: 'The users and groups could not be listed' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(failed).toHaveCount(0);
  const fromBox = page.getByRole('combobox', { name: 'From (user or group)', exact: true });
  await fromBox.click();
  await fromBox.fill(from.name);
  await expect(page.getByRole('option', { name: `${from.name} (User)`, exact: true })).toBeVisible();
});
