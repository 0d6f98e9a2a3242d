import { sql } from 'drizzle-orm';
import { ReadAckStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows } from '../../db/client';
import type { OrgCtx } from '../../http/routes';
import { syncAcknowledgeTasks } from './read-acks.tasks';

/**
 * Closes those of the read acknowledgements `ids` that are Active and have no reader left to
 * acknowledge (product rules: it closes when every reader has acknowledged); an Acknowledge task
 * still pointing at one goes on for another read acknowledgement of the version asking its reader,
 * or closes (ADR 0032). That includes one whose every reader left before acknowledging
 * (deactivated, deleted, gone from the directory): kept Active with nobody to ask, it stayed on the
 * Active list and in the reports for good. Creating or editing one always leaves it a reader.
 */
export async function closeIfComplete(
  ctx: Pick<OrgCtx, 'tx' | 'orgId' | 'now'>,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const at = ctx.now.toISOString();
  const closed = await queryRows<{ id: number }>(
    ctx.tx,
    sql`update read_acknowledgements a
           set status = ${ReadAckStatus.Closed}, closed_at = ${at}, updated_at = ${at}
         where a.org_id = ${ctx.orgId} and a.status = ${ReadAckStatus.Active}
           and a.id = any(${intArray(ids)})
           and not exists (select 1 from read_ack_readers r
                            where r.org_id = a.org_id and r.read_ack_id = a.id and r.completion = 0)
        returning a.id`,
  );
  await syncAcknowledgeTasks(
    ctx,
    closed.map((row) => Number(row.id)),
  );
}

/**
 * A user who leaves (deactivated, deleted, gone from the directory) stops being a pending reader of
 * the Active read acknowledgements they had not acknowledged yet, and any of those they alone held
 * open closes, as it would have when its last reader acknowledged (also when nobody else is left). Kept, their reader row held it
 * open for good: they can no longer sign in to acknowledge, and an edit of it was refused until
 * someone took them off. What a reader acknowledged stays: it is a fact. Their open Acknowledge
 * tasks are closed with their other tasks (users/user-leaving.ts).
 */
export async function dropPendingReadings(ctx: Pick<OrgCtx, 'tx' | 'orgId' | 'now'>, userId: number): Promise<void> {
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
