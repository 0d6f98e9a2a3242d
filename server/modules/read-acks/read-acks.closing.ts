import { sql } from 'drizzle-orm';
import { ReadAckStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows } from '../../db/client';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog, type ChangeLogAuthor } from '../change-logs/change-logs.repo';
import type { WorkflowCtx } from '../pnps/workflow.record';
import { syncAcknowledgeTasks } from './read-acks.tasks';

/**
 * What closing reads of its context: a request's, or the directory sync's when it deactivates a
 * user who was the last reader still to acknowledge (its author is then the sync: `JobAuthor`).
 */
export type ClosingCtx = Pick<OrgCtx, 'tx' | 'orgId' | 'now'> & { actor: WorkflowCtx['actor'] };

/** Why read acknowledgements closed by themselves: the comment of their 'Close' change-log entry. */
export const CLOSED_BECAUSE = {
  everyReaderAcknowledged: 'Every reader has acknowledged.',
  readersTakenOff: 'No reader is left to acknowledge: those still to acknowledge were taken off.',
  readerLeft: (name: string): string => `No reader is left to acknowledge: ${name} left the organization.`,
} as const;

/** The change log's author for `actor`: a person as they are (with their sudoer), a job by its name alone. */
export const closingAuthor = (actor: ClosingCtx['actor']): ChangeLogAuthor =>
  actor.kind === 'org' ? actor : { orgId: actor.orgId, userId: null, name: actor.name, email: null, sudoer: null };

/**
 * Closes those of the read acknowledgements `ids` that are Active and have no reader left to
 * acknowledge (product rules: it closes when every reader has acknowledged); an Acknowledge task
 * still pointing at one goes on for another read acknowledgement of the version asking its reader,
 * or closes (ADR 0032). That includes one whose every reader left before acknowledging
 * (deactivated, deleted, gone from the directory): kept Active with nobody to ask, it stayed on the
 * Active list and in the reports for good. Creating or editing one always leaves it a reader.
 *
 * Each one closed gets a 'Close' change-log entry, as a close by hand does, in the name of whoever's
 * action closed it and saying `why`: without it its log went from Active to nothing while it showed
 * Closed (product rules 'Change logs'). Callers log their own action first, so that the log reads
 * in the order things happened (the acknowledgement or the edit, then the close it caused).
 */
export async function closeIfComplete(ctx: ClosingCtx, ids: readonly number[], why: string): Promise<void> {
  if (ids.length === 0) return;
  const at = ctx.now.toISOString();
  const closed = await queryRows<{ id: number; name: string }>(
    ctx.tx,
    sql`update read_acknowledgements a
           set status = ${ReadAckStatus.Closed}, closed_at = ${at}, updated_at = ${at}
         where a.org_id = ${ctx.orgId} and a.status = ${ReadAckStatus.Active}
           and a.id = any(${intArray(ids)})
           and not exists (select 1 from read_ack_readers r
                            where r.org_id = a.org_id and r.read_ack_id = a.id and r.completion = 0)
        returning a.id, a.name`,
  );
  await syncAcknowledgeTasks(
    ctx,
    closed.map((row) => Number(row.id)),
  );
  const author = closingAuthor(ctx.actor);
  for (const row of [...closed].sort((a, b) => Number(a.id) - Number(b.id))) {
    await insertChangeLog(ctx.tx, author, ctx.now, {
      objectType: 'ReadAcknowledgement',
      objectId: Number(row.id),
      objectName: row.name,
      actionName: 'Close',
      deltas: { changed: { status: ['Active', 'Closed'] }, comment: why },
    });
  }
}

/**
 * A user who leaves (deactivated, deleted, gone from the directory) stops being a pending reader of
 * the Active read acknowledgements they had not acknowledged yet, and any of those they alone held
 * open closes, as it would have when its last reader acknowledged (also when nobody else is left). Kept, their reader row held it
 * open for good: they can no longer sign in to acknowledge, and an edit of it was refused until
 * someone took them off. What a reader acknowledged stays: it is a fact. Their open Acknowledge
 * tasks are closed with their other tasks (users/user-leaving.ts). The close is logged in the name of
 * whoever made them leave (an admin, a leaver's hand-over, the directory sync) and names the leaver,
 * whose reader row no longer does.
 */
export async function dropPendingReadings(ctx: ClosingCtx, userId: number): Promise<void> {
  const dropped = await queryRows<{ read_ack_id: number }>(
    ctx.tx,
    sql`delete from read_ack_readers r
         using read_acknowledgements a
         where r.org_id = ${ctx.orgId} and r.user_id = ${userId} and r.completion = 0
           and a.org_id = r.org_id and a.id = r.read_ack_id and a.status = ${ReadAckStatus.Active}
        returning r.read_ack_id`,
  );
  if (dropped.length === 0) return;
  const [leaver] = await queryRows<{ name: string }>(
    ctx.tx,
    sql`select trim(first_name || ' ' || last_name) as name from org_users
         where org_id = ${ctx.orgId} and id = ${userId}`,
  );
  await closeIfComplete(
    ctx,
    [...new Set(dropped.map((row) => row.read_ack_id))],
    CLOSED_BECAUSE.readerLeft(leaver?.name ?? 'a reader'),
  );
}
