import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage, TaskKind } from '../../../shared/domain/statuses';
import { effectiveDateError } from '../../../shared/domain/review-dates';
import {
  WORKFLOW_ACTION_LABELS,
  stageAfterApprovalStep,
  stageAfterAuthoring,
  stageAfterReviewing,
} from '../../../shared/domain/workflow';
import { DRAFT_CHANGED_MESSAGE, type WorkflowBody, type WorkflowExpected } from '../../../shared/api/pnp-documents';
import { conflict, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { routingOf, withRole } from './participants';
import type { DocumentRow } from './pnps.repo';
import { acceptedBy, allowDocument, approvedBy, loadDocContext, type DocContext } from './workflow.context';
import { addSignoff, AUTHORING, clearSignoffs, moveDraft } from './workflow.move';
import { draftMovesOf } from './workflow.record';
import { completeTask } from './workflow.tasks';
import { cancelDraft, publishDraft } from './publishing.service';
import { actingFor, asDelegateOf } from '../delegation/acting-for';
import { activePrincipal } from '../delegation/delegation.repo';

async function submit(ctx: OrgCtx, c: DocContext, comment?: string): Promise<void> {
  allowDocument(c, 'submit');
  await completeTask(ctx.tx, ctx.orgId, c.doc.id, TaskKind.Author, c.facts.userId, ctx.actor.userId, ctx.now);
  await moveDraft(ctx, c, stageAfterAuthoring(routingOf(c.assignees)), WORKFLOW_ACTION_LABELS.submit, comment);
}

async function acceptReview(ctx: OrgCtx, c: DocContext, comment?: string): Promise<void> {
  allowDocument(c, 'accept_review');
  // The slot is the reviewer's: a delegate accepting for an away reviewer signs off as them.
  const reviewerId = c.facts.userId;
  await addSignoff(ctx, c.doc, reviewerId, 'accepted', comment ?? null);
  await completeTask(ctx.tx, ctx.orgId, c.doc.id, TaskKind.Review, reviewerId, ctx.actor.userId, ctx.now);
  const accepted = [...acceptedBy(c.signoffs), reviewerId];
  const stillPending = c.state.pendingReviewers.filter((u) => !accepted.includes(u));
  const to =
    stillPending.length === 0
      ? stageAfterReviewing(routingOf(c.assignees))
      : { stage: DraftStage.Reviewing, step: null };
  await moveDraft(ctx, c, to, WORKFLOW_ACTION_LABELS.accept_review, comment, accepted);
}

async function approve(
  ctx: OrgCtx,
  c: DocContext,
  comment: string | undefined,
  onBehalfOf: number | undefined,
): Promise<void> {
  const step = c.doc.approvalStep ?? 1;
  // The slot is the approver's: a delegate approving for an away approver signs off as them.
  let approverId = c.facts.userId;
  let note = comment ?? null;
  if (onBehalfOf !== undefined && onBehalfOf !== approverId) {
    allowDocument(c, 'approve_on_behalf');
    const approver = withRole(c.assignees, ObjectRole.Approver, step).find((a) => a.user_id === onBehalfOf);
    if (!approver || !c.state.pendingApprovers.includes(onBehalfOf)) {
      throw unprocessable(`The person chosen is not an approver of step ${step} still to approve.`);
    }
    approverId = onBehalfOf;
    note = [`Approved by ${ctx.actor.name} on behalf of ${approver.name}.`, comment].filter(Boolean).join(' ');
  } else {
    allowDocument(c, 'approve');
  }
  await addSignoff(ctx, c.doc, approverId, 'approved', note);
  await completeTask(ctx.tx, ctx.orgId, c.doc.id, TaskKind.Approve, approverId, ctx.actor.userId, ctx.now);
  const approved = [...approvedBy(c.signoffs, step), approverId];
  const stillPending = c.state.pendingApprovers.filter((u) => !approved.includes(u));
  const to =
    stillPending.length === 0
      ? stageAfterApprovalStep(routingOf(c.assignees), step)
      : { stage: DraftStage.Approving, step };
  await moveDraft(ctx, c, to, WORKFLOW_ACTION_LABELS.approve, note, approved);
}

/** A decline in Reviewing or Approving: back to Authoring, every sign-off cleared (product rules). */
async function decline(
  ctx: OrgCtx,
  c: DocContext,
  action: 'decline_review' | 'decline_approval',
  comment: string,
): Promise<void> {
  allowDocument(c, action);
  const kind = action === 'decline_review' ? TaskKind.Review : TaskKind.Approve;
  await completeTask(ctx.tx, ctx.orgId, c.doc.id, kind, c.facts.userId, ctx.actor.userId, ctx.now);
  await clearSignoffs(ctx, c.doc.id);
  await moveDraft(ctx, c, AUTHORING, WORKFLOW_ACTION_LABELS[action], comment);
}

/** Sends a draft in a later stage back to its authors, optionally with a target effective date. */
export async function sendToAuthors(
  ctx: OrgCtx,
  c: DocContext,
  comment: string | undefined,
  effectiveDt: string | undefined,
): Promise<void> {
  allowDocument(c, 'send_to_authors');
  const extra: Partial<DocumentRow> = {};
  const changed: Record<string, [unknown, unknown]> = {};
  if (effectiveDt !== undefined && effectiveDt !== '') {
    const error = effectiveDateError(effectiveDt, c.doc.originationDt);
    if (error) throw unprocessable(error);
    extra.effectiveDt = effectiveDt;
    if (effectiveDt !== c.doc.effectiveDt) changed.effective_dt = [c.doc.effectiveDt, effectiveDt];
  }
  await clearSignoffs(ctx, c.doc.id);
  await moveDraft(ctx, c, AUTHORING, WORKFLOW_ACTION_LABELS.send_to_authors, comment, [], changed, extra);
}

/** Sends a draft back to Authoring because its file changed after Authoring (product rules). */
export async function returnToAuthoringForFileChange(
  ctx: OrgCtx,
  c: DocContext,
  changed: Record<string, [unknown, unknown]>,
): Promise<DocumentRow> {
  await clearSignoffs(ctx, c.doc.id);
  return moveDraft(
    ctx,
    c,
    AUTHORING,
    'Replace File',
    'The file changed, so the draft went back to Authoring.',
    [],
    changed,
  );
}

/**
 * Refuses (409) an action taken on a draft that is no longer the one the user saw: its file was
 * replaced or it moved stage or step meanwhile, so a sign-off would be given for something they never
 * saw. A draft sent back to Authoring and submitted again with the same file is back at the same
 * stage, step and file, with a decline comment and a round of history the user has not seen: its
 * moves since tell it apart. Checked under the P&P row lock, before the permission check, so the user
 * is told the draft changed rather than that the action is not open to them now. Without `expected`
 * (API clients, the task list) the action is decided as before.
 */
export async function assertDraftAsSeen(
  ctx: OrgCtx,
  c: DocContext,
  expected: WorkflowExpected | undefined,
): Promise<void> {
  if (expected === undefined) return;
  const samePosition =
    expected.draft_stage === c.doc.draftStage &&
    expected.approval_step === c.doc.approvalStep &&
    expected.file_id === c.doc.fileId;
  // The history is read only when the position matches: a changed one is refused without it.
  if (!samePosition || expected.draft_moves !== (await draftMovesOf(ctx.tx, c.doc))) {
    throw conflict(DRAFT_CHANGED_MESSAGE);
  }
}

/**
 * An approval "on behalf of" an approver whose delegate the caller is, in a window active now (ADR
 * 0011): the caller then acts for them as their delegate, not as a manager approving for someone.
 */
async function delegatedContext(ctx: OrgCtx, body: WorkflowBody): Promise<{ ctx: OrgCtx; body: WorkflowBody }> {
  if (body.action !== 'approve' || body.on_behalf_of_user_id === undefined || actingFor(ctx)) return { ctx, body };
  if (body.on_behalf_of_user_id === ctx.actor.userId) return { ctx, body };
  const principal = await activePrincipal(ctx.tx, ctx.orgId, body.on_behalf_of_user_id, ctx.actor, ctx.now);
  if (!principal) return { ctx, body };
  const { on_behalf_of_user_id: _slot, ...rest } = body;
  return { ctx: asDelegateOf(ctx, principal), body: rest };
}

/**
 * One step of the draft workflow, checked against the state machine and the permission matrix. With
 * a context acting for an away user (a delegate, ADR 0011), it is decided and recorded for them.
 */
export async function runWorkflowAction(
  callerCtx: OrgCtx,
  pnpId: number,
  documentId: number,
  callerBody: WorkflowBody,
): Promise<{ deleted: boolean }> {
  const { ctx, body } = await delegatedContext(callerCtx, callerBody);
  const c = await loadDocContext(ctx, pnpId, documentId, { lock: true });
  await assertDraftAsSeen(ctx, c, body.expected);
  switch (body.action) {
    case 'submit':
      await submit(ctx, c, body.comment);
      break;
    case 'accept_review':
      await acceptReview(ctx, c, body.comment);
      break;
    case 'decline_review':
    case 'decline_approval':
      await decline(ctx, c, body.action, body.comment);
      break;
    case 'approve':
      await approve(ctx, c, body.comment, body.on_behalf_of_user_id);
      break;
    case 'publish':
      await publishDraft(ctx, c, body);
      break;
    case 'send_to_authors':
      await sendToAuthors(ctx, c, body.comment, body.effective_dt);
      break;
    case 'cancel_draft':
      await cancelDraft(ctx, c, body.comment);
      return { deleted: true };
  }
  return { deleted: false };
}
