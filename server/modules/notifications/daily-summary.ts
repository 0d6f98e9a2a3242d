import { sql } from 'drizzle-orm';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import { queryRows, type Tx } from '../../db/client';
import { enqueueMail } from '../../platform/mailer';
import { composeDailySummaryMail, publicBaseUrl, type MailableNotification } from './email-compose';
import { emailSummarySql } from './email-preference';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Pending {
  id: number;
  org_id: number;
  user_id: number;
  message: string;
  link: string | null;
  created_at: Date | string;
  email: string;
  name: string;
}

/** Midnight UTC at the start of the day `now` falls in (the product's dates are UTC). */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * For users whose Email Summary preference is 'daily': one e-mail listing the notifications not
 * yet mailed from before today (UTC) — the previous day's, and any older ones a missed run left —
 * oldest first; no e-mail for a user with none. Each listed notification is marked mailed, so a
 * second run the same day sends nothing. Users who are not active, and every user of an
 * organisation that is not enabled (disabled or locked: refused sign-in), get no summary; the
 * minutely mailNewNotifications marks their notifications handled, so none is summed up in a
 * burst later. Runs under withSystem across all organisations. Returns the number of e-mails
 * written.
 */
export async function sendDailySummaries(tx: Tx, now: Date): Promise<number> {
  const today = startOfUtcDay(now);
  const rows = await queryRows<Pending>(
    tx,
    sql`select n.id, n.org_id, n.user_id, n.message, n.link, n.created_at, u.email,
               u.first_name || ' ' || u.last_name as name
          from notifications n
          join org_users u on u.org_id = n.org_id and u.id = n.user_id and u.status = ${UserStatus.Active}
          join organizations o on o.id = n.org_id and o.status = ${OrgStatus.Enabled}
          left join user_settings s on s.org_id = n.org_id and s.user_id = n.user_id
         where n.mailed_at is null and n.created_at < ${today.toISOString()}::timestamptz
           and ${emailSummarySql('s')} = 'daily'
         order by n.org_id, n.user_id, n.created_at, n.id
         for update of n skip locked`,
  );
  if (rows.length === 0) return 0;
  const base = publicBaseUrl();
  const byUser = new Map<string, Pending[]>();
  for (const row of rows) {
    const key = `${row.org_id}:${row.user_id}`;
    const list = byUser.get(key);
    if (list) list.push(row);
    else byUser.set(key, [row]);
  }
  const day = new Date(today.getTime() - DAY_MS);
  for (const list of byUser.values()) {
    const first = list[0]!;
    const items: MailableNotification[] = list.map((r) => ({
      id: r.id,
      orgId: r.org_id,
      message: r.message,
      link: r.link,
      createdAt: new Date(r.created_at),
    }));
    await enqueueMail(
      tx,
      composeDailySummaryMail(base, { orgId: first.org_id, email: first.email, name: first.name }, day, items),
    );
  }
  await tx.execute(
    sql`update notifications set mailed_at = ${now.toISOString()}::timestamptz
         where id in (${sql.join(
           rows.map((r) => sql`${r.id}`),
           sql`, `,
         )})`,
  );
  return byUser.size;
}
