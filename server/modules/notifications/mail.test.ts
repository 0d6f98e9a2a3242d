import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, gt, sql } from 'drizzle-orm';
import { OrgStatus } from '../../../shared/domain/statuses';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { mailOutbox, notifications, userSettings } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createOrg, createUser, type TestOrg, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { sendDailySummaries, startOfUtcDay } from './daily-summary';
import { escapeHtml } from './email-compose';
import { mailNewNotifications } from './mail-new-notifications';

let t: TestApp;
const base = loadConfig().publicUrl.replace(/\/+$/, '');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Every notification made before a test counts as handled, so each test sees only its own. */
beforeEach(async () => {
  await withSystem(t.deps.database.db, (tx) =>
    tx.execute(sql`update notifications set mailed_at = now() where mailed_at is null`),
  );
});

const db = () => t.deps.database.db;
const run = <T>(fn: Parameters<typeof withSystem<T>>[1]) => withSystem(db(), fn);

async function notify(user: TestUser, message: string, at: Date, link: string | null = null): Promise<number> {
  const [row] = await run((tx) =>
    tx
      .insert(notifications)
      .values({ orgId: user.orgId, userId: user.id, message, link, createdAt: at })
      .returning({ id: notifications.id }),
  );
  return row!.id;
}
async function prefer(user: TestUser, value: string): Promise<void> {
  await run((tx) =>
    tx.insert(userSettings).values({ orgId: user.orgId, userId: user.id, settings: { ntfy_email_summary: value } }),
  );
}
async function outboxAfter(id: number) {
  return run((tx) => tx.select().from(mailOutbox).where(gt(mailOutbox.id, id)).orderBy(mailOutbox.id));
}
async function lastOutboxId(): Promise<number> {
  const [row] = await run((tx) =>
    tx.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1),
  );
  return row?.id ?? 0;
}
async function mailedAt(id: number): Promise<Date | null> {
  const [row] = await run((tx) =>
    queryRows<{ mailed_at: Date | string | null }>(tx, sql`select mailed_at from notifications where id = ${id}`),
  );
  return row?.mailed_at ? new Date(row.mailed_at) : null;
}

async function setOrgStatus(org: TestOrg, status: OrgStatus): Promise<void> {
  await run((tx) => tx.execute(sql`update organizations set status = ${status} where id = ${org.id}`));
}

