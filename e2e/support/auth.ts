import { expect, type Page } from '@playwright/test';
import type { Session } from '../../shared/api/sessions';
import { TenetApi } from './api';
import type { DemoUser } from './users';

/** Signs in through the login screen and waits until the app has left it. */
export async function signInViaUi(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(user.login);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Signs in through the API with the page's own cookies (fast), then opens `path` (default: the
 * user's home) so that the app picks the session up.
 */
export async function signIn(page: Page, user: DemoUser, path = '/'): Promise<Session> {
  const session = await new TenetApi(page.request).signIn(user);
  await page.goto(path);
  return session;
}

/**
 * Switches the page to another demo user (API sign-in with the page's cookies) and opens `path`,
 * where ':org' stands for the user's organisation id. Returns that id.
 */
export async function openAs(page: Page, user: DemoUser, path: string): Promise<number> {
  // Leave the app first: its polling would otherwise answer with the previous session's cookies
  // while this sign-in runs, and replace the CSRF cookie it is about to echo.
  await page.goto('about:blank');
  await page.context().clearCookies();
  const session = await new TenetApi(page.request).signIn(user);
  await page.goto(path.replace(':org', String(session.org?.id)));
  return session.org?.id ?? 0;
}

/** Signs out through the user menu. */
export async function signOutViaUi(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The org user's home path, e.g. /orgs/1/pnps. */
export function orgHome(session: Session): string {
  return `/orgs/${session.org?.id ?? 'default'}/pnps`;
}
