import { expect, test } from '@playwright/test';
import type { SystemMessage, SystemMessageList } from '../../shared/api/system-messages';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

// The date input of spec §5 and the calendar of §9, on the form that creates a system message.
test.describe('date input and calendar', () => {
  test('typed dates are checked, the calendar picks one, and the form saves', async ({ page, baseURL }) => {
    const text = `Dated notice ${Date.now()}`;
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await page.getByRole('button', { name: 'New message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New system message', exact: true });
    await dialog.getByLabel('Message').fill(text);

    const start = dialog.getByRole('textbox', { name: 'Start date (UTC)', exact: true });
    await start.fill('2031-02-30');
    await expect(dialog.getByText('Enter a real date as year-month-day, e.g. 2026-03-31')).toBeVisible();
    await start.fill('2031-2');
    await expect(dialog.getByText('Enter a real date as year-month-day, e.g. 2026-03-31')).toBeVisible();
    await start.fill('2031-03-10');
    await expect(dialog.getByText(/Enter a real date/)).toHaveCount(0);

    // The end may not be before the start (its minimum).
    const end = dialog.getByRole('textbox', { name: 'End date (UTC)', exact: true });
    await end.fill('2031-03-09');
    await expect(dialog.getByText('The date must be on or after Mar 10, 2031')).toBeVisible();
    await end.fill('2031-03-11');

    // The calendar: weeks from Monday, six rows, a year list bounded by the minimum.
    await dialog.getByRole('button', { name: 'Choose End date (UTC) from a calendar', exact: true }).click();
    const calendar = page
      .locator('.mantine-Popover-dropdown')
      .filter({ has: page.getByRole('combobox', { name: 'Year', exact: true }) });
    await expect(calendar.locator('thead th').first()).toHaveText('Mo');
    await expect(calendar.locator('tbody tr')).toHaveCount(6);
    const years = calendar.getByRole('combobox', { name: 'Year', exact: true }).locator('option');
    await expect(years.first()).toHaveText('2031');
    await expect(years.last()).toHaveText('2041');
    await expect(calendar.getByRole('button', { name: 'Mar 09, 2031', exact: true })).toBeDisabled();
    await calendar.getByRole('button', { name: 'Mar 20, 2031', exact: true }).click();
    await expect(end).toHaveValue('2031-03-20');

    await dialog.getByRole('button', { name: 'Create message', exact: true }).click();
    // Saved: the dialog closes and the list shows the message with its dates.
    await expect(dialog).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search system messages', exact: true }).fill(text);
    const row = page.getByTestId('sortable-table').locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').first()).toHaveText(text);
    await expect(row).toContainText('Mar 10, 2031 12:00 AM');
    await expect(row).toContainText('Mar 20, 2031 11:59 PM');

    const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
    const { system_messages: all } = await staff.get<SystemMessageList>('hstm/system_messages');
    for (const message of all.filter((m) => m.message === text))
      await staff.delete(`hstm/system_messages/${message.id}`);
    await staff.dispose();
  });

  test('a completed navigation dismisses open modals', async ({ page, baseURL }) => {
    const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
    const text = `Modal check ${Date.now()}`;
    const later = Date.now() + 400 * 86_400_000;
    const message = await staff.post<SystemMessage>('hstm/system_messages', {
      system_message: {
        message: text,
        location: 'Login',
        start_datetime: new Date(later).toISOString(),
        end_datetime: new Date(later + 3_600_000).toISOString(),
      },
    });
    try {
      await signIn(page, DemoUsers.staff, '/hstm/developer_tools/links');
      await page.getByRole('link', { name: 'System Messages', exact: true }).click();
      await page.getByRole('textbox', { name: 'Search system messages', exact: true }).fill(text);
      await page.getByRole('button', { name: `Delete system message ${message.id}`, exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Delete system message', exact: true })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/developer_tools\/links$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } finally {
      await staff.delete(`hstm/system_messages/${message.id}`);
      await staff.dispose();
    }
  });
});
