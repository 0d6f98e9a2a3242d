import { DASHBOARD_COUNT_REACH, type Dashboard } from '../../shared/api/hstm-dashboard';
import type { OrgResponse } from '../../shared/api/hstm-orgs';
import type { UserResponse } from '../../shared/api/users';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('the staff dashboard finds an organisation and a user made by the test, and opens each', async ({
  page,
  baseURL,
  data,
}) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const { org } = await staff.post<OrgResponse>('hstm/organizations', {
      org: { name: `Dash Clinic ${data.word}`, tenant: `dash-${data.word}`.toLowerCase() },
    });
    const username = `e2e.dash.${data.word}`.toLowerCase();
    const { user } = await data.api.post<UserResponse>(data.o('users'), {
      user: { first_name: 'Dana', last_name: `Dash ${data.word}`, email: `${username}@example.com`, username },
    });

    await signIn(page, DemoUsers.staff, '/hstm/dashboard');
    await expect(page.getByLabel(/^Active organizations:/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(data.word);

    const orgs = page.getByRole('table', { name: 'Organizations', exact: true });
    const users = page.getByRole('table', { name: 'Users', exact: true });
    await expect(orgs.getByRole('row')).toHaveCount(2);
    await expect(orgs.getByRole('cell', { name: `dash-${data.word}`.toLowerCase(), exact: true })).toBeVisible();
    await expect(users.getByRole('cell', { name: `${username}@example.com`, exact: true })).toBeVisible();

    await orgs.getByRole('link', { name: org.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hstm/orgs/${org.id}(/pm_users)?$`));

    await page.goto('/hstm/dashboard');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(username);
    await users.getByRole('link', { name: `Dana Dash ${data.word}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hstm/orgs/${data.orgId}/pm_users/${user.id}(/[a-z_]+)?$`));
  } finally {
    await staff.dispose();
  }
});

test('the staff dashboard says when more users matched than it counts', async ({ page }) => {
  // A thousand and one users would make this test slow: the server's answer past its reach is the
  // API test's (hstm-dashboard.test.ts); here the answer is the server's own with its users' count
  // stopped at the reach, as the server answers it then.
  await page.route('**/api/hstm/dash/new?search=*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Dashboard;
    await route.fulfill({
      status: response.status(),
      json: { ...body, users: { ...body.users, total: DASHBOARD_COUNT_REACH, total_capped: true } },
    });
  });
  await signIn(page, DemoUsers.staff, '/hstm/dashboard');
  await expect(page.getByLabel(/^Active organizations:/)).toBeVisible();
  // Every demo user's e-mail, and no organisation's name or key.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('@demohealth.example.com');
  await expect(page.getByText('0 matches', { exact: true })).toBeVisible();
  // The organisations' caption comes with the searched answer; the users' names the reach and the
  // rows of that same answer (the rows shown before the search may still be on screen until then).
  const caption = page.getByText(/^1,000\+ matches, showing the first \d+$/);
  await expect(caption).toBeVisible();
  const shown = Number(/\d+$/.exec((await caption.textContent()) ?? '')?.[0]);
  const users = page.getByRole('table', { name: 'Users', exact: true });
  await expect(users.getByRole('row')).toHaveCount(shown + 1);
  await expect(users.getByRole('cell', { name: /@demohealth\.example\.com$/ })).toHaveCount(shown);
});
