import { expect, test } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import { orgHome, signIn } from '../support/auth';
import { alertWithText } from '../support/messages';
import { readStorage } from '../support/storage';
import { DemoUsers } from '../support/users';

test.describe('route guards and redirects (spec §2, §6)', () => {
  test('no session: every protected route goes to login', async ({ page }) => {
    for (const path of ['/orgs/1/pnps', '/orgs/default/users', '/hstm/dashboard', '/self/preferences']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("'' goes to orgs/{stored org id or 'default'}/pnps", async ({ page }) => {
    await page.goto('/');
    // No session yet: orgs/default/pnps, whose guard then asks for a sign-in.
    await expect(page).toHaveURL(/\/login$/);
    const session = await signIn(page, DemoUsers.nurse, '/');
    await expect(page).toHaveURL(new RegExp(`${orgHome(session)}$`));
    expect(await readStorage(page, 'local', 'orgId')).toBe(String(session.org?.id));
  });

  test('provider staff on an orgs/ route go to hstm/dashboard with the message', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true })).toBeVisible();
    await page.goto('/orgs/1/pnps');
    await expect(page).toHaveURL(/\/hstm\/dashboard$/);
    await expect(alertWithText(page, Messages.notAuthorizedRoute)).toBeVisible();
  });

  test('provider staff have no Preferences: not in their menu, and its route sends them to their dashboard', async ({
    page,
  }) => {
    await signIn(page, DemoUsers.staff, '/hstm/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true })).toBeVisible();
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Sign out', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Preferences', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/self/preferences');
    await expect(page).toHaveURL(/\/hstm\/dashboard$/);
    await expect(alertWithText(page, Messages.notAuthorizedRoute)).toBeVisible();
    // Still signed in: the dashboard is there, not the login page.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true })).toBeVisible();
  });

  test("an org user on an hstm/ route goes to their org's pnps with the message", async ({ page }) => {
    const session = await signIn(page, DemoUsers.nurse);
    await page.goto('/hstm/developer_tools/system_messages');
    await expect(page).toHaveURL(new RegExp(`${orgHome(session)}$`));
    await expect(alertWithText(page, Messages.notAuthorizedRoute)).toBeVisible();
    // The message belongs to that route: the next navigation removes it.
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: /^Tasks($|[^a-zA-Z])/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks', exact: true })).toBeVisible();
    await expect(alertWithText(page, Messages.notAuthorizedRoute)).toHaveCount(0);
  });

  test('an org user without the admin role cannot open Users', async ({ page }) => {
    const session = await signIn(page, DemoUsers.reviewer);
    await page.goto(`/orgs/${session.org?.id}/users`);
    await expect(page).toHaveURL(new RegExp(`${orgHome(session)}$`));
    await expect(alertWithText(page, Messages.notAuthorizedRoute)).toBeVisible();
  });

  test("another org's id in the path becomes the user's own org", async ({ page }) => {
    const session = await signIn(page, DemoUsers.nurse);
    await page.goto('/orgs/default/tasks');
    await expect(page).toHaveURL(new RegExp(`/orgs/${session.org?.id}/tasks$`));
  });

  test('an unknown route goes to error/404; error/{status} explains itself', async ({ page }) => {
    await page.goto('/this/route/does-not-exist');
    await expect(page).toHaveURL(/\/error\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
    await page.goto('/error/503');
    await expect(page.getByRole('heading', { name: 'Service unavailable', exact: true })).toBeVisible();
  });

  test('the reporting screens show their frame, heading and breadcrumbs, never a blank page', async ({ page }) => {
    const session = await signIn(page, DemoUsers.admin);
    const org = `/orgs/${session.org?.id}`;
    const screens: [string, string, RegExp][] = [
      [`${org}/reports/retired_pnps`, 'Retired P&Ps', /Reports.*Retired P&Ps/],
      [`${org}/reporting_dashboard`, 'Reporting Dashboard', /Home.*Reporting Dashboard/],
    ];
    for (const [path, heading, crumbs] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb', exact: true })).toHaveText(crumbs);
    }
  });

  test('the report catalogue links every report', async ({ page }) => {
    const session = await signIn(page, DemoUsers.admin, '/');
    await page.goto(`/orgs/${session.org?.id}/reports`);
    for (const name of [
      'All Versions',
      'Read Acknowledgements',
      'Versions Pending Action',
      'Views by Version',
      'Assignments',
      'Unassigned Items',
      'Retired P&Ps',
      'Linked P&Ps',
    ]) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Linked P&Ps', exact: true }).click();
    await expect(page).toHaveURL(/\/reports\/linked_pnps$/);
  });
});
