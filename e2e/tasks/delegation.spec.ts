import type { Page } from '@playwright/test';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers, type DemoUser } from '../support/users';
import { seriousViolations } from '../support/axe';

test.use({ actionTimeout: 15_000 });

/** A datetime-local value in UTC, the application's time zone (spec §9), whatever the browser's. */
const utcInput = (d: Date): string => d.toISOString().slice(0, 16);

/** Calls the API as a user, in a request context of its own. */
async function asUser<T>(baseURL: string, user: DemoUser, call: (api: TenetApi) => Promise<T>): Promise<T> {
  const api = await TenetApi.signedIn(baseURL, user);
  try {
    return await call(api);
  } finally {
    await api.dispose();
  }
}

const tasksTable = (page: Page) => page.getByRole('table', { name: 'Tasks', exact: true });
const rowOf = (page: Page, pnpName: string) => tasksTable(page).getByRole('row').filter({ hasText: pnpName });

test('a delegate approves while the approver is away', async ({ page, baseURL, data }) => {
  const binder = await data.binder('Away Approvals', { owners: [DemoUsers.admin], approvers: [DemoUsers.approver] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Wound Care') });

  try {
    // The approver says they are away, their tasks going to Nora Nurse, through the tasks screen.
    const orgId = await openAs(page, DemoUsers.approver, '/orgs/:org/tasks');
    const away = page.getByRole('region', { name: 'Away', exact: true });
    await expect(away.getByRole('status')).toContainText('Going away?');
    const delegate = away.getByRole('combobox', { name: 'Tasks go to', exact: true });
    await delegate.click();
    await delegate.fill('Nora');
    await page.getByRole('option', { name: DemoUsers.nurse.name, exact: true }).click();
    await away
      .getByRole('textbox', { name: 'Away from (UTC)', exact: true })
      .fill(utcInput(new Date(Date.now() - 60 * 60 * 1000)));
    await away
      .getByRole('textbox', { name: 'Away until (UTC)', exact: true })
      .fill(utcInput(new Date(Date.now() + 24 * 60 * 60 * 1000)));
    await away.getByRole('button', { name: 'Set Away', exact: true }).click();
    await expect(away.getByRole('status')).toContainText('You are away from');
    await expect(away.getByRole('status')).toContainText(`Your new tasks also go to ${DemoUsers.nurse.name}`);
    await expect(away.getByRole('button', { name: 'Clear Away', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The P&P is submitted for approval: the approver's task reaches the delegate too.
    await asUser(baseURL!, DemoUsers.admin, (api) =>
      api.post(`o/${orgId}/pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`, { action: 'submit' }),
    );

    await openAs(page, DemoUsers.nurse, '/orgs/:org/tasks');
    const row = rowOf(page, pnp.name);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').first()).toContainText('Approve');
    await expect(row.getByRole('cell').first()).toContainText(`For ${DemoUsers.approver.name}`);
    await expect(row).toContainText('Approving: Step 1');
    await row.getByRole('button', { name: `Approve: ${pnp.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve' });
    await expect(dialog).toContainText(`You act for ${DemoUsers.approver.name}, who is away.`);
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Approved while Alan is away.');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, pnp.name)).toHaveCount(0);

    // The document moved on: its owner now has the Publish task, and the approver's task is done.
    await openAs(page, DemoUsers.admin, '/orgs/:org/tasks?kind=Publish');
    await expect(rowOf(page, pnp.name)).toHaveCount(1);
    await expect(rowOf(page, pnp.name)).toContainText('Publishing');
    const history = await asUser(baseURL!, DemoUsers.admin, (api) =>
      api.get<{ workflow_histories?: Array<{ action: string; actor_name?: string }> }>(
        `o/${orgId}/pnp_documents/workflow_history?pnp_id=${pnp.id}`,
      ),
    );
    expect(JSON.stringify(history)).toContain(`${DemoUsers.nurse.name} for ${DemoUsers.approver.name}`);
  } finally {
    // The approver is back: no window outlives the test.
    await asUser(baseURL!, DemoUsers.approver, (api) => api.delete('self/delegation'));
  }
});
