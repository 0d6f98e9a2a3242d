import { sql } from 'drizzle-orm';
import { ReadAckStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import type { OrgCtx } from '../../http/routes';

/**
 * Closes those of the read acknowledgements `ids` that are Active and whose every reader has
 * acknowledged (product rules: it closes when every reader has acknowledged). One with no reader
 * left stays Active, for its owner to give readers or cancel.
 */
export async function closeIfComplete(ctx: OrgCtx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const at = ctx.now.toISOString();
  await ctx.tx.execute(sql`
    update read_acknowledgements a
       set status = ${ReadAckStatus.Closed}, closed_at = ${at}, updated_at = ${at}
     where a.org_id = ${ctx.orgId} and a.status = ${ReadAckStatus.Active}
       and a.id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})
       and exists (select 1 from read_ack_readers r where r.org_id = a.org_id and r.read_ack_id = a.id)
       and not exists (select 1 from read_ack_readers r
                        where r.org_id = a.org_id and r.read_ack_id = a.id and r.completion = 0)`);
}

/**
 * A user who leaves (deactivated, deleted, gone from the directory) stops being a pending reader of
 * the Active read acknowledgements they had not acknowledged yet, and any of those they alone held
 * open closes, as it would have when its last reader acknowledged. Kept, their reader row held it
 * open for good: they can no longer sign in to acknowledge, and an edit of it was refused until
 * someone took them off. What a reader acknowledged stays: it is a fact. Their open Acknowledge
 * tasks are closed with their other tasks (users/user-leaving.ts).
 */
export async function dropPendingReadings(ctx: OrgCtx, userId: number): Promise<void> {
  const dropped = await queryRows<{ read_ack_id: number }>(
    ctx.tx,
    sql`delete from read_ack_readers r
         using read_acknowledgements a
         where r.org_id = ${ctx.orgId} and r.user_id = ${userId} and r.completion = 0
           and a.org_id = r.org_id and a.id = r.read_ack_id and a.status = ${ReadAckStatus.Active}
        returning r.read_ack_id`,
  );
  await closeIfComplete(ctx, [...new Set(dropped.map((row) => row.read_ack_id))]);
}
