import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser, upToConfirmation } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test('the Confirmation step says it is preparing the changes while their list is on its way', async ({
  page,
  data,
}) => {
  const from = await newUser(data, 'Slowfrom');
  const to = await newUser(data, 'Slowto');
  const binder = await data.binder('Slow Preview', { owners: [DemoUsers.admin, from] });

  // The preview's answer is held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/o/*/user_bulk_assign/update', async (route) => {
    await held;
    await route.continue();
  });
  await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_reassign');
  await upToConfirmation(page, from, to, binder.name);

  await expect(page.getByRole('status').filter({ hasText: 'Preparing the list of changes…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();
  release();
  await expect(
    page
      .getByRole('table', { name: 'Items that will change', exact: true })
      .getByRole('row')
      .filter({ hasText: binder.name }),
  ).toContainText('Owner');
  await expect(page.getByText('Preparing the list of changes…', { exact: true })).toHaveCount(0);
});
