import { and, eq } from 'drizzle-orm';
import { DraftStage } from '../../../shared/domain/statuses';
import type { StagePosition } from '../../../shared/domain/workflow';
import { documentSignoffs } from '../../db/schema/index';
import type { OrgCtx } from '../../http/routes';
import { updateDocumentRow, type DocumentRow } from './pnps.repo';
import type { DocContext } from './workflow.context';
import { recordTransition, type WorkflowCtx } from './workflow.record';
import { syncStageTasks } from './workflow.tasks';

export async function clearSignoffs(ctx: OrgCtx, documentId: number): Promise<void> {
  await ctx.tx
    .delete(documentSignoffs)
    .where(and(eq(documentSignoffs.orgId, ctx.orgId), eq(documentSignoffs.documentId, documentId)));
}

export async function addSignoff(
  ctx: OrgCtx,
  doc: DocumentRow,
  userId: number,
  decision: 'accepted' | 'approved',
  comment: string | null,
): Promise<void> {
  await ctx.tx.insert(documentSignoffs).values({
    orgId: ctx.orgId,
    documentId: doc.id,
    userId,
    stage: doc.draftStage!,
    approvalStep: doc.approvalStep,
    decision,
    comment,
    createdAt: ctx.now,
  });
}

/**
 * Moves the draft to a new position (or keeps it), re-aligns the stage's tasks and records the
 * transition. `signedOff` is who already acted in the new position (none when the stage is new).
 */
export async function moveDraft(
  ctx: WorkflowCtx,
  c: DocContext,
  to: StagePosition,
  action: string,
  comment: string | null | undefined,
  signedOff: number[] = [],
  changed?: Record<string, [unknown, unknown]>,
  extra: Partial<DocumentRow> = {},
): Promise<DocumentRow> {
  const moved = to.stage !== c.doc.draftStage || to.step !== c.doc.approvalStep;
  const doc =
    moved || Object.keys(extra).length > 0
      ? await updateDocumentRow(
          ctx.tx,
          ctx.orgId,
          c.doc.id,
          { draftStage: to.stage, approvalStep: to.step, ...extra },
          ctx.now,
        )
      : c.doc;
  await syncStageTasks(
    ctx.tx,
    ctx.orgId,
    c.pnp.id,
    doc.id,
    { stage: to.stage, step: to.step, signedOff: moved ? [] : signedOff },
    c,
    ctx.now,
  );
  await recordTransition(ctx, {
    pnp: c.pnp,
    document: doc,
    action,
    level: 'version',
    from: { status: c.doc.status, stage: c.doc.draftStage, step: c.doc.approvalStep },
    to: { status: doc.status, stage: to.stage, step: to.step },
    comment: comment ?? null,
    ...(changed ? { changed } : {}),
  });
  return doc;
}

export const AUTHORING: StagePosition = { stage: DraftStage.Authoring, step: null };
