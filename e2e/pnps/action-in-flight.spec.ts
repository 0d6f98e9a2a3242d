import type { Locator, Page } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';
import { taskRowOf, waitingForApproval } from '../tasks/task-helpers';
import { expectStage } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

/** Holds the answers to `path` back, as a slow network would, until the test lets them go. */
async function holdAnswers(page: Page, path: RegExp) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      count += 1;
      await released;
      await route.continue();
    },
  );
  return { held: () => count, release };
}

/** The action is being sent: its button busy, and neither Cancel, the ✕ nor Escape pretend to stop it. */
async function expectNothingCancels(page: Page, dialog: Locator, action: string): Promise<void> {
  await expect(dialog.getByRole('button', { name: action, exact: true })).toHaveAttribute('data-loading', 'true');
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
}

test('while a task’s Approve is being sent nothing in its dialog offers to cancel it', async ({
  page,
  baseURL,
  data,
}) => {
  const pnp = await waitingForApproval(baseURL!, data, 'Sepsis Screening');
  await openAs(page, DemoUsers.approver, '/orgs/:org/tasks?kind=Approve');
  await taskRowOf(page, pnp.name)
    .getByRole('button', { name: `Approve: ${pnp.name}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Approve' });

  const answers = await holdAnswers(page, /\/api\/o\/\d+\/tasks\/\d+$/);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect.poll(answers.held).toBe(1);
  await expectNothingCancels(page, dialog, 'Approve');

  answers.release();
  await expect(dialog).toBeHidden();
  await expect(toastWithText(page, Messages.recordUpdated)).toBeVisible();
  await expect(taskRowOf(page, pnp.name)).toHaveCount(0);
});

test('while an approval on the P&P’s page is being sent its dialog stays, busy, and nothing in it cancels', async ({
  page,
  baseURL,
  data,
}) => {
  const pnp = await waitingForApproval(baseURL!, data, 'Blood Transfusion');
  await openAs(
    page,
    DemoUsers.approver,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/version_info/preview`,
  );
  await page.getByTestId('workflow-actions').getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve' });
  await expect(dialog).toContainText('Approve step 1 of this draft?');

  const answers = await holdAnswers(page, /\/api\/o\/\d+\/pnp_documents\/\d+\/workflow$/);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect.poll(answers.held).toBe(1);
  await expectNothingCancels(page, dialog, 'Approve');

  answers.release();
  await expect(dialog).toBeHidden();
  await expect(toastWithText(page, Messages.recordUpdated)).toBeVisible();
  await expectStage(page, 'Draft in Publishing');
});
