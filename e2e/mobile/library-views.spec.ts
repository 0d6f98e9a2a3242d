import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAs } from '../support/auth';
import { DemoUsers } from '../support/users';

// A reader on a phone (390 px wide) switches between the library's views: every one must be on the
// screen whole, reachable by a tap and by the keyboard.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, actionTimeout: 15_000 });

const VIEWS = ['All Files', 'Recently Viewed', 'Recently Published', 'Favorites'] as const;

const viewPicker = (page: Page): Locator => page.getByRole('radiogroup', { name: 'Library view', exact: true });
/** The visible label a user taps (the radio itself is drawn by its label). */
const viewLabel = (page: Page, name: string): Locator => viewPicker(page).getByText(name, { exact: true });

test('on a phone every library view is on the screen whole and can be chosen by touch and by keyboard', async ({
  page,
}) => {
  await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();

  // Each view's label is wholly on the screen, none cut off at the edge.
  for (const name of VIEWS) await expect(viewLabel(page, name)).toBeInViewport({ ratio: 1 });

  // By touch: each view is chosen with a tap.
  for (const name of [...VIEWS.slice(1), VIEWS[0]]) {
    await viewLabel(page, name).tap();
    await expect(viewPicker(page).getByRole('radio', { name, exact: true })).toBeChecked();
  }
  await expect(page).not.toHaveURL(/view=/);

  // By keyboard: from the chosen view, the arrow keys move through the others.
  await viewPicker(page).getByRole('radio', { name: 'All Files', exact: true }).focus();
  for (const [name, view] of [
    ['Recently Viewed', 'recently_viewed'],
    ['Recently Published', 'recently_published'],
    ['Favorites', 'favorites'],
  ] as const) {
    await page.keyboard.press('ArrowDown');
    await expect(viewPicker(page).getByRole('radio', { name, exact: true })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`[?&]view=${view}(&|$)`));
    await expect(viewLabel(page, name)).toBeInViewport({ ratio: 1 });
  }
});
