import { DraftStage, VersionStatus } from '../../../shared/domain/statuses';
import { stageAfterApprovalStep, stageAfterReviewing } from '../../../shared/domain/workflow';
import { listAssignees, routingOf } from './participants';
import { signOffHolding } from './sign-off-holding';
import { findDocumentByStatus, getPnp } from './pnps.repo';
import { acceptedBy, approvedBy, documentState, listSignoffs, type DocContext } from './workflow.context';
import { moveDraft } from './workflow.move';
import type { ActorFacts } from './workflow.policy';
import type { WorkflowCtx } from './workflow.record';

/**
 * The move decides nothing for whoever caused it (the step's people decided it): no one's roles are
 * consulted, so none are read. Its author may be a job with no user at all (the directory sync).
 */
const NOBODYS_FACTS: ActorFacts = { userId: 0, isAdmin: false, isBinderOwner: false, roles: [] };

/** The workflow history's action for a step that moved on because of a change of its people. */
export const PARTICIPANTS_CHANGED = 'Participants Changed';

/**
 * A draft in Reviewing, or at an approval step, whose remaining people have all signed off moves on
 * as the last sign-off would have moved it (product rules: 'Reviewing -> Approving when every
 * reviewer has accepted', 'Approving step k -> k+1 when every approver of step k has approved').
 * Called after its participants changed: when the one reviewer or approver still to act leaves the
 * P&P (deactivated, removed, reassigned), nobody is left to make that move, and the Owners given
 * the step could not make it either (they are not its reviewers, and nobody is left to approve on
 * behalf of).
 *
 * A step whose role nobody is given any more (the access was changed so that the step has no
 * reviewer or approver, user or group) is skipped, as it is when a draft is submitted ('steps with
 * no approvers are skipped', 'Reviewing ... skipped when there are no reviewers'): otherwise the
 * draft would wait for nobody, with no one's task and no one to act on behalf of. A step still given
 * to people who have all left (their grants stay) is not skipped: its tasks go to the Owners, who
 * may decline it or send it back to the authors (sign-off-holding.ts, read by the tasks' resync too).
 *
 * Recorded as the change's author's transition, with the reason as its comment; it is not anyone's
 * sign-off. The caller holds the P&P's lock (`lockPnp`), so no sign-off commits unseen meanwhile.
 */
export async function moveOnWhenSignedOff(ctx: WorkflowCtx, pnpId: number): Promise<void> {
  const doc = await findDocumentByStatus(ctx.tx, ctx.orgId, pnpId, VersionStatus.Draft);
  if (!doc || (doc.draftStage !== DraftStage.Reviewing && doc.draftStage !== DraftStage.Approving)) return;
  const pnp = await getPnp(ctx.tx, ctx.orgId, pnpId);
  const { assignees, participants } = await listAssignees(ctx.tx, ctx.orgId, pnpId);
  const signoffs = await listSignoffs(ctx.tx, ctx.orgId, doc.id);
  const base = { pnp, facts: NOBODYS_FACTS, assignees, participants };
  const state = await documentState(ctx.tx, base, doc, signoffs);
  const reviewing = doc.draftStage === DraftStage.Reviewing;
  const step = doc.approvalStep ?? 1;
  const { given, holders } = signOffHolding({ assignees, participants }, { stage: doc.draftStage, step });
  const signedOff = reviewing ? acceptedBy(signoffs) : approvedBy(signoffs, doc.approvalStep);
  const pending = reviewing ? state.pendingReviewers : state.pendingApprovers;
  // Nobody of the step is still to act, and somebody still in it did sign off; or nobody is given it.
  const signedOffByAll = pending.length === 0 && holders.some((u) => signedOff.includes(u));
  if (!signedOffByAll && given) return;
  const to = reviewing ? stageAfterReviewing(routingOf(assignees)) : stageAfterApprovalStep(routingOf(assignees), step);
  const c: DocContext = { ...base, doc, signoffs, state };
  await moveDraft(ctx, c, to, PARTICIPANTS_CHANGED, reasonOf(reviewing, step, signedOffByAll));
}

/** The comment of a step that moved on because its people changed. */
function reasonOf(reviewing: boolean, step: number, signedOffByAll: boolean): string {
  if (signedOffByAll)
    return reviewing
      ? 'Every remaining reviewer had accepted.'
      : `Every remaining approver of step ${step} had approved.`;
  return reviewing ? 'No reviewer is given this stage any more.' : `No approver is given step ${step} any more.`;
}
