import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser, upToItems } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test('items the admin unticked stay unticked when the list is fetched again; only new items come ticked', async ({
  page,
  data,
}) => {
  const from = await newUser(data, 'Tickfrom');
  const to = await newUser(data, 'Tickto');
  const kept = await data.binder('Kept Binder', { owners: [DemoUsers.admin, from] });
  const left = await data.binder('Left Binder', { owners: [DemoUsers.admin, from] });

  // The page clock lets the list grow old without the test waiting for it.
  await page.clock.install();
  await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_reassign');
  await upToItems(page, from, to, 2);
  const items = page.getByRole('table', { name: 'Items', exact: true });
  const leftBox = items.getByRole('checkbox', { name: `Select ${left.name}`, exact: true });
  await expect(leftBox).toBeChecked();
  await leftBox.uncheck();

  // Meanwhile the user is made Owner of another binder; the connection drops and comes back after
  // the list went stale, and the wizard fetches it again: the new binder is listed.
  const later = await data.binder('Later Binder', { owners: [DemoUsers.admin, from] });
  await page.clock.fastForward('00:40');
  await page.evaluate(() => {
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
  });
  await expect(items.getByRole('checkbox', { name: `Select ${later.name}`, exact: true })).toBeChecked();
  await expect(leftBox).not.toBeChecked();
  await expect(items.getByRole('checkbox', { name: `Select ${kept.name}`, exact: true })).toBeChecked();

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(`Reassign items from ${from.name} to ${to.name} on 2 items.`)).toBeVisible();
  const preview = page.getByRole('table', { name: 'Items that will change', exact: true });
  await expect(preview.getByRole('row').filter({ hasText: later.name })).toContainText('Owner');
  await expect(preview.getByRole('row').filter({ hasText: left.name })).toHaveCount(0);
});