describe('mailNewNotifications', () => {
  it('mails each new notification once to users who want it at once, with text, escaped HTML and an absolute link', async () => {
    const org = await createOrg(t.deps);
    const eager = await createUser(t.deps, org.id, { firstName: 'Al', lastName: '<First>' });
    const chosen = await createUser(t.deps, org.id);
    const daily = await createUser(t.deps, org.id);
    const quiet = await createUser(t.deps, org.id);
    const inactive = await createUser(t.deps, org.id, { status: 2 });
    await prefer(chosen, 'immediately');
    await prefer(daily, 'daily');
    await prefer(quiet, 'none');
    const now = t.clock.now();
    const link = `/orgs/${org.id}/pnps/7/pnp_documents/9`;
    const evil = `Approve 'Hand <b>Hygiene</b> & "Soap"' (step 1)`;
    const first = await notify(eager, evil, new Date(now.getTime() - 60_000), link);
    const second = await notify(chosen, "Review 'Sharps'", new Date(now.getTime() - 30_000), null);
    const later = await notify(daily, "Review 'Later'", new Date(now.getTime() - 30_000));
    const none = await notify(quiet, "Review 'Never'", new Date(now.getTime() - 30_000));
    const gone = await notify(inactive, "Review 'Gone'", new Date(now.getTime() - 30_000));
    const before = await lastOutboxId();

    expect(await run((tx) => mailNewNotifications(tx, now))).toBe(2);
    const mails = await outboxAfter(before);
    expect(mails.map((m) => [m.orgId, m.toAddress, m.subject, m.status])).toEqual([
      [org.id, eager.email, evil, 'pending'],
      [org.id, chosen.email, "Review 'Sharps'", 'pending'],
    ]);
    const [mail] = mails;
    expect(mail!.bodyText).toContain(evil);
    expect(mail!.bodyText).toContain(`Hello Al <First>,`);
    expect(mail!.bodyText).toContain(`Open it in Tenet: ${base}${link}`);
    expect(mail!.bodyText).toContain(`${base}/orgs/${org.id}/notifications`);
    expect(mail!.bodyHtml).toContain(escapeHtml(evil));
    expect(mail!.bodyHtml).toContain('Hello Al &lt;First&gt;,');
    expect(mail!.bodyHtml).not.toContain('<b>Hygiene</b>');
    expect(mail!.bodyHtml).toContain(`<a href="${base}${link}">Open it in Tenet</a>`);
    // A notification with no link leads to the notifications screen.
    expect(mails[1]!.bodyText).toContain(`Open it in Tenet: ${base}/orgs/${org.id}/notifications`);

    // Marked: a second run mails nothing more.
    expect(await mailedAt(first)).toEqual(now);
    expect(await mailedAt(second)).toEqual(now);
    expect(await run((tx) => mailNewNotifications(tx, now))).toBe(0);
    expect(await outboxAfter(before)).toHaveLength(2);
    // Daily users wait for their summary; 'none' and inactive users are handled without mail.
    expect(await mailedAt(later)).toBeNull();
    expect(await mailedAt(none)).toEqual(now);
    expect(await mailedAt(gone)).toEqual(now);
  });

  it('mails nobody of a disabled or locked organisation, marks theirs handled, and mails no backlog once enabled', async () => {
    const enabled = await createOrg(t.deps);
    const disabled = await createOrg(t.deps, { status: OrgStatus.Disabled });
    const locked = await createOrg(t.deps, { status: OrgStatus.Locked });
    const enabledUser = await createUser(t.deps, enabled.id);
    const disabledUser = await createUser(t.deps, disabled.id);
    const disabledDaily = await createUser(t.deps, disabled.id);
    const lockedUser = await createUser(t.deps, locked.id);
    await prefer(disabledDaily, 'daily');
    const now = t.clock.now();
    const sent = await notify(enabledUser, "Review 'Open'", new Date(now.getTime() - 30_000));
    const skipped = [
      await notify(disabledUser, "Review 'Disabled'", new Date(now.getTime() - 30_000)),
      await notify(disabledDaily, "Review 'Disabled daily'", new Date(now.getTime() - 30_000)),
      await notify(lockedUser, "Review 'Locked'", new Date(now.getTime() - 30_000)),
    ];
    const before = await lastOutboxId();

    expect(await run((tx) => mailNewNotifications(tx, now))).toBe(1);
    expect((await outboxAfter(before)).map((m) => m.toAddress)).toEqual([enabledUser.email]);
    expect(await mailedAt(sent)).toEqual(now);
    for (const id of skipped) expect(await mailedAt(id)).toEqual(now);

    // Enabled again: what came while it was disabled is not mailed (nor summed up) after all.
    await setOrgStatus(disabled, OrgStatus.Enabled);
    await setOrgStatus(locked, OrgStatus.Enabled);
    expect(await run((tx) => mailNewNotifications(tx, now))).toBe(0);
    expect(await run((tx) => sendDailySummaries(tx, new Date(now.getTime() + 86_400_000)))).toBe(0);
    expect(await outboxAfter(before)).toHaveLength(1);
  });

  it('never mails a link that leaves the application', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    await notify(user, 'Odd link', t.clock.now(), 'https://elsewhere.example/phish');
    const before = await lastOutboxId();
    expect(await run((tx) => mailNewNotifications(tx, t.clock.now()))).toBe(1);
    const [mail] = await outboxAfter(before);
    expect(mail!.bodyText).not.toContain('elsewhere.example');
    expect(mail!.bodyText).toContain(`${base}/orgs/${org.id}/notifications`);
  });
});

