import { expect, test, type Page } from '@playwright/test';
import { signInViaUi } from '../support/auth';
import { DemoUsers } from '../support/users';
import { seriousViolations } from '../support/axe';
import { publishedForNurse, signInAdmin, uniqueName } from '../screens/screen-data';

// A nurse on the ward, on a phone (375 px wide): signs in, searches, opens a P&P and reads it.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, actionTimeout: 15_000 });

/** The page never scrolls sideways: everything fits the phone's width. */
async function expectFitsWidth(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      ),
    )
    .toBeLessThanOrEqual(375);
}

test('a reader on a phone signs in, searches, opens a P&P and reads it', async ({ page, baseURL }) => {
  const admin = await signInAdmin(baseURL!);
  const word = `vancomycin${Date.now().toString(36)}`;
  const names = {
    binder: uniqueName('Pharmacy and Therapeutics Binder'),
    pnp: uniqueName('Antibiotic Stewardship on Inpatient Wards'),
  };
  await publishedForNurse(admin, names, [
    `Every ${word} order is reviewed by the ward pharmacist within twenty-four hours of the first dose.`,
    'Broad-spectrum antibiotics are narrowed as soon as culture and sensitivity results are available.',
  ]);
  await admin.dispose();

  await signInViaUi(page, DemoUsers.nurse);
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await expectFitsWidth(page);

  // The navigation is folded behind a menu button that opens it.
  const navigation = page.getByRole('navigation', { name: 'Main navigation', exact: true });
  const library = navigation.getByRole('link', { name: 'Library', exact: true });
  await expect(library).not.toBeInViewport();
  const menu = page.getByRole('button', { name: 'Toggle navigation', exact: true });
  await menu.click();
  await expect(library).toBeInViewport();
  await library.click();
  await expect(library).not.toBeInViewport();

  // The library's list is a list of cards: each P&P's values stacked under one another, not a wide table.
  const list = page.getByRole('table', { name: 'Library', exact: true });
  const firstPnp = list.getByRole('row').nth(1);
  const nameCell = firstPnp.getByRole('cell').nth(0);
  const locationCell = firstPnp.getByRole('cell').nth(1);
  await expect(nameCell).toBeVisible();
  const nameBox = (await nameCell.boundingBox())!;
  const locationBox = (await locationCell.boundingBox())!;
  expect(locationBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
  expect(Math.abs(locationBox.x - nameBox.x)).toBeLessThanOrEqual(1);
  await expectFitsWidth(page);

  await page.getByRole('textbox', { name: 'Search the library', exact: true }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const result = page.getByRole('link', { name: names.pnp, exact: true });
  await expect(result).toBeVisible();
  await expectFitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);

  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: names.pnp })).toBeVisible();
  await expect(page.getByText(`Every ${word} order is reviewed by the ward pharmacist`)).toBeVisible();
  await expectFitsWidth(page);
  expect(await seriousViolations(page)).toEqual([]);
});
