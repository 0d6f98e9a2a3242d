import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { TaskStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { tasks } from '../../db/schema/index';
import type { OrgCtx } from '../../http/routes';
import { dropPendingReadings } from '../read-acks/read-acks.closing';
import { resyncDraftTasks } from '../pnps/pnps.service';
import type { WorkflowCtx } from '../pnps/workflow.record';
import { spendUnusedPasswordTokens } from './welcome.service';

/**
 * What a user's leaving reads of its context: a request's (an admin deactivating or deleting, a
 * leaver's hand-over) or the directory sync's, whose author is the sync itself (`JobAuthor`).
 */
export type LeavingCtx = Pick<OrgCtx, 'tx' | 'orgId' | 'now'> & { actor: WorkflowCtx['actor'] };

/**
 * What follows when a user is deactivated or deleted (issue 13; product rules 'Tasks').
 *
 * 1. Their sessions end at once: the next request of any of their browsers is a 401. Their unused
 *    set-password links are spent: the link checks the status only when used, so without this a
 *    reactivation would make a link sent long before (to a mailbox perhaps no longer theirs) work again.
 * 2. Their open tasks close ("the stage is left another way ... user removed"), and so do the
 *    copies a delegate holds of them; pending acknowledgements are theirs alone and close too, and
 *    they stop being a reader of what they had not acknowledged (read-acks.closing.ts).
 * 3. Each draft they had work on is resynced: the workflow's own rules reopen whatever the
 *    remaining active people should hold (e.g. Authoring with no author left goes to the Owners).
 * 4. The rules are silent on a Reviewing or Approving step left with nobody at all: that resync
 *    leaves it to the P&P's Owners, each getting the step's open task, so no draft is stranded
 *    without anyone to move it (sign-off-holding.ts). Every later resync keeps it with them until
 *    someone given the step is active again. An admin still sees it in the P&P's tasks and can
 *    reassign with Bulk Reassign.
 */
export async function endUserParticipation(
  ctx: LeavingCtx,
  userId: number,
): Promise<{ sessions: number; tasks: number }> {
  const [ended] = await queryRows<{ n: number }>(ctx.tx, sql`select end_user_sessions(${userId}) as n`);
  await spendUnusedPasswordTokens(ctx.tx, ctx.orgId, [userId], ctx.now);

  const mine = or(eq(tasks.userId, userId), sql`${tasks.delegatedFrom} = ${userId}`);
  const open = await ctx.tx
    .select({ id: tasks.id, pnpId: tasks.pnpId })
    .from(tasks)
    .where(and(eq(tasks.orgId, ctx.orgId), eq(tasks.status, TaskStatus.Open), mine));
  if (open.length > 0) {
    await ctx.tx
      .update(tasks)
      .set({ status: TaskStatus.Closed, updatedAt: ctx.now })
      .where(
        and(
          eq(tasks.orgId, ctx.orgId),
          inArray(
            tasks.id,
            open.map((t) => t.id),
          ),
        ),
      );
  }
  await dropPendingReadings(ctx, userId);
  const pnpIds = [...new Set(open.map((t) => t.pnpId))].sort((a, b) => a - b);
  for (const pnpId of pnpIds) await resyncDraftTasks(ctx, pnpId);
  return { sessions: Number(ended?.n ?? 0), tasks: open.length };
}
