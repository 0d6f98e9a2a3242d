import type { Page } from '@playwright/test';
import type { MailOutboxList, NotificationList } from '../../shared/api/notifications';
import type { SelfSettingsResponse } from '../../shared/api/self-settings';
import { seriousViolations } from '../support/axe';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import type { MadePnp, TestData } from '../support/test-data';
import { DemoUsers, type DemoUser } from '../support/users';

/**
 * Gives `reviewer` a Review task, as a user would: the org admin owns a binder of this test where
 * `reviewer` reviews, makes a P&P there and submits it. The task's notification says "Review '<name>'".
 */
async function reviewTaskFor(data: TestData, reviewer: DemoUser, prefix: string): Promise<MadePnp> {
  const binder = await data.binder(`${prefix} Binder`, { owners: [DemoUsers.admin], reviewers: [reviewer] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name(prefix) });
  await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });
  return pnp;
}

const notificationsOf = (page: Page) =>
  new TenetApi(page.request).get<NotificationList>('self/notifications?per_page=100');

test('a reviewer sees the bell count and the notification of a new task, and it opens the draft', async ({
  page,
  data,
}) => {
  const pnp = await reviewTaskFor(data, DemoUsers.reviewer, 'Hand Hygiene');
  const orgId = await openAs(page, DemoUsers.reviewer, '/orgs/:org/pnps');
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAttribute('aria-label', /^Notifications, \d+ unread$/);
  await bell.click();
  const latest = page.getByRole('list', { name: 'Latest notifications', exact: true });
  const item = latest.getByRole('link', { name: new RegExp(`Review '${pnp.name}'`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Unread:');
  const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);

  expect(await seriousViolations(page)).toEqual([]);

  // By keyboard, as a screen-reader user would: the link is focused and followed with Enter.
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/version_info/preview$`),
  );
  // The P&P's own heading (the previewed document may hold headings of its own).
  await expect(page.getByRole('heading', { level: 1, name: pnp.name, exact: true })).toBeVisible();
  // Opened means read: the server says so, and the bell counts one fewer (or none).
  await expect
    .poll(
      async () => (await notificationsOf(page)).notifications.find((n) => n.message === `Review '${pnp.name}'`)?.status,
    )
    .toBe(2);
  await expect(bell).not.toHaveAttribute('aria-label', `Notifications, ${unreadBefore} unread`);
});

test('the notifications screen marks one read and unread, all read, deletes one and, after confirming, all', async ({
  page,
  data,
}) => {
  const first = await reviewTaskFor(data, DemoUsers.binderOwner, 'Sharps Disposal');
  const second = await reviewTaskFor(data, DemoUsers.binderOwner, 'Fall Prevention');
  await openAs(page, DemoUsers.binderOwner, '/orgs/:org/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications', exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Notifications', exact: true });
  const rowOf = (pnp: MadePnp) => table.getByRole('row').filter({ hasText: `Review '${pnp.name}'` });
  await expect(rowOf(first)).toContainText('Unread');
  await expect(rowOf(second)).toContainText('Unread');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: `Mark as read: Review '${first.name}'`, exact: true }).click();
  await expect(rowOf(first).getByText('Read', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Mark as unread: Review '${first.name}'`, exact: true }).click();
  await expect(rowOf(first).getByText('Unread', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Mark all as read', exact: true }).click();
  await expect(rowOf(first).getByText('Read', { exact: true })).toBeVisible();
  await expect(rowOf(second).getByText('Read', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read', exact: true })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId('notifications-bell')).toHaveAttribute('aria-label', 'Notifications');

  await page.getByRole('button', { name: `Delete: Review '${first.name}'`, exact: true }).click();
  await expect(rowOf(first)).toHaveCount(0);
  await expect(rowOf(second)).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete all', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete all notifications', exact: true });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete all', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(second)).toHaveCount(0);
  await expect(page.getByText('You have no notifications yet.', { exact: false })).toBeVisible();
  expect((await notificationsOf(page)).total).toBe(0);
});

test("'Email Summary preferences' is saved and still there after a reload", async ({ page }) => {
  await openAs(page, DemoUsers.nurse, '/orgs/:org/notifications');
  const api = new TenetApi(page.request);
  const original = (await api.get<SelfSettingsResponse>('self/settings')).settings.ntfy_email_summary;
  try {
    const select = page.getByLabel('Email Summary preferences', { exact: true });
    await expect(select).toBeEnabled();
    const [choice, label] = original === 'daily' ? ['none', 'None'] : ['daily', 'Daily summary'];
    await select.selectOption({ label });
    await expect
      .poll(async () => (await api.get<SelfSettingsResponse>('self/settings')).settings.ntfy_email_summary)
      .toBe(choice);
    await page.reload();
    await expect(page.getByLabel('Email Summary preferences', { exact: true })).toHaveValue(choice);
    await expect(page.getByLabel('Email Summary preferences', { exact: true }).locator('option:checked')).toHaveText(
      label,
    );
  } finally {
    await api.send('PUT', 'self/settings', { settings: { ntfy_email_summary: original } });
  }
});

test('provider staff with developer tools read an e-mail of a notification in the mail outbox', async ({
  page,
  data,
  baseURL,
}) => {
  test.slow();
  // The reviewer gets e-mail at once for this test, then keeps their own choice.
  const reviewer = await TenetApi.signedIn(baseURL!, DemoUsers.reviewer);
  const original = (await reviewer.get<SelfSettingsResponse>('self/settings')).settings.ntfy_email_summary;
  await reviewer.send('PUT', 'self/settings', { settings: { ntfy_email_summary: 'immediately' } });
  try {
    const pnp = await reviewTaskFor(data, DemoUsers.reviewer, 'Medication Storage');
    const subject = `Review '${pnp.name}'`;
    const staff = await TenetApi.signedIn(baseURL!, DemoUsers.staff);
    // The mail job runs every minute and writes the e-mail to the outbox (no SMTP in these tests).
    await expect
      .poll(
        async () =>
          (await staff.get<MailOutboxList>('hstm/mail_outbox?per_page=100')).mail_outbox.some(
            (m) => m.subject === subject,
          ),
        { timeout: 150_000, intervals: [2_000, 5_000] },
      )
      .toBe(true);
    await staff.dispose();

    await openAs(page, DemoUsers.staff, '/hstm/developer_tools/mail_outbox');
    // Other tests write e-mail too: the search keeps this one on the first page.
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(pnp.name);
    const table = page.getByRole('table', { name: 'Mail outbox', exact: true });
    // The reviewer's own: while she is away (the demo's delegation), her delegate is sent the task too.
    const row = table
      .getByRole('row')
      .filter({ hasText: subject })
      .filter({ hasText: `${DemoUsers.reviewer.login}@` });
    await expect(row).toContainText('pending');
    await row.getByRole('button', { name: subject, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: subject, exact: true });
    await expect(dialog.getByLabel('Plain-text body')).toContainText(`Open it in Tenet: `);
    await expect(dialog.getByLabel('Plain-text body')).toContainText(`/pnps/${pnp.id}/pnp_documents/${pnp.documentId}`);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('tab', { name: 'HTML', exact: true }).click();
    const frame = dialog.locator('iframe[title="HTML body"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(
      page.frameLocator('iframe[title="HTML body"]').getByRole('link', { name: 'Open it in Tenet' }),
    ).toBeVisible();
  } finally {
    await reviewer.send('PUT', 'self/settings', { settings: { ntfy_email_summary: original } });
    await reviewer.dispose();
  }
});
