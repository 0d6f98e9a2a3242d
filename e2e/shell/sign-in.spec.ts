import { expect, test, type Locator, type Page } from '@playwright/test';
import type { WorkList } from '../../shared/api/pnp-documents';
import { Messages } from '../../shared/domain/messages';
import { TenetApi } from '../support/api';
import { signInViaUi, signOutViaUi } from '../support/auth';
import { readStorage } from '../support/storage';
import { DEMO_ORG_NAME, DEMO_TENANT, DemoUsers } from '../support/users';

/** The working list's entry: its name may end with the count of drafts waiting ('... 2 waiting for you'). */
const WORK_LIST = 'P&P Documents';
/** The Tasks link, with or without its count of open tasks. */
const TASKS_LINK = /^Tasks($|[^a-zA-Z])/;

/** The navigation's link texts, the working list's and the tasks' without their counts. */
async function navLinks(nav: Locator): Promise<string[]> {
  return (await nav.getByRole('link').allInnerTexts()).map((text) => {
    const name = text.trim();
    return [WORK_LIST, 'Tasks'].find((counted) => name.startsWith(counted)) ?? name;
  });
}

/** Whether drafts wait for the page's user (other tests may give the nurse work at any time). */
async function hasWorkWaiting(page: Page): Promise<boolean> {
  const api = new TenetApi(page.request);
  const orgId = (await api.session()).org?.id ?? 0;
  return (await api.get<WorkList>(`o/${orgId}/pnp_documents?awaiting_me=true`)).total > 0;
}

test.describe('sign-in and sign-out', () => {
  test('an org user signs in, sees the shell for their role, and signs out', async ({ page }) => {
    await signInViaUi(page, DemoUsers.nurse);
    await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
    await expect(page.getByTestId('org-name')).toHaveText(DEMO_ORG_NAME);
    await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    // A reader has the library and her tasks, and the working list only while drafts wait for her
    // (issue 10); the server's count and the navigation are read again until they agree.
    // The Tasks link carries the count of open tasks when there are some ('Tasks 1 open task').
    await expect(nav.getByRole('link', { name: TASKS_LINK })).toBeVisible();
    await expect
      .poll(async () => {
        const expected = (await hasWorkWaiting(page)) ? ['Library', WORK_LIST, 'Tasks'] : ['Library', 'Tasks'];
        const shown = await navLinks(nav);
        return shown.join(', ') === expected.join(', ')
          ? 'as expected'
          : `${shown.join(', ')} (expected ${expected.join(', ')})`;
      })
      .toBe('as expected');
    // The session is kept in browser storage under 'session' and the org id remembered (spec §3).
    const stored = [await readStorage(page, 'local', 'session'), await readStorage(page, 'local', 'orgId')];
    expect(JSON.parse(stored[0] ?? '{}')).toMatchObject({ valid: true, user: { username: 'nora.nurse' } });
    expect(stored[1]).toMatch(/^\d+$/);

    await signOutViaUi(page);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await readStorage(page, 'local', 'session')).toBeNull();
    // Signed out for real: a protected route sends us back to login.
    await page.goto('/orgs/1/tasks');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an org admin sees every org area in the navigation', async ({ page }) => {
    await signInViaUi(page, DemoUsers.admin);
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    // Those who may create P&Ps always have the working list (issue 10).
    await expect(nav.getByRole('link')).toHaveText([
      'Library',
      'Manage',
      new RegExp(`^${WORK_LIST}`),
      TASKS_LINK,
      'Reports',
      'Users',
      'Groups',
    ]);
  });

  test('provider staff land on their dashboard with the staff navigation', async ({ page }) => {
    await signInViaUi(page, DemoUsers.staff);
    await expect(page).toHaveURL(/\/hstm\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Organizations', 'Staff Users', 'Developer Tools']);
    await expect(page.getByTestId('notifications-bell')).toHaveCount(0);
  });

  test('wrong credentials show the spec message on the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username or email').fill('nora.nurse');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('login-error')).toHaveText(Messages.wrongCredentials);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields are refused before any request', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Username or email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('tenant login signs in to that organisation and signing out returns to it', async ({ page }) => {
    await page.goto(`/t/${DEMO_TENANT}`);
    await expect(page.getByTestId('tenant-name')).toHaveText(DEMO_ORG_NAME);
    await page.getByLabel('Username or email').fill(DemoUsers.reviewer.login);
    await page.getByLabel('Password', { exact: true }).fill(DemoUsers.reviewer.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/t/${DEMO_TENANT}$`));
    await expect(page.getByTestId('tenant-name')).toHaveText(DEMO_ORG_NAME);
  });

  test('an unknown tenant says so', async ({ page }) => {
    await page.goto('/t/no-such-tenant');
    await expect(page.getByRole('heading', { name: 'Organization not found', exact: true })).toBeVisible();
  });
});

test.describe('login-as session', () => {
  test('a login-as (sudo) session shows a visible banner', async ({ page }) => {
    // The server side of login-as belongs to the staff area; here the session says it is one.
    await page.route(
      (url) => url.pathname === '/api/sessions',
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const response = await route.fetch();
        const session = JSON.parse(await response.text()) as Record<string, unknown>;
        const sudo = session.valid ? { sudo: true, sudoer: { id: 1, name: 'Sam Staff' } } : {};
        // Keep the server's cookies (the CSRF token rotates); the body's length changes.
        const { 'content-length': _length, ...headers } = response.headers();
        return route.fulfill({ status: response.status(), headers, json: { ...session, ...sudo } });
      },
    );
    await signInViaUi(page, DemoUsers.nurse);
    const banner = page.getByTestId('login-as-banner');
    await expect(banner).toContainText('You are signed in as Nora Nurse on behalf of Sam Staff');
    await banner.getByRole('button', { name: 'End session', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    // A session check may still be in flight; the page closing must not fail its handler.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
