import type { SystemMessage, SystemMessageList } from '../../shared/api/system-messages';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const GONE = 'The system message was not found.';

test('a system message another staff user deleted meanwhile: saving or deleting it says so in place', async ({
  page,
  baseURL,
  data,
}) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const word = data.word;
  // A year ahead, so that no banner shows anywhere.
  const year = new Date().getUTCFullYear() + 1;
  const make = (message: string) =>
    staff.post<SystemMessage>('hstm/system_messages', {
      system_message: {
        message,
        location: 'Login',
        start_datetime: `${year}-03-01T09:00:00.000Z`,
        end_datetime: `${year}-03-02T09:00:00.000Z`,
      },
    });
  try {
    const edited = await make(`Edited ${word}`);
    const deleted = await make(`Deleted ${word}`);
    await signIn(page, DemoUsers.staff, '/hstm/developer_tools/system_messages');
    await page.getByRole('textbox', { name: 'Search system messages', exact: true }).fill(word);
    const table = page.getByRole('table', { name: 'System messages', exact: true });
    await expect(table.getByRole('cell', { name: `Edited ${word}`, exact: true })).toBeVisible();

    // Saving an edit of a message deleted meanwhile: the refusal shows here and the text typed stays.
    await table.getByRole('button', { name: `Edit system message ${edited.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit system message' });
    const text = dialog.getByRole('textbox', { name: 'Message' });
    await text.fill(`Edited ${word} with care`);
    await staff.delete(`hstm/system_messages/${edited.id}`);
    await dialog.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expect(toastWithText(page, GONE)).toBeVisible();
    await expect(page).toHaveURL(/\/hstm\/developer_tools\/system_messages$/);
    await expect(text).toHaveValue(`Edited ${word} with care`);
    // The list no longer shows it.
    await expect(table.getByRole('cell', { name: `Edited ${word}`, exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Deleting one deleted meanwhile: said in place, and it leaves the list.
    await table.getByRole('button', { name: `Delete system message ${deleted.id}`, exact: true }).click();
    await staff.delete(`hstm/system_messages/${deleted.id}`);
    await page
      .getByRole('dialog', { name: 'Delete system message' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(toastWithText(page, GONE)).toBeVisible();
    await expect(page).toHaveURL(/\/hstm\/developer_tools\/system_messages$/);
    await expect(table.getByRole('cell', { name: `Deleted ${word}`, exact: true })).toHaveCount(0);
  } finally {
    const all = await staff.get<SystemMessageList>('hstm/system_messages');
    for (const m of all.system_messages.filter((x) => x.message.includes(word))) {
      await staff.delete(`hstm/system_messages/${m.id}`).catch(() => undefined);
    }
    await staff.dispose();
  }
});
