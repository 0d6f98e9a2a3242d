import { sql } from 'drizzle-orm';
import { NotificationStatus } from '../../shared/domain/statuses';
import type { Tx } from '../db/client';

/** How many of each user's newest notifications stay unread, so the bell has news without a backlog. */
export const DEMO_UNREAD_PER_USER = 3;
/** Only notifications of the last this many days count as news; older ones are all read. */
const RECENT_DAYS = 30;

/**
 * The demo's notifications are months of history written by the stories in one go. Left as they
 * are, every one is unread and not yet mailed, so the first start's mail job would write them all
 * to the outbox (and, with SMTP_URL set, send hundreds of stale e-mails at once). As the history
 * would have been lived: each was mailed (or settled per the user's preference) when it was made,
 * and the user has read all but their few newest of the last weeks. Those few are the news: they
 * stay unread and are mailed by the first start's mail job as any new notification is, so the mail
 * outbox shows what the demo's e-mail looks like (a handful of messages, never the history).
 *
 * Runs in a system transaction after every part of the demo that notifies (the review reminders
 * included).
 */
export async function settleDemoNotifications(tx: Tx, orgId: number, now: Date): Promise<void> {
  const recentFrom = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  await tx.execute(sql`
    update notifications n
       set mailed_at = case when ranked.news then n.mailed_at else coalesce(n.mailed_at, n.created_at) end,
           status = case when ranked.news then n.status else ${NotificationStatus.Read} end
      from (select id,
                   row_number() over (partition by user_id order by created_at desc, id desc) <= ${DEMO_UNREAD_PER_USER}
                     and created_at >= ${recentFrom.toISOString()}::timestamptz as news
              from notifications where org_id = ${orgId}) ranked
     where n.org_id = ${orgId} and n.id = ranked.id`);
}
