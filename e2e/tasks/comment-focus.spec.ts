import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { taskRowOf, waitingForApproval } from './task-helpers';

test.use({ actionTimeout: 15_000 });

test('the Decline dialog opens with the keyboard in its comment box', async ({ page, baseURL, data }) => {
  const pnp = await waitingForApproval(baseURL!, data, 'Pressure Injury');
  await openAs(page, DemoUsers.approver, '/orgs/:org/tasks?kind=Approve');
  await taskRowOf(page, pnp.name)
    .getByRole('button', { name: `Decline: ${pnp.name}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Decline' });
  const comment = dialog.getByRole('textbox', { name: 'Comment' });
  await expect(comment).toBeFocused();
  // Typing straight away writes the comment (a space once pressed the Close button).
  await page.keyboard.type(' Turn every two hours.');
  await expect(dialog).toBeVisible();
  await expect(comment).toHaveValue(' Turn every two hours.');
});
