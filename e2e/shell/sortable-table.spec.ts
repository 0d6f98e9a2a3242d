import { expect, test, type Page } from '@playwright/test';
import type { SystemMessage, SystemMessageList } from '../../shared/api/system-messages';
import { Messages } from '../../shared/domain/messages';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

// The sortable table, its footer and its empty panel, on a real screen: the system messages of
// developer tools. The messages are scheduled a year ahead, so no banner shows anywhere.
const COUNT = 12;

async function seed(api: TenetApi, prefix: string): Promise<SystemMessage[]> {
  const base = Date.now() + 365 * 86_400_000;
  const created: SystemMessage[] = [];
  for (let i = 1; i <= COUNT; i += 1) {
    const start = base + i * 3_600_000;
    created.push(
      await api.post<SystemMessage>('hstm/system_messages', {
        system_message: {
          message: `${prefix} #${String(i).padStart(2, '0')}`,
          location: i % 2 === 0 ? 'Login' : 'Application',
          start_datetime: new Date(start).toISOString(),
          end_datetime: new Date(start + 86_400_000).toISOString(),
        },
      }),
    );
  }
  return created;
}

const firstCells = (page: Page) => page.getByTestId('sortable-table').locator('tbody tr td:first-child');

test.describe('sortable table (spec §2)', () => {
  let staff: TenetApi;
  let prefix: string;
  let created: SystemMessage[] = [];

  test.beforeEach(async ({ baseURL }) => {
    staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
    prefix = `Table check ${Date.now()}`;
    created = await seed(staff, prefix);
  });

  test.afterEach(async () => {
    for (const message of created) await staff.delete(`hstm/system_messages/${message.id}`).catch(() => undefined);
    await staff.dispose();
  });

  test('sorts by a column, pages at 10, and shows the empty panel', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await page.getByRole('textbox', { name: 'Search system messages', exact: true }).fill(prefix);
    const footer = page.getByTestId('pagination-footer');
    await expect(footer).toContainText(`Showing 1 - 10 of ${COUNT} System Messages`);
    await expect(firstCells(page)).toHaveCount(10);

    // Click: ascending, highlighted; click again: descending.
    const messageHeader = page.getByRole('columnheader', { name: 'Message', exact: true });
    await messageHeader.getByRole('button').click();
    await expect(messageHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(messageHeader).toHaveAttribute('data-active', 'true');
    await expect(firstCells(page).first()).toHaveText(`${prefix} #01`);
    await messageHeader.getByRole('button').click();
    await expect(messageHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCells(page).first()).toHaveText(`${prefix} #12`);
    await expect(page.getByRole('columnheader', { name: 'Location', exact: true })).toHaveAttribute(
      'aria-sort',
      'none',
    );

    // Next page, and a page link (at most 3 of them).
    await footer.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(footer).toContainText(`Showing 11 - 12 of ${COUNT} System Messages`);
    await expect(firstCells(page)).toHaveText([`${prefix} #02`, `${prefix} #01`]);
    await expect(footer.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await footer.getByRole('button', { name: 'Page 1', exact: true }).click();
    await expect(footer).toContainText(`Showing 1 - 10 of ${COUNT}`);
    await expect(footer.getByRole('button', { name: /^Page / })).toHaveCount(2);

    // Nothing matches: the no-records panel, and no footer.
    await page
      .getByRole('textbox', { name: 'Search system messages', exact: true })
      .fill(`${prefix} nothing like this`);
    const empty = page.getByTestId('no-records');
    await expect(empty.getByRole('heading', { name: 'No System Messages to show', exact: true })).toBeVisible();
    await expect(empty).toContainText(Messages.noRecordsHint);
    await expect(footer).toHaveCount(0);
  });

  test('the confirmation modal guards a delete', async ({ page }) => {
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await page.getByRole('textbox', { name: 'Search system messages', exact: true }).fill(`${prefix} #03`);
    await expect(firstCells(page)).toHaveText([`${prefix} #03`]);
    const target = created[2];
    await page.getByRole('button', { name: `Delete system message ${target?.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete system message', exact: true });
    await expect(dialog).toContainText(`${prefix} #03`);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(firstCells(page)).toHaveText([`${prefix} #03`]);

    await page.getByRole('button', { name: `Delete system message ${target?.id}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete system message', exact: true });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    // Deleted: the dialog closes, the list shows its empty panel, and the server agrees.
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('no-records')).toBeVisible();
    const { system_messages: left } = await staff.get<SystemMessageList>('hstm/system_messages');
    expect(left.some((m) => m.id === target?.id)).toBe(false);
  });
});
