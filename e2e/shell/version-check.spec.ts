import { expect, test, type Page } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import { signIn } from '../support/auth';
import { alertWithText } from '../support/messages';
import { readStorage } from '../support/storage';
import { DemoUsers } from '../support/users';

const isVersionFile = (url: URL): boolean => url.pathname === '/version.txt';

async function serveVersion(page: Page, version: string, status = 200): Promise<void> {
  await page.route(isVersionFile, (route) => route.fulfill({ status, contentType: 'text/plain', body: version }));
}

test.describe('application version check (spec §4)', () => {
  test('a new server version reloads the page once and says so', async ({ page }) => {
    await signIn(page, DemoUsers.nurse);
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();

    await serveVersion(page, '9.9.9');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'Tasks' }).click();
    await reloaded;

    await expect(alertWithText(page, Messages.appUpdated)).toBeVisible();
    expect(await readStorage(page, 'session', 'version-updated')).toBeNull();
    expect(await readStorage(page, 'session', 'handled-version')).toBe('9.9.9');

    // Handled once per browser session: the next navigations do not reload again.
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.getByRole('link', { name: 'Library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
    await page.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await page.waitForTimeout(1000);
    expect(loads).toBe(0);
  });

  test('the same version, or a failing version file, changes nothing', async ({ page }) => {
    await signIn(page, DemoUsers.nurse);
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await serveVersion(page, 'broken', 500);
    await page.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await page.unroute(isVersionFile);
    await page.getByRole('link', { name: 'Library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
    await page.waitForTimeout(1000);
    expect(loads).toBe(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
});
