import { Messages } from '../../shared/domain/messages';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';
import { taskRowOf, waitingForApproval } from './task-helpers';

test.use({ actionTimeout: 15_000 });

const isTaskAction = (url: URL): boolean => /\/api\/o\/\d+\/tasks\/\d+$/.test(url.pathname);

test('a failed Decline keeps the dialog open with the comment and the error in it; trying again declines', async ({
  page,
  baseURL,
  data,
}) => {
  const pnp = await waitingForApproval(baseURL!, data, 'Wound Care');
  await openAs(page, DemoUsers.approver, '/orgs/:org/tasks?kind=Approve');
  await taskRowOf(page, pnp.name)
    .getByRole('button', { name: `Decline: ${pnp.name}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Decline' });
  const comment = dialog.getByRole('textbox', { name: 'Comment' });
  await comment.fill('The dressing intervals contradict the wound chart.');

  await page.route(isTaskAction, (route) =>
    route.fulfill({ status: 500, json: { errors: [Messages.unexpectedError] } }),
  );
  await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(Messages.unexpectedError);
  await expect(comment).toHaveValue('The dressing intervals contradict the wound chart.');

  await page.unroute(isTaskAction);
  await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toastWithText(page, Messages.recordUpdated)).toBeVisible();
  await expect(taskRowOf(page, pnp.name)).toHaveCount(0);
});
