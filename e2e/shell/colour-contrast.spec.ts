import { expect, test, type Page } from '@playwright/test';
import { openAs, signIn } from '../support/auth';
import { ruleFailures } from '../support/axe';
import { DemoUsers } from '../support/users';

/** Text on the page (or inside `within`) below WCAG AA contrast, as axe's color-contrast rule finds it. */
const contrastFailures = (page: Page, within?: string): Promise<string[]> =>
  ruleFailures(page, 'color-contrast', within ? { within: [within] } : {});

// WCAG 2.1 AA 1.4.3: text needs 4.5:1 against what is behind it, status colours included.
test.describe('colour contrast', () => {
  test('the users list, its status badges included, reads at AA contrast', async ({ page }) => {
    await openAs(page, DemoUsers.admin, '/orgs/:org/users');
    const users = page.getByRole('table', { name: 'Users', exact: true });
    const ada = users.getByRole('row').filter({ hasText: DemoUsers.admin.name });
    await expect(ada.getByText('Active', { exact: true })).toBeVisible();
    expect(await contrastFailures(page)).toEqual([]);
  });

  test('the reports catalogue, its group badges included, reads at AA contrast', async ({ page }) => {
    await openAs(page, DemoUsers.admin, '/orgs/:org/reports');
    const assignments = page.getByRole('link', { name: 'Assignments', exact: true });
    await expect(assignments.getByText('By Users and User Groups', { exact: true })).toBeVisible();
    expect(await contrastFailures(page)).toEqual([]);
  });

  test('an open calendar, the days of the months either side included, reads at AA contrast', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await page.getByRole('button', { name: 'New message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New system message', exact: true });
    await dialog.getByRole('textbox', { name: 'Start date (UTC)', exact: true }).fill('2031-03-10');
    await dialog.getByRole('button', { name: 'Choose Start date (UTC) from a calendar', exact: true }).click();
    const calendar = page
      .locator('.mantine-Popover-dropdown')
      .filter({ has: page.getByRole('combobox', { name: 'Year', exact: true }) });
    // March 2031 opens on a Saturday: its first row holds February's last days, its last April's first.
    await expect(calendar.getByRole('button', { name: 'Feb 24, 2031', exact: true })).toBeVisible();
    await expect(calendar.getByRole('button', { name: 'Apr 06, 2031', exact: true })).toBeVisible();
    expect(await contrastFailures(page, '.mantine-Popover-dropdown')).toEqual([]);
  });
});
