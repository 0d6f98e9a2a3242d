import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage, TaskKind, TaskStatus, VersionStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { pnpDocuments, tasks } from '../../db/schema/index';
import type { OrgCtx } from '../../http/routes';
import { listAssignees, withRole } from '../pnps/participants';
import { dropPendingReadings } from '../read-acks/read-acks.closing';
import { resyncDraftTasks } from '../pnps/pnps.service';
import type { WorkflowCtx } from '../pnps/workflow.record';

/**
 * What a user's leaving reads of its context: a request's (an admin deactivating or deleting, a
 * leaver's hand-over) or the directory sync's, whose author is the sync itself (`JobAuthor`).
 */
export type LeavingCtx = Pick<OrgCtx, 'tx' | 'orgId' | 'now'> & { actor: WorkflowCtx['actor'] };

/**
 * What follows when a user is deactivated or deleted (issue 13; product rules 'Tasks').
 *
 * 1. Their sessions end at once: the next request of any of their browsers is a 401.
 * 2. Their open tasks close ("the stage is left another way ... user removed"), and so do the
 *    copies a delegate holds of them; pending acknowledgements are theirs alone and close too, and
 *    they stop being a reader of what they had not acknowledged (read-acks.closing.ts).
 * 3. Each draft they had work on is resynced: the workflow's own rules reopen whatever the
 *    remaining active people should hold (e.g. Authoring with no author left goes to the Owners).
 * 4. The rules are silent on a Reviewing or Approving step left with nobody at all: we leave that
 *    step to the P&P's Owners (who may act on an approver's behalf), each getting the step's open
 *    task, so no draft is stranded without anyone to move it. Their change is a change of the
 *    people, so an admin still sees it in the P&P's tasks and can reassign with Bulk Reassign.
 */
export async function endUserParticipation(
  ctx: LeavingCtx,
  userId: number,
): Promise<{ sessions: number; tasks: number }> {
  const [ended] = await queryRows<{ n: number }>(ctx.tx, sql`select end_user_sessions(${userId}) as n`);

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
  for (const pnpId of pnpIds) {
    await resyncDraftTasks(ctx, pnpId);
    await handEmptyStepToOwners(ctx, pnpId);
  }
  return { sessions: Number(ended?.n ?? 0), tasks: open.length };
}

/** A Reviewing or Approving step nobody holds any more goes to the P&P's active Owners. */
async function handEmptyStepToOwners(ctx: LeavingCtx, pnpId: number): Promise<void> {
  const [draft] = await ctx.tx
    .select({ id: pnpDocuments.id, stage: pnpDocuments.draftStage, step: pnpDocuments.approvalStep })
    .from(pnpDocuments)
    .where(
      and(
        eq(pnpDocuments.orgId, ctx.orgId),
        eq(pnpDocuments.pnpId, pnpId),
        eq(pnpDocuments.status, VersionStatus.Draft),
      ),
    )
    .limit(1);
  if (!draft || (draft.stage !== DraftStage.Reviewing && draft.stage !== DraftStage.Approving)) return;
  const kind = draft.stage === DraftStage.Reviewing ? TaskKind.Review : TaskKind.Approve;
  const [held] = await ctx.tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.orgId, ctx.orgId),
        eq(tasks.documentId, draft.id),
        eq(tasks.kind, kind),
        eq(tasks.status, TaskStatus.Open),
      ),
    )
    .limit(1);
  if (held) return;
  const { assignees } = await listAssignees(ctx.tx, ctx.orgId, pnpId);
  const owners = [...new Set(withRole(assignees, ObjectRole.Owner).map((a) => a.user_id))];
  if (owners.length === 0) return;
  await ctx.tx
    .insert(tasks)
    .values(
      owners.map((userId) => ({
        orgId: ctx.orgId,
        userId,
        kind,
        pnpId,
        documentId: draft.id,
        approvalStep: kind === TaskKind.Approve ? draft.step : null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })),
    )
    .onConflictDoNothing();
}
