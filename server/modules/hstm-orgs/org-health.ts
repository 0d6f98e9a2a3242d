import { sql } from 'drizzle-orm';
import { ORG_HEALTH_WINDOW_DAYS, type OrgHealth } from '../../../shared/api/hstm-orgs';
import { ReadAckStatus, TaskStatus, UserStatus, VersionStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import type { StaffCtx } from '../../http/routes';
import { isoOfTimestamp } from '../../db/timestamps';

interface Counts {
  readonly org_found: boolean;
  readonly users_active_recently: number;
  readonly users_active: number;
  readonly pnps_overdue_for_review: number;
  readonly tasks_open_older: number;
  readonly acks_assigned: number;
  readonly acks_completed: number;
}

interface SyncRow {
  readonly kind: string;
  readonly status: string;
  readonly created_count: number;
  readonly updated_count: number;
  readonly deactivated_count: number;
  readonly error: string | null;
  readonly finished_at: Date | string | null;
  readonly created_at: Date | string;
}

const iso = isoOfTimestamp;

/**
 * What a staff user checks first when an organisation calls: is anyone using it, is content going
 * stale, is work piling up, are people acknowledging, did the last directory sync work. One
 * statement of scalar subqueries, each on an org-leading index.
 */
export async function getOrgHealth(ctx: StaffCtx, orgId: number): Promise<OrgHealth> {
  const since = new Date(ctx.now.getTime() - ORG_HEALTH_WINDOW_DAYS * 86_400_000).toISOString();
  const [counts] = await queryRows<Counts>(
    ctx.tx,
    sql`select
      exists (select 1 from organizations where id = ${orgId}) as org_found,
      (select count(*)::int from org_users
        where org_id = ${orgId} and status = ${UserStatus.Active} and last_login_at >= ${since}::timestamptz) as users_active_recently,
      (select count(*)::int from org_users
        where org_id = ${orgId} and status = ${UserStatus.Active}) as users_active,
      (select count(*)::int from pnp_documents
        where org_id = ${orgId} and status = ${VersionStatus.Active} and review_overdue_at is not null) as pnps_overdue_for_review,
      (select count(*)::int from tasks
        where org_id = ${orgId} and status = ${TaskStatus.Open} and created_at < ${since}::timestamptz) as tasks_open_older,
      (select count(*)::int from read_ack_readers r
         join read_acknowledgements a on a.org_id = r.org_id and a.id = r.read_ack_id
        where r.org_id = ${orgId} and a.status = ${ReadAckStatus.Active}) as acks_assigned,
      (select count(*)::int from read_ack_readers r
         join read_acknowledgements a on a.org_id = r.org_id and a.id = r.read_ack_id
        where r.org_id = ${orgId} and a.status = ${ReadAckStatus.Active}
          and r.acknowledged_at is not null) as acks_completed`,
  );
  if (!counts?.org_found) throw notFound('The organization');
  const [sync] = await queryRows<SyncRow>(
    ctx.tx,
    sql`select kind, status, created_count, updated_count, deactivated_count, error, finished_at, created_at
          from idp_sync_runs where org_id = ${orgId} order by created_at desc, id desc limit 1`,
  );
  return {
    users_active_recently: counts.users_active_recently,
    users_active: counts.users_active,
    pnps_overdue_for_review: counts.pnps_overdue_for_review,
    tasks_open_older: counts.tasks_open_older,
    acks_assigned: counts.acks_assigned,
    acks_completed: counts.acks_completed,
    last_sync: sync
      ? {
          kind: sync.kind,
          status: sync.status,
          created_count: sync.created_count,
          updated_count: sync.updated_count,
          deactivated_count: sync.deactivated_count,
          error: sync.error,
          finished_at: sync.finished_at === null ? null : iso(sync.finished_at),
          created_at: iso(sync.created_at),
        }
      : null,
  };
}
