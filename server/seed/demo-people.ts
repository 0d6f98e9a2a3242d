import { sql } from 'drizzle-orm';
import { UserStatus } from '../../shared/domain/statuses';
import { queryRows, type Tx } from '../db/client';
import { changeLogs } from '../db/schema/index';
import { insertUserLogs } from '../modules/user-bulk-uploads/user-import.repo';
import { EMAIL_SUMMARY_KEY } from '../modules/notifications/email-preference';
import { DEMO_STAFF } from './demo-users';

const DAY = 24 * 3_600_000;
/** The org admin's account was made by provider staff this long before the users' import. */
const ADMIN_BEFORE_IMPORT_DAYS = 30;
/** How long the welcome link of the import's e-mails was valid (the product's own term). */
const WELCOME_LINK_DAYS = 7;
/** The demo user who chose a daily e-mail summary instead of an e-mail per notification. */
const DAILY_SUMMARY_USER = 'alan.approver';

/**
 * The people's history agrees with the import that brought them in (demo-user-imports.ts): the
 * org admin's account was made by provider staff, the others were created by the accepted upload
 * and sent their welcome e-mail then, so their Created dates, Change Logs and Logs say so. Those who
 * visited in the last week (demo-hstm-people.ts) have signed in then; one user reads a daily
 * summary instead of an e-mail per notification.
 *
 * Runs in the demo organisation's system transaction after the import and the visits; does nothing
 * when the users already have logs (a second start) or there was no accepted import.
 */
export async function seedDemoPeopleHistory(tx: Tx, orgId: number): Promise<void> {
  const [logged] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from user_logs where org_id = ${orgId}`,
  );
  if ((logged?.n ?? 0) > 0) return;
  const [upload] = await queryRows<{ id: number; file_name: string; created_at: Date | string; created_by: number }>(
    tx,
    sql`select id, file_name, created_at, created_by from bulk_uploads
         where org_id = ${orgId} and kind = 'users' and status = 'completed' order by id limit 1`,
  );
  if (!upload) return;
  const importedAt = new Date(upload.created_at);
  const people = await queryRows<{ id: number; name: string; email: string; is_admin: boolean }>(
    tx,
    sql`select id, first_name || ' ' || last_name as name, email, is_admin from org_users
         where org_id = ${orgId} and status <> ${UserStatus.Deleted} order by id`,
  );
  const importer = people.find((p) => p.id === upload.created_by);
  if (!importer) return;
  const imported = people.filter((p) => !p.is_admin);
  const adminsMadeAt = new Date(importedAt.getTime() - ADMIN_BEFORE_IMPORT_DAYS * DAY);

  await tx.execute(sql`
    update org_users set created_at = case when is_admin then ${adminsMadeAt.toISOString()}::timestamptz
                                           else ${importedAt.toISOString()}::timestamptz end
     where org_id = ${orgId} and status <> ${UserStatus.Deleted}`);
  const admins = people.filter((p) => p.is_admin);
  await insertUserLogs(
    tx,
    orgId,
    admins.map((p) => ({ userId: p.id, action: 'Created', details: { by: DEMO_STAFF.name } })),
    adminsMadeAt,
  );
  await insertUserLogs(
    tx,
    orgId,
    imported.map((p) => ({
      userId: p.id,
      action: 'Created by bulk upload',
      details: { bulk_upload_id: upload.id, file_name: upload.file_name },
    })),
    importedAt,
  );
  await insertUserLogs(
    tx,
    orgId,
    imported.map((p) => ({
      userId: p.id,
      action: 'Welcome Email Sent',
      details: { by: importer.name, bulk: true, expires_in_days: WELCOME_LINK_DAYS },
    })),
    new Date(importedAt.getTime() + 60_000),
  );
  const logBy = (by: { id: number | null; name: string; email: string }, at: Date) => ({
    orgId,
    objectType: 'User',
    actionName: 'Create',
    deltas: {},
    createdByUserId: by.id,
    createdByUser: by.name,
    createdByEmail: by.email,
    createdAt: at,
  });
  await tx.insert(changeLogs).values([
    ...admins.map((p) => ({
      ...logBy({ id: null, name: DEMO_STAFF.name, email: DEMO_STAFF.email }, adminsMadeAt),
      objectId: p.id,
      objectName: p.name,
    })),
    ...imported.map((p) => ({ ...logBy(importer, importedAt), objectId: p.id, objectName: p.name })),
  ]);

  // Their last sign-in is their last visit of their own (not provider staff's login-as).
  await tx.execute(sql`
    update org_users u set last_login_at = v.at
      from (select user_id, max(signed_in_at) as at from visitor_logs
             where org_id = ${orgId} and sudoer_id is null group by user_id) v
     where u.org_id = ${orgId} and u.id = v.user_id`);
  await tx.execute(sql`
    insert into user_settings (org_id, user_id, settings)
    select org_id, id, jsonb_build_object(${EMAIL_SUMMARY_KEY}::text, 'daily') from org_users
     where org_id = ${orgId} and lower(username) = ${DAILY_SUMMARY_USER}
    on conflict (org_id, user_id) do nothing`);
}
