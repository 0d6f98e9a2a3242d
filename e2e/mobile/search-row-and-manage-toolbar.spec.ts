import type { Locator, Page } from '@playwright/test';
import { openManage, panel, row } from '../manage/manage-helpers';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// On a phone (390 px wide, and a small one of 360 px) the library and the manage screen fit the
// screen: the page never scrolls sideways, the search box is wide enough to type in and Advanced
// Search is whole, every folder view of the manage toolbar is on the screen and chosen by a tap and
// by the keyboard, and in both trees a long name gives way instead of pushing the rest off the edge.

/** The page never scrolls sideways: everything fits the phone's width. */
async function expectFitsWidth(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

/** The element shows all of its text: nothing cut short or hidden behind an ellipsis. */
async function expectWhole(locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
  expect(await locator.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

/** Where the element ends on the right: past the screen's width, it is cut off (however it is clipped). */
async function rightEdge(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element is not on the page.');
  return box.x + box.width;
}

const FOLDER_VIEWS = ['All Files', 'Recently Viewed', 'Recently Published', 'Favorites'] as const;

for (const width of [390, 360]) {
  test.describe(`on a phone ${width} px wide`, () => {
    test.use({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 15_000 });

    test('the library search box is wide enough to type in and Advanced Search is on the screen whole', async ({
      page,
      data,
    }) => {
      const binder = await data.binder('Ward Phone Search', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
      const pnp = await data.pnp({ containerId: binder.id, name: data.name('Hand Hygiene Audit'), publish: true });

      await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
      await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
      const search = page.getByRole('search');
      const box = search.getByRole('textbox', { name: 'Search the library', exact: true });
      const advanced = search.getByRole('button', { name: 'Advanced Search', exact: true });
      await expect(box).toBeInViewport({ ratio: 1 });
      expect((await box.boundingBox())?.width).toBeGreaterThanOrEqual(200);
      await expectWhole(advanced);
      await expectFitsWidth(page);

      // By touch: type in the box, tap Search, see the P&P found.
      await box.tap();
      await page.keyboard.type(data.word);
      await search.getByRole('button', { name: 'Search', exact: true }).tap();
      await expect(page.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
      // The results page has the same row, as wide.
      await expect(box).toHaveValue(data.word);
      expect((await box.boundingBox())?.width).toBeGreaterThanOrEqual(200);
      await expectWhole(advanced);
      await expectFitsWidth(page);

      // By keyboard: from the box, Tab reaches Search and then Advanced Search, which Enter opens.
      await box.focus();
      await page.keyboard.press('Tab');
      await expect(search.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(advanced).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Advanced Search', exact: true })).toBeVisible();
      await expectFitsWidth(page);
    });

    test('in the library tree a long-named P&P keeps its star on the screen, and a tap on it favourites it', async ({
      page,
      data,
    }) => {
      const binder = await data.binder('Pharmacy and Therapeutics for Every Inpatient Ward and Clinic', {
        owners: [DemoUsers.admin],
        audience: [DemoUsers.nurse],
      });
      const pnp = await data.pnp({
        containerId: binder.id,
        name: data.name('Antibiotic Stewardship on the Inpatient Wards and in the Outpatient Clinics'),
        publish: true,
      });

      await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
      const layout = page.getByRole('radiogroup', { name: 'Layout', exact: true });
      await layout.getByRole('radio', { name: 'List', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(layout.getByRole('radio', { name: 'Tree', exact: true })).toBeChecked();
      const tree = page.getByTestId('library-tree');
      const binderRow = tree.getByRole('treeitem').filter({ has: page.getByText(binder.name, { exact: true }) });
      await binderRow.tap();
      await expect(binderRow).toHaveAttribute('aria-expanded', 'true');

      // The binder's count and the P&P's star end within the screen: the long names give way.
      const count = binderRow.getByLabel('1 P&Ps', { exact: true });
      const star = tree.getByRole('button', { name: `Add ${pnp.name} to Favorites`, exact: true });
      await expect(star).toBeVisible();
      expect(await rightEdge(count)).toBeLessThanOrEqual(width);
      expect(await rightEdge(star)).toBeLessThanOrEqual(width);
      await expectFitsWidth(page);

      await star.tap();
      const unstar = tree.getByRole('button', { name: `Remove ${pnp.name} from Favorites`, exact: true });
      await expect(unstar).toBeVisible();
      // Leave the nurse's favourites as they were.
      await unstar.tap();
      await expect(star).toBeVisible();
    });

    test('the manage toolbar fits: every folder view is on the screen and chosen by a tap and by the keyboard', async ({
      page,
      data,
    }) => {
      const binder = await data.binder('Infection Prevention and Control on the Surgical Wards', {
        owners: [DemoUsers.admin],
      });
      const folder = await data.folder(binder.id, 'Hand Hygiene');
      const starred = await data.pnp({ containerId: folder.id, name: data.name('Hand Rub Audit'), publish: true });
      const plain = await data.pnp({ containerId: folder.id, name: data.name('Glove Use'), publish: true });
      const favorite = (on: boolean) =>
        data.api.send('PATCH', data.o(`library/${starred.id}/handle_favorite`), { favorite: on });
      await favorite(true);
      try {
        await openManage(page);
        const views = page.getByRole('radiogroup', { name: 'Folder view', exact: true });
        const filter = page.getByRole('textbox', { name: 'Filter by name', exact: true });
        const expandAll = page.getByRole('button', { name: 'Expand All', exact: true });
        const collapseAll = page.getByRole('button', { name: 'Collapse All', exact: true });

        // Every control of the toolbar is wholly on the screen, and the page does not scroll sideways.
        for (const name of FOLDER_VIEWS) await expectWhole(views.getByText(name, { exact: true }));
        for (const control of [filter, expandAll, collapseAll]) await expect(control).toBeInViewport({ ratio: 1 });
        await expectFitsWidth(page);
        // The binder's long name ends within the tree: its row does not run past the screen's edge.
        await expect(row(page, binder.name)).toBeInViewport({ ratio: 1 });

        // Expand All and Collapse All, by touch.
        await expandAll.tap();
        await expect(row(page, binder.name)).toHaveAttribute('aria-expanded', 'true');
        await expect(row(page, folder.name)).toBeVisible();
        await collapseAll.tap();
        await expect(row(page, binder.name)).toHaveAttribute('aria-expanded', 'false');
        await expect(row(page, folder.name)).toHaveCount(0);

        // The filter keeps this test's rows; a tap on Favorites keeps only the starred P&P of them.
        await filter.tap();
        await page.keyboard.type(data.word);
        await expect(row(page, starred.name)).toBeVisible();
        await expect(row(page, plain.name)).toBeVisible();
        await views.getByText('Favorites', { exact: true }).tap();
        await expect(views.getByRole('radio', { name: 'Favorites', exact: true })).toBeChecked();
        await expect(row(page, starred.name)).toBeVisible();
        await expect(row(page, plain.name)).toHaveCount(0);
        await expectFitsWidth(page);

        // By keyboard: the arrow keys move to the next view up, Recently Published (both P&Ps).
        await views.getByRole('radio', { name: 'Favorites', exact: true }).focus();
        await page.keyboard.press('ArrowUp');
        await expect(views.getByRole('radio', { name: 'Recently Published', exact: true })).toBeChecked();
        await expect(row(page, plain.name)).toBeVisible();
        await expect(row(page, starred.name)).toBeVisible();
        await expect(views.getByText('Recently Published', { exact: true })).toBeInViewport({ ratio: 1 });

        // The selected binder's details: its name, and its type whole beside it.
        await row(page, binder.name).tap();
        const details = panel(page);
        await expect(details.getByRole('heading', { name: binder.name, exact: true })).toBeVisible();
        const type = details.getByText('Binder', { exact: true });
        await type.scrollIntoViewIfNeeded();
        await expectWhole(type);
        await expectFitsWidth(page);
      } finally {
        // The admin's favourites are as they were.
        await favorite(false);
      }
    });
  });
}
