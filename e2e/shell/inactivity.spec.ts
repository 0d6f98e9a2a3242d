import { expect, test } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { alertWithText } from '../support/messages';
import { readStorage } from '../support/storage';
import { DemoUsers } from '../support/users';

// The demo org's session timeout is 30 minutes; the page clock jumps instead of the test waiting.
test.describe('inactivity logout (spec §4)', () => {
  test('past the session timeout the user is signed out and told why', async ({ page }) => {
    await page.clock.install();
    const session = await signIn(page, DemoUsers.nurse);
    expect(session.token_timeout).toBe(30);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();

    await page.clock.fastForward('31:00');

    await expect(page).toHaveURL(/\/login$/);
    await expect(alertWithText(page, Messages.loggedOutInactivity)).toBeVisible();
    expect(await readStorage(page, 'local', 'session')).toBeNull();
    expect((await new TenetApi(page.request).session()).valid).toBe(false);
  });

  test('activity keeps the session alive', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DemoUsers.nurse);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();

    await page.clock.fastForward('20:00');
    // A key press is activity (keydown, keyup, keypress).
    await page.keyboard.press('Shift');
    await page.clock.fastForward('20:00');

    await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
    await expect(alertWithText(page, Messages.loggedOutInactivity)).toHaveCount(0);
  });
});
