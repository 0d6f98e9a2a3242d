import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { newUser, upToConfirmation } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the items of the Items and Confirmation steps stay on the screen; the page does not scroll sideways', async ({
    page,
    data,
  }) => {
    const from = await newUser(data, 'Phonefrom');
    const to = await newUser(data, 'Phoneto');
    const binder = await data.binder('Phone Reassign', { owners: [DemoUsers.admin, from] });
    await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_reassign');
    await upToConfirmation(page, from, to, binder.name);

    const preview = page.getByRole('table', { name: 'Items that will change', exact: true });
    await expect(preview.getByRole('row').filter({ hasText: binder.name })).toContainText('Owner');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const confirm = await page.getByRole('button', { name: 'Confirm', exact: true }).boundingBox();
    expect(confirm!.x + confirm!.width).toBeLessThanOrEqual(390);
  });
});
