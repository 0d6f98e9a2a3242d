import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser, upToItems } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test('an Items step whose list cannot be loaded says so and lists the items on Try again', async ({ page, data }) => {
  const from = await newUser(data, 'Failfrom');
  const to = await newUser(data, 'Failto');
  const binder = await data.binder('Failed Binder', { owners: [DemoUsers.admin, from] });
  // The first answer with the items fails as a server fault would; the next goes through.
  let failures = 0;
  await page.route(
    (url) => url.pathname.endsWith('/user_bulk_assign/containers'),
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
  await upToItems(page, from, to);

  const main = page.getByRole('main');
  const failed = main.getByRole('alert').filter({ hasText: 'The items could not be listed' });
  await expect(failed).toBeVisible();
  await expect(main.getByText('No items.', { exact: true })).toHaveCount(0);
  await failed.getByRole('button', { name: 'Try again', exact: true }).click();
  const items = page.getByRole('table', { name: 'Items', exact: true });
  await expect(items.getByRole('checkbox', { name: `Select ${binder.name}`, exact: true })).toBeChecked();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
});
