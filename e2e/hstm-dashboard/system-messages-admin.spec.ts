import type { Page } from '@playwright/test';
import type { SystemMessage, SystemMessageList } from '../../shared/api/system-messages';
import { Messages } from '../../shared/domain/messages';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const firstCells = (page: Page) =>
  page.getByRole('table', { name: 'System messages', exact: true }).locator('tbody tr td:first-child');

test('system messages: create, edit in a prefilled form, sort by the chosen key, search by message text', async ({
  page,
  baseURL,
  data,
}) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const word = data.word;
  // Scheduled a year ahead so no banner shows anywhere; one fixed time shows the spec's format.
  const year = new Date().getUTCFullYear() + 1;
  const made: SystemMessage[] = [];
  try {
    made.push(
      await staff.post<SystemMessage>('hstm/system_messages', {
        system_message: {
          message: `Alpha ${word}`,
          location: 'Login',
          start_datetime: `${year}-11-21T09:05:00.000Z`,
          end_datetime: `${year}-11-22T09:05:00.000Z`,
        },
      }),
    );
    made.push(
      await staff.post<SystemMessage>('hstm/system_messages', {
        system_message: {
          message: `Beta ${word}`,
          location: 'Application',
          start_datetime: `${year}-10-01T15:30:00.000Z`,
          end_datetime: `${year}-10-02T15:30:00.000Z`,
        },
      }),
    );
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    const search = page.getByRole('textbox', { name: 'Search system messages', exact: true });
    await search.fill(word);
    await expect(firstCells(page)).toHaveCount(2);
    await expect(page.getByRole('cell', { name: `Nov 21, ${year} 9:05 AM`, exact: true })).toBeVisible();

    // Sorted by the chosen key: start ascending puts Beta first, descending reverses it.
    const start = page.getByRole('columnheader', { name: 'Start', exact: true });
    await start.getByRole('button').click();
    await expect(start).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstCells(page)).toHaveText([`Beta ${word}`, `Alpha ${word}`]);
    await start.getByRole('button').click();
    await expect(firstCells(page)).toHaveText([`Alpha ${word}`, `Beta ${word}`]);
    const message = page.getByRole('columnheader', { name: 'Message', exact: true });
    await message.getByRole('button').click();
    await expect(firstCells(page)).toHaveText([`Alpha ${word}`, `Beta ${word}`]);
    await message.getByRole('button').click();
    await expect(firstCells(page)).toHaveText([`Beta ${word}`, `Alpha ${word}`]);

    // The search reads the message text only: a location word finds nothing of ours.
    await search.fill(`Login ${word}`);
    await expect(page.getByText('No message matches your search.', { exact: true })).toBeVisible();

    // Create through the form.
    await page.getByRole('button', { name: 'New message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New system message' });
    await dialog.getByRole('textbox', { name: 'Message' }).fill(`Gamma ${word}`);
    await dialog.getByRole('button', { name: 'Create message', exact: true }).click();
    await expect(toastWithText(page, Messages.recordCreated)).toBeVisible();
    await search.fill(`Gamma ${word}`);
    await expect(firstCells(page)).toHaveText([`Gamma ${word}`]);

    // Edit: the form opens with the message, and the change shows in the table.
    await search.fill(`Alpha ${word}`);
    await page.getByRole('button', { name: `Edit system message ${made[0]!.id}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit system message' });
    const text = edit.getByRole('textbox', { name: 'Message' });
    await expect(text).toHaveValue(`Alpha ${word}`);
    await text.fill(`Alpha ${word} moved`);
    await edit.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expect(toastWithText(page, Messages.recordUpdated)).toBeVisible();
    await expect(firstCells(page)).toHaveText([`Alpha ${word} moved`]);
  } finally {
    const all = await staff.get<SystemMessageList>('hstm/system_messages');
    for (const m of all.system_messages.filter((x) => x.message.includes(word))) {
      await staff.delete(`hstm/system_messages/${m.id}`).catch(() => undefined);
    }
    await staff.dispose();
  }
});
