import { expect, test, type Page } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import { signIn } from '../support/auth';
import { alertWithText } from '../support/messages';
import { readStorage } from '../support/storage';
import { DemoUsers } from '../support/users';

const isVersionFile = (url: URL): boolean => url.pathname === '/version.txt';

/** Resolves when the app has fetched the version file (after a navigation), whatever it answered. */
const versionChecked = (page: Page): Promise<unknown> =>
  page.waitForResponse((response) => isVersionFile(new URL(response.url())));

/** Marks the loaded document: a reload gives a fresh one without the mark. */
const markDocument = (page: Page): Promise<void> =>
  page.evaluate(() => {
    (globalThis as unknown as Record<string, unknown>).__notReloaded = true;
  });
const stillSameDocument = (page: Page): Promise<boolean> =>
  page.evaluate(() => (globalThis as unknown as Record<string, unknown>).__notReloaded === true);

/**
 * Goes to a screen through the navigation and waits until the version check of that navigation has
 * answered and the screen shows: a reload it decided on has begun by then.
 */
async function navigate(page: Page, link: 'Library' | 'Tasks'): Promise<void> {
  const checked = versionChecked(page);
  await page
    .getByRole('navigation', { name: 'Main navigation', exact: true })
    // Tasks carries the count of open tasks when there are some ('Tasks 2 open tasks').
    .getByRole('link', { name: new RegExp(`^${link}($|[^a-zA-Z])`) })
    .click();
  await checked;
  await expect(page.getByRole('heading', { level: 1, name: link, exact: true })).toBeVisible();
}

async function serveVersion(page: Page, version: string, status = 200): Promise<void> {
  await page.route(isVersionFile, (route) => route.fulfill({ status, contentType: 'text/plain', body: version }));
}

test.describe('application version check (spec §4)', () => {
  test('a new server version reloads the page once and says so', async ({ page }) => {
    await signIn(page, DemoUsers.nurse);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();

    await serveVersion(page, '9.9.9');
    const reloaded = page.waitForEvent('load');
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: /^Tasks($|[^a-zA-Z])/ })
      .click();
    await reloaded;

    await expect(alertWithText(page, Messages.appUpdated)).toBeVisible();
    expect(await readStorage(page, 'session', 'version-updated')).toBeNull();
    expect(await readStorage(page, 'session', 'handled-version')).toBe('9.9.9');

    // Handled once per browser session: the next navigations (their checks answered 9.9.9 again) do
    // not reload; one more navigation after the last check leaves a reload time to show.
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks', exact: true })).toBeVisible();
    await markDocument(page);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await navigate(page, 'Library');
    await navigate(page, 'Tasks');
    await navigate(page, 'Library');
    expect(await stillSameDocument(page)).toBe(true);
    expect(loads).toBe(0);
  });

  test('the same version, or a failing version file, changes nothing', async ({ page }) => {
    await signIn(page, DemoUsers.nurse);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
    await markDocument(page);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await serveVersion(page, 'broken', 500);
    await navigate(page, 'Tasks');
    await page.unroute(isVersionFile);
    await navigate(page, 'Library');
    // One more navigation after the last check leaves a reload time to show.
    await navigate(page, 'Tasks');
    expect(await stillSameDocument(page)).toBe(true);
    expect(loads).toBe(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
});
