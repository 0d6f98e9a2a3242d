import { expect, test } from '@playwright/test';
import type { SystemMessage, SystemMessageList } from '../../shared/api/system-messages';
import { TenetApi } from '../support/api';
import { openAs, signIn } from '../support/auth';
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

  test('a date still being typed is not taken; a whole one is, and any real one once the field is left', async ({
    page,
    baseURL,
  }) => {
    const text = `Half-typed notice ${Date.now()}`;
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await page.getByRole('button', { name: 'New message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New system message', exact: true });
    await dialog.getByLabel('Message').fill(text);
    const start = dialog.getByRole('textbox', { name: 'Start date (UTC)', exact: true });
    const end = dialog.getByRole('textbox', { name: 'End date (UTC)', exact: true });

    // '2031-03-1' is a real date on its way to the 15th: the form does not take it, so the text is
    // not rewritten under the cursor, and nothing is said against it.
    await start.fill('');
    await start.pressSequentially('2031-03-1');
    await expect(start).toHaveValue('2031-03-1');
    await expect(start).not.toHaveAttribute('aria-invalid', 'true');
    await start.pressSequentially('5');
    await expect(start).toHaveValue('2031-03-15');
    // The end's minimum is the start the form took.
    await end.fill('2031-03-14');
    await expect(dialog.getByText('The date must be on or after Mar 15, 2031', { exact: true })).toBeVisible();

    // A date not written out in full is taken when the user leaves the field, and shown in full.
    await start.fill('2031-3-5');
    await expect(start).toHaveValue('2031-3-5');
    await expect(dialog.getByText('The date must be on or after Mar 15, 2031', { exact: true })).toBeVisible();
    await start.press('Tab');
    await expect(start).toHaveValue('2031-03-05');
    await expect(dialog.getByText(/The date must be on or after/)).toHaveCount(0);

    // Typed and saved straight away: leaving the field for Create gives the form the date first.
    await end.fill('2031-3-9');
    await dialog.getByRole('button', { name: 'Create message', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search system messages', exact: true }).fill(text);
    const row = page.getByTestId('sortable-table').locator('tbody tr');
    await expect(row).toContainText('Mar 5, 2031 12:00 AM');
    await expect(row).toContainText('Mar 9, 2031 11:59 PM');

    const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
    const { system_messages: all } = await staff.get<SystemMessageList>('hstm/system_messages');
    for (const message of all.filter((m) => m.message === text))
      await staff.delete(`hstm/system_messages/${message.id}`);
    await staff.dispose();
  });

  test('a period filter runs for whole dates only, for any real date on Enter, and without one when emptied', async ({
    page,
  }) => {
    const asked: Array<string | null> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/reporting/approval_turnaround')) asked.push(url.searchParams.get('from'));
    });
    await openAs(page, DemoUsers.admin, '/orgs/:org/reports/approval_turnaround?from=2025-01-01&to=2025-12-31');
    const period = page.getByTestId('turnaround-period');
    await expect(period).toHaveText('Stages completed from Jan 01, 2025 to Dec 31, 2025');
    const from = page.getByRole('textbox', { name: 'From', exact: true });

    // Typed key by key: the 1st of March is never asked for on the way to the 15th.
    await from.selectText();
    await from.pressSequentially('2025-03-1');
    await expect(from).toHaveValue('2025-03-1');
    await from.pressSequentially('5');
    await expect(page).toHaveURL((url) => url.searchParams.get('from') === '2025-03-15');
    await expect(period).toHaveText('Stages completed from Mar 15, 2025 to Dec 31, 2025');
    expect(asked).not.toContain('2025-03-01');
    expect(asked).toContain('2025-03-15');

    // Enter takes what is typed when it is a real date.
    await from.selectText();
    await from.pressSequentially('2025-4-2');
    await expect(from).toHaveValue('2025-4-2');
    await from.press('Enter');
    await expect(page).toHaveURL((url) => url.searchParams.get('from') === '2025-04-02');
    await expect(from).toHaveValue('2025-04-02');
    await expect(period).toHaveText('Stages completed from Apr 02, 2025 to Dec 31, 2025');

    // Emptied, the filter has no start of its own.
    await from.fill('');
    await expect(page).toHaveURL((url) => !url.searchParams.has('from') && url.searchParams.get('to') === '2025-12-31');
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
