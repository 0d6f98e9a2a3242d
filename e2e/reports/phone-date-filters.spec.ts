import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ viewport: { width: 390, height: 844 }, actionTimeout: 15_000 });

test('on a phone every date filter of a report is on the screen whole and the page does not scroll sideways', async ({
  page,
}) => {
  await openAs(page, DemoUsers.binderOwner, '/orgs/:org/reports/retired_pnps');
  await expect(page.getByRole('heading', { name: 'Retired P&Ps', level: 1, exact: true })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Retired P&Ps filters', exact: true });
  for (const name of ['Effective date from', 'Effective date to', 'Published date from', 'Published date to']) {
    const box = await filters.getByRole('textbox', { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
  }
  // The "to" date is typed and applied like any other.
  await filters.getByRole('textbox', { name: 'Published date to', exact: true }).fill('2030-12-31');
  await expect(page).toHaveURL(/published_to=2030-12-31/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