describe('sendDailySummaries', () => {
  it("sends one e-mail per daily user listing the previous day's unmailed notifications, and none when there are none", async () => {
    const org = await createOrg(t.deps);
    const daily = await createUser(t.deps, org.id, { firstName: 'Dee', lastName: 'Daily' });
    const idle = await createUser(t.deps, org.id);
    const eager = await createUser(t.deps, org.id);
    await prefer(daily, 'daily');
    await prefer(idle, 'daily');
    const now = new Date('2031-05-02T06:00:00Z');
    const today = startOfUtcDay(now);
    expect(today.toISOString()).toBe('2031-05-02T00:00:00.000Z');
    const yesterday1 = await notify(
      daily,
      "Approve 'A & B' (step 1)",
      new Date('2031-05-01T09:00:00Z'),
      `/orgs/${org.id}/tasks`,
    );
    const yesterday2 = await notify(daily, "Review 'C'", new Date('2031-05-01T17:30:00Z'));
    const fromToday = await notify(daily, "Review 'Today'", new Date('2031-05-02T01:00:00Z'));
    await notify(eager, "Review 'Eager'", new Date('2031-05-01T09:00:00Z'));
    const before = await lastOutboxId();

    expect(await run((tx) => sendDailySummaries(tx, now))).toBe(1);
    const mails = await outboxAfter(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.toAddress).toBe(daily.email);
    expect(mail!.orgId).toBe(org.id);
    expect(mail!.subject).toBe('Your Tenet summary for May 01, 2031: 2 notifications');
    expect(mail!.bodyText).toContain('You have 2 new notifications:');
    expect(mail!.bodyText).toContain(`- May 01, 2031: Approve 'A & B' (step 1)\n  ${base}/orgs/${org.id}/tasks`);
    expect(mail!.bodyText.indexOf("Approve 'A & B'")).toBeLessThan(mail!.bodyText.indexOf("Review 'C'"));
    expect(mail!.bodyText).not.toContain("Review 'Today'");
    expect(mail!.bodyText).not.toContain("Review 'Eager'");
    expect(mail!.bodyHtml).toContain('Approve &#39;A &amp; B&#39; (step 1)');
    expect(mail!.bodyHtml).toContain(`<a href="${base}/orgs/${org.id}/notifications">All your notifications</a>`);

    expect(await mailedAt(yesterday1)).toEqual(now);
    expect(await mailedAt(yesterday2)).toEqual(now);
    expect(await mailedAt(fromToday)).toBeNull();
    // Run again the same day: nothing new to send.
    expect(await run((tx) => sendDailySummaries(tx, now))).toBe(0);
    // Immediate mail leaves daily users' notifications alone.
    await run((tx) => mailNewNotifications(tx, now));
    expect(await mailedAt(fromToday)).toBeNull();
    // The next day, today's notification is in the next summary.
    const next = new Date('2031-05-03T06:00:00Z');
    const beforeNext = await lastOutboxId();
    expect(await run((tx) => sendDailySummaries(tx, next))).toBe(1);
    const [nextMail] = await outboxAfter(beforeNext);
    expect(nextMail!.subject).toBe('Your Tenet summary for May 02, 2031: 1 notification');
    expect(nextMail!.bodyText).toContain("Review 'Today'");
  });

  it('sends no summary to the users of a disabled or locked organisation; an enabled one gets its own', async () => {
    const enabled = await createOrg(t.deps);
    const disabled = await createOrg(t.deps, { status: OrgStatus.Disabled });
    const locked = await createOrg(t.deps, { status: OrgStatus.Locked });
    const users = [
      await createUser(t.deps, enabled.id),
      await createUser(t.deps, disabled.id),
      await createUser(t.deps, locked.id),
    ];
    const ids: number[] = [];
    for (const user of users) {
      await prefer(user, 'daily');
      ids.push(await notify(user, "Review 'Summed'", new Date('2031-06-01T09:00:00Z')));
    }
    const now = new Date('2031-06-02T06:00:00Z');
    const before = await lastOutboxId();

    expect(await run((tx) => sendDailySummaries(tx, now))).toBe(1);
    expect((await outboxAfter(before)).map((m) => m.toAddress)).toEqual([users[0]!.email]);
    expect(await mailedAt(ids[0]!)).toEqual(now);
    // Left to the minutely job, which marks them handled (as an inactive user's) without mail.
    await run((tx) => mailNewNotifications(tx, now));
    expect(await mailedAt(ids[1]!)).toEqual(now);
    expect(await mailedAt(ids[2]!)).toEqual(now);
    expect(await outboxAfter(before)).toHaveLength(1);
  });
});
