import { expect, test } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import { signIn } from '../support/auth';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';

const isList = (url: URL): boolean => url.pathname === '/api/hstm/system_messages';

test.describe('alerts and toasts (spec §5, §8)', () => {
  test('identical toasts are shown once, and go away after 5 seconds', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await expect(page.getByTestId('sortable-table')).toBeVisible();
    await page.route(isList, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: ['boom'] }) }),
    );

    const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
    for (let i = 0; i < 2; i += 1) {
      await Promise.all([page.waitForResponse((r) => isList(new URL(r.url())) && r.status() === 500), refresh.click()]);
    }

    const toast = toastWithText(page, Messages.unexpectedError);
    await expect(toast).toHaveCount(1);
    await expect(toast).toBeHidden({ timeout: 9000 });
  });

  test('a 422 shows each error as a danger message on the current route', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await expect(page.getByTestId('sortable-table')).toBeVisible();
    await page.route(isList, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ errors: ['First problem', 'Second problem'] }),
      }),
    );
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const alerts = page.getByTestId('alerts-area');
    await expect(alerts.getByText('First problem')).toBeVisible();
    await expect(alerts.getByText('Second problem')).toBeVisible();
    await expect(alerts.locator('[data-alert-type="danger"]')).toHaveCount(2);
  });

  test('a 401 goes to login with the not-authorized message', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await expect(page.getByTestId('sortable-table')).toBeVisible();
    await page.route(isList, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ errors: ['Your session has expired.'] }),
      }),
    );
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('alerts-area').getByText(Messages.notAuthorizedHttp)).toBeVisible();
    await expect(page.getByTestId('alerts-area').getByText('Your session has expired.')).toBeVisible();
  });

  test('any other status goes to error/{status}', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await expect(page.getByTestId('sortable-table')).toBeVisible();
    await page.route(isList, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":[]}' }),
    );
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page).toHaveURL(/\/error\/503$/);
    await expect(page.getByRole('heading', { name: 'Service unavailable', exact: true })).toBeVisible();
  });
});
