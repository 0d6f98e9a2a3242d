import { sql } from 'drizzle-orm';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import { queryRows, type Tx } from '../../db/client';
import { enqueueMail } from '../../platform/mailer';
import { composeNotificationMail, publicBaseUrl } from './email-compose';
import { emailSummarySql } from './email-preference';

/** How many notifications one call mails at most; the next call takes the rest. */
export const MAIL_BATCH = 500;

interface Pending {
  id: number;
  org_id: number;
  message: string;
  link: string | null;
  created_at: Date | string;
  email: string;
  name: string;
}

/**
 * For users whose Email Summary preference is 'immediately': one e-mail (plain text and HTML, with
 * an absolute link into the application) per notification not yet mailed, written to the outbox
 * in the caller's transaction, each notification then marked mailed so it is never mailed twice.
 * Notifications of users who want no e-mail, or who are no longer active, are marked handled
 * without mail, and so are those of an organisation that is not enabled (disabled or locked),
 * whatever the user's preference, daily summaries included: its people are refused sign-in, so
 * the mail's link would lead nowhere. Marked rather than left waiting, as an inactive user's are,
 * so that enabling the organisation again does not mail its backlog in one burst; the
 * notifications stay unread in the application for when they can sign in again. Runs under
 * withSystem across all organisations; rows another worker is mailing at the same moment are
 * skipped (SKIP LOCKED). Returns the number of e-mails written.
 */
export async function mailNewNotifications(tx: Tx, now: Date): Promise<number> {
  await tx.execute(sql`
    update notifications n set mailed_at = ${now.toISOString()}::timestamptz
      from org_users u
      join organizations o on o.id = u.org_id
      left join user_settings s on s.org_id = u.org_id and s.user_id = u.id
     where n.mailed_at is null and u.org_id = n.org_id and u.id = n.user_id
       and (o.status <> ${OrgStatus.Enabled} or u.status <> ${UserStatus.Active}
            or ${emailSummarySql('s')} = 'none')`);
  const rows = await queryRows<Pending>(
    tx,
    sql`select n.id, n.org_id, n.message, n.link, n.created_at, u.email,
               u.first_name || ' ' || u.last_name as name
          from notifications n
          join org_users u on u.org_id = n.org_id and u.id = n.user_id and u.status = ${UserStatus.Active}
          join organizations o on o.id = n.org_id and o.status = ${OrgStatus.Enabled}
          left join user_settings s on s.org_id = n.org_id and s.user_id = n.user_id
         where n.mailed_at is null and n.created_at <= ${now.toISOString()}::timestamptz
           and ${emailSummarySql('s')} = 'immediately'
         order by n.created_at, n.id
         limit ${MAIL_BATCH}
         for update of n skip locked`,
  );
  if (rows.length === 0) return 0;
  const base = publicBaseUrl();
  for (const row of rows) {
    await enqueueMail(
      tx,
      composeNotificationMail(
        base,
        { orgId: row.org_id, email: row.email, name: row.name },
        {
          id: row.id,
          orgId: row.org_id,
          message: row.message,
          link: row.link,
          createdAt: new Date(row.created_at),
        },
      ),
    );
  }
  await tx.execute(
    sql`update notifications set mailed_at = ${now.toISOString()}::timestamptz
         where id in (${sql.join(
           rows.map((r) => sql`${r.id}`),
           sql`, `,
         )})`,
  );
  return rows.length;
}
