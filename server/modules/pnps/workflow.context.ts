import { and, eq } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage, PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import { documentSignoffs } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { listAssignees, loadActorFacts, withRole, type Assignee } from './participants';
import { isFutureDate } from '../../../shared/domain/review-dates';
import { utcDate } from '../../platform/clock';
import {
  findDocumentByStatus,
  getDocument,
  getPnpWithActive,
  type DocumentRow,
  type PnpRow,
  type PnpWithActive,
} from './pnps.repo';
import {
  decideDocument,
  decidePnp,
  type ActorFacts,
  type Decision,
  type DocumentAction,
  type DocumentState,
  type PnpAction,
  type PnpState,
} from './workflow.policy';
import type { Participant } from '../access/effective-access';
import { principalOf } from '../delegation/acting-for';

export type SignoffRow = typeof documentSignoffs.$inferSelect;

/**
 * A loaded P&P and what the policy decides its visibility on: its status, and whether its Active
 * version is not in effect yet on the request's day (UTC), as the presenters' `scheduled` and the
 * library's `effective_dt <= today` tell it.
 */
export function pnpAndState(row: PnpWithActive, now: Date): { pnp: PnpRow; state: PnpState } {
  const { activeEffectiveDt, ...pnp } = row;
  return { pnp, state: { status: pnp.status, scheduled: isFutureDate(activeEffectiveDt, utcDate(now)) } };
}

/** Everything a decision about one P&P needs, loaded once per request. */
export interface PnpContext {
  pnp: PnpRow;
  facts: ActorFacts;
  assignees: Assignee[];
  participants: Participant[];
}

export interface DocContext extends PnpContext {
  doc: DocumentRow;
  signoffs: SignoffRow[];
  state: DocumentState;
}

/** Turns a refusal into the error the caller sees (403 for a role, 422 for a state). */
export function enforce(decision: Decision): void {
  if (!decision.ok) throw new AppError(decision.status, [decision.message]);
}

/**
 * Loads a P&P for the caller. One they hold no role on (or may not see in its current status, or,
 * as a reader only, before its scheduled publication takes effect) is "not found": its existence
 * is not theirs to learn. `lock` serialises writers on the P&P row. The Active version's effective
 * date comes in the P&P's own query, so the check costs no query of its own.
 * A delegate acting for an away user (ADR 0011) is decided as that user: their roles, their slot.
 */
export async function loadPnpContext(
  ctx: OrgCtx,
  pnpId: number,
  options: { lock?: boolean } = {},
): Promise<PnpContext> {
  const { pnp, state } = pnpAndState(await getPnpWithActive(ctx.tx, ctx.orgId, pnpId, options), ctx.now);
  const facts = await loadActorFacts(ctx.tx, principalOf(ctx), pnp);
  if (!decidePnp('view', facts, state).ok) throw notFound('The P&P');
  const { assignees, participants } = await listAssignees(ctx.tx, ctx.orgId, pnp.id);
  return { pnp, facts, assignees, participants };
}

export async function listSignoffs(db: Executor, orgId: number, documentId: number): Promise<SignoffRow[]> {
  return db
    .select()
    .from(documentSignoffs)
    .where(and(eq(documentSignoffs.orgId, orgId), eq(documentSignoffs.documentId, documentId)))
    .orderBy(documentSignoffs.createdAt, documentSignoffs.id);
}

export const acceptedBy = (signoffs: SignoffRow[]): number[] =>
  signoffs.filter((s) => s.stage === DraftStage.Reviewing && s.decision === 'accepted').map((s) => s.userId);
export const approvedBy = (signoffs: SignoffRow[], step: number | null): number[] =>
  signoffs
    .filter((s) => s.stage === DraftStage.Approving && s.approvalStep === step && s.decision === 'approved')
    .map((s) => s.userId);

/** The workflow facts of one version: who still has to act in its stage. */
export async function documentState(
  db: Executor,
  c: PnpContext,
  doc: DocumentRow,
  signoffs: SignoffRow[],
): Promise<DocumentState> {
  const draft =
    doc.status === VersionStatus.Draft
      ? doc
      : await findDocumentByStatus(db, c.pnp.orgId, c.pnp.id, VersionStatus.Draft);
  const reviewers = [...new Set(withRole(c.assignees, ObjectRole.Reviewer).map((a) => a.user_id))];
  const approvers = [
    ...new Set(withRole(c.assignees, ObjectRole.Approver, doc.approvalStep ?? 1).map((a) => a.user_id)),
  ];
  const accepted = acceptedBy(signoffs);
  const approved = approvedBy(signoffs, doc.approvalStep);
  return {
    pnpStatus: c.pnp.status,
    versionStatus: doc.status,
    stage: doc.draftStage,
    step: doc.approvalStep,
    everPublished: c.pnp.status !== PnpStatus.Draft,
    hasDraft: draft !== null,
    pendingReviewers: doc.draftStage === DraftStage.Reviewing ? reviewers.filter((u) => !accepted.includes(u)) : [],
    pendingApprovers: doc.draftStage === DraftStage.Approving ? approvers.filter((u) => !approved.includes(u)) : [],
  };
}

/**
 * Loads one version of a P&P for the caller: drafts and archived versions only for those who may
 * see drafts (403 for the Audience), the Active version of a published P&P for every reader once
 * it is in effect (before, `loadPnpContext` has already answered 404 to a reader).
 */
export async function loadDocContext(
  ctx: OrgCtx,
  pnpId: number,
  documentId: number,
  options: { lock?: boolean } = {},
): Promise<DocContext> {
  const base = await loadPnpContext(ctx, pnpId, options);
  const doc = await getDocument(ctx.tx, ctx.orgId, pnpId, documentId);
  if (doc.status !== VersionStatus.Active) enforce(decidePnp('view_drafts', base.facts, base.pnp));
  const signoffs = await listSignoffs(ctx.tx, ctx.orgId, doc.id);
  const state = await documentState(ctx.tx, base, doc, signoffs);
  return { ...base, doc, signoffs, state };
}

export const allowDocument = (c: DocContext, action: DocumentAction): void =>
  enforce(decideDocument(action, c.facts, c.state));
export const allowPnp = (c: PnpContext, action: PnpAction): void => enforce(decidePnp(action, c.facts, c.pnp));
