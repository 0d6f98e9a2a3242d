import { expect, test } from '@playwright/test';
import type { SystemMessage } from '../../shared/api/system-messages';
import { TenetApi } from '../support/api';
import { signInViaUi, signOutViaUi } from '../support/auth';
import { DemoUsers } from '../support/users';

test.describe('system-message banners (spec §4)', () => {
  test('Login messages on the login screen, Application messages to signed-in org users only', async ({
    page,
    baseURL,
  }) => {
    const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
    const stamp = Date.now();
    const window = {
      start_datetime: new Date(stamp - 60_000).toISOString(),
      end_datetime: new Date(stamp + 3_600_000).toISOString(),
    };
    const loginText = `Scheduled maintenance tonight (${stamp})`;
    const appText = `New review workflow is live (${stamp})`;
    const created = [
      await staff.post<SystemMessage>('hstm/system_messages', {
        system_message: { message: loginText, location: 'Login', ...window },
      }),
      await staff.post<SystemMessage>('hstm/system_messages', {
        system_message: { message: appText, location: 'Application', ...window },
      }),
    ];
    try {
      await page.goto('/login');
      const banners = page.getByTestId('system-messages');
      await expect(banners.getByText(loginText)).toBeVisible();
      await expect(banners.getByText(appText)).toHaveCount(0);

      await signInViaUi(page, DemoUsers.nurse);
      await expect(banners.getByText(appText)).toBeVisible();
      await expect(banners.getByText(loginText)).toHaveCount(0);

      // Internal staff do not see application messages.
      await signOutViaUi(page);
      await expect(banners.getByText(loginText)).toBeVisible();
      await signInViaUi(page, DemoUsers.staff);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true })).toBeVisible();
      await expect(page.getByText(appText)).toHaveCount(0);
      await expect(page.getByText(loginText)).toHaveCount(0);
    } finally {
      for (const message of created) await staff.delete(`hstm/system_messages/${message.id}`);
      await staff.dispose();
    }
  });

  test('the live list is polled: a message created while the page is open appears', async ({ page, baseURL }) => {
    await page.clock.install();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
    const text = `Polled notice (${Date.now()})`;
    const now = Date.now();
    const message = await staff.post<SystemMessage>('hstm/system_messages', {
      system_message: {
        message: text,
        location: 'Login',
        start_datetime: new Date(now - 60_000).toISOString(),
        end_datetime: new Date(now + 3_600_000).toISOString(),
      },
    });
    try {
      await expect(page.getByText(text)).toHaveCount(0);
      // The next poll is 60 s after the first.
      await page.clock.fastForward('01:01');
      await expect(page.getByTestId('system-messages').getByText(text)).toBeVisible();
    } finally {
      await staff.delete(`hstm/system_messages/${message.id}`);
      await staff.dispose();
    }
  });
});
