import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

const SHOTS = '.tmp/screenshots';

test.describe('accessibility and look (axe-core)', () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test('the login screen has no serious or critical violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/login.png`, fullPage: true });
  });

  test('the signed-in shell has no serious or critical violation', async ({ page }) => {
    await signIn(page, DemoUsers.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/shell.png`, fullPage: true });

    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Sign out', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  test('the staff list screen and the error page have no serious or critical violation', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await expect(page.getByTestId('sortable-table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/staff-system-messages.png`, fullPage: true });
    await page.goto('/error/404');
    await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('on a narrow tablet the navigation folds behind a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 1000 });
    await signIn(page, DemoUsers.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    // Folded away means moved off screen. Tasks carries the count of open tasks when there are some.
    await expect(nav.getByRole('link', { name: /^Tasks($|[^a-zA-Z])/ })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation', exact: true }).click();
    await expect(nav.getByRole('link', { name: /^Tasks($|[^a-zA-Z])/ })).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Library', exact: true })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: /^Tasks($|[^a-zA-Z])/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks', exact: true })).toBeVisible();
    // The page the reader is on is said, not only shown: exactly one link is the current page.
    await expect(nav.getByRole('link', { name: /^Tasks($|[^a-zA-Z])/ })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    // The new screen is said aloud: the click left the reader on the link, not on the new page.
    await expect(page.getByTestId('route-announcer')).toHaveText('Tasks');
    await expect(page.getByTestId('route-announcer')).toHaveAttribute('aria-live', 'polite');
    await expect(nav.getByRole('link', { name: /^Tasks($|[^a-zA-Z])/ })).not.toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/tablet.png`, fullPage: true });
  });
});

test.describe('motion', () => {
  /** The inline transition Mantine gives the open user menu (empty when it does not animate). */
  async function menuTransition(page: Page): Promise<string> {
    await signIn(page, DemoUsers.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Sign out', exact: true })).toBeVisible();
    return menu.evaluate((element) => (element as HTMLElement).style.transitionDuration);
  }

  test('menus and dialogs animate by default', async ({ page }) => {
    expect(await menuTransition(page)).toMatch(/^[1-9]\d*ms$/);
  });

  test.describe('for someone who asks their system for less motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('menus and dialogs open without animation', async ({ page }) => {
      expect(await menuTransition(page)).toBe('');
    });
  });
});
