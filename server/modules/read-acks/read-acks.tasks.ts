import { sql } from 'drizzle-orm';
import { TaskKind, TaskStatus } from '../../../shared/domain/statuses';
import { intArray } from '../../db/client';
import type { OrgCtx } from '../../http/routes';

/**
 * Brings the Acknowledge tasks of the read acknowledgements `readAckIds` in line with their readers
 * (ADR 0032): a reader holds one open task per version while an Active read acknowledgement of that
 * version still waits for them, standing for the one due first; none left, it closes. Called after
 * readers are added or taken off, a due date changes, or one ends. Who is looked at: their readers
 * still to acknowledge, and the holders of open tasks pointing at them (a reader just taken off has
 * no row any more); what those who have acknowledged hold does not depend on these.
 * The rule itself is the database's `read_ack_sync_tasks` (migration 0056), which the group
 * membership triggers call too.
 */
export async function syncAcknowledgeTasks(
  ctx: Pick<OrgCtx, 'tx' | 'orgId' | 'now'>,
  readAckIds: readonly number[],
): Promise<void> {
  if (readAckIds.length === 0) return;
  const ids = intArray(readAckIds);
  await ctx.tx.execute(
    sql`select read_ack_sync_tasks(${ctx.orgId}, x.document_id, array_agg(distinct x.user_id),
                                   ${ctx.now.toISOString()}::timestamptz)
          from (select a.document_id, r.user_id
                  from read_ack_readers r
                  join read_acknowledgements a on a.org_id = r.org_id and a.id = r.read_ack_id
                 where r.org_id = ${ctx.orgId} and r.read_ack_id = any(${ids}) and r.completion = 0
                union
                select t.document_id, t.user_id
                  from tasks t
                 where t.org_id = ${ctx.orgId} and t.read_ack_id = any(${ids}) and t.kind = ${TaskKind.Acknowledge}
                   and t.status = ${TaskStatus.Open} and t.document_id is not null) x
         group by x.document_id`,
  );
}
