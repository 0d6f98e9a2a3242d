/**
 * Who may do what with a P&P and its versions (product-rules.md 'Permission matrix' and 'P&P
 * status and draft workflow'), as pure functions of facts the service loads. Default deny: every
 * decision names the rule it broke. The server calls `decide` before every change; presenters
 * call it for every action to tell the web which buttons to show.
 */
import { ObjectRole } from '../../../shared/domain/roles';
import { DRAFT_STAGE_LABELS, DraftStage, PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import { ACTION_STAGES, WORKFLOW_ACTION_LABELS, type WorkflowAction } from '../../../shared/domain/workflow';

export interface ActorFacts {
  userId: number;
  isAdmin: boolean;
  /** Owner role on the P&P's binder or folder (BO). */
  isBinderOwner: boolean;
  /** Effective roles on the P&P itself. */
  roles: ReadonlyArray<{ role: number; approval_step: number | null }>;
}

export interface PnpState {
  status: number;
  /**
   * Its Active version takes effect after today: a scheduled publication, shown to its readers only
   * from that date (product rules), as the library does. Only `loadPnpContext` and the linked P&Ps
   * list load it; a caller deciding on a bare `pnps` row (undefined) treats it as in effect.
   */
  scheduled?: boolean;
}

export interface DocumentState {
  pnpStatus: number;
  versionStatus: number;
  stage: number | null;
  step: number | null;
  /** The P&P has (or had) a published version: its only draft may then be cancelled. */
  everPublished: boolean;
  /** The P&P has a draft in progress (at most one). */
  hasDraft: boolean;
  /** Reviewers who have not accepted yet (user ids), while Reviewing. */
  pendingReviewers: readonly number[];
  /** Approvers of the current step who have not approved yet (user ids), while Approving. */
  pendingApprovers: readonly number[];
}

export type Decision = { ok: true } | { ok: false; status: 403 | 422; message: string };

export type DocumentAction =
  | WorkflowAction
  | 'approve_on_behalf'
  | 'edit_draft'
  | 'upload_file'
  | 'edit_dates'
  | 'replace_published_file'
  | 'start_revision'
  | 'extend_review';

export type PnpAction =
  'view' | 'view_drafts' | 'edit_settings' | 'edit_related' | 'retire' | 'restore' | 'delete' | 'manage_read_acks';

const OK: Decision = { ok: true };
const deny = (message: string): Decision => ({ ok: false, status: 403, message });
const refuse = (message: string): Decision => ({ ok: false, status: 422, message });

const has = (f: ActorFacts, role: number): boolean => f.roles.some((r) => r.role === role);
const isOwner = (f: ActorFacts): boolean => has(f, ObjectRole.Owner);
const isAuthor = (f: ActorFacts): boolean => has(f, ObjectRole.Author);
const isReviewer = (f: ActorFacts): boolean => has(f, ObjectRole.Reviewer);
const isApproverOf = (f: ActorFacts, step: number | null): boolean =>
  f.roles.some((r) => r.role === ObjectRole.Approver && (r.approval_step ?? 1) === step);

/** OA, BO, Owner: settings, dates, publishing, retiring, approving on an approver's behalf. */
export const canManage = (f: ActorFacts): boolean => f.isAdmin || f.isBinderOwner || isOwner(f);
/** Owner, Author: the draft's content. */
export const canAuthor = (f: ActorFacts): boolean => isOwner(f) || isAuthor(f);
/** OA, Owner, Author, Reviewer, Approver (and BO): drafts, version history, workflow history. */
export const canSeeDrafts = (f: ActorFacts): boolean =>
  f.isAdmin || f.isBinderOwner || f.roles.some((r) => r.role !== ObjectRole.Audience);

/** The stages in which a draft's file may be replaced (in the last two, sending it back to Authoring). */
const FILE_CHANGE_STAGES: readonly DraftStage[] = [DraftStage.Authoring, DraftStage.Reviewing, DraftStage.Approving];

const stageName = (stage: number | null): string =>
  stage !== null && stage in DRAFT_STAGE_LABELS ? DRAFT_STAGE_LABELS[stage as DraftStage] : 'no stage';

/** Whether the caller may take a P&P-level action. */
export function decidePnp(action: PnpAction, f: ActorFacts, pnp: PnpState): Decision {
  const retired = pnp.status === PnpStatus.Retired;
  switch (action) {
    case 'view':
      // Working roles see it in every status, a scheduled publication included: they prepare it.
      if (canSeeDrafts(f)) return OK;
      return f.roles.length > 0 && pnp.status === PnpStatus.Published && pnp.scheduled !== true
        ? OK
        : deny('You do not have access to this P&P.');
    case 'view_drafts':
      return canSeeDrafts(f)
        ? OK
        : deny('Only the P&P’s owners, authors, reviewers and approvers can see its drafts and history.');
    case 'edit_settings':
      if (retired) return refuse('A retired P&P cannot be changed. Restore it first.');
      return canManage(f)
        ? OK
        : deny(
            'Only organization administrators, binder or folder owners and the P&P’s owners can change its settings.',
          );
    case 'edit_related':
      if (retired) return refuse('A retired P&P cannot be changed. Restore it first.');
      return canManage(f) || isAuthor(f)
        ? OK
        : deny('Only the P&P’s owners and authors can change its related information.');
    case 'retire':
      if (pnp.status !== PnpStatus.Published) return refuse('Only a published P&P can be retired.');
      return canManage(f)
        ? OK
        : deny('Only organization administrators, binder or folder owners and the P&P’s owners can retire it.');
    case 'restore':
      if (pnp.status !== PnpStatus.Retired) return refuse('Only a retired P&P can be restored.');
      return f.isAdmin ? OK : deny('Only organization administrators can restore a retired P&P.');
    case 'manage_read_acks':
      // Whatever the P&P's state: a retired one's read acknowledgements stay on record for its managers.
      return canManage(f)
        ? OK
        : deny(
            'Only organization administrators, binder or folder owners and the P&P’s owners can manage its read acknowledgements.',
          );
    case 'delete':
      if (pnp.status !== PnpStatus.Draft)
        return refuse('Only a P&P that was never published can be deleted. Retire it instead.');
      return canManage(f)
        ? OK
        : deny('Only organization administrators, binder or folder owners and the P&P’s owners can delete it.');
  }
}

/** The stage check shared by the workflow actions: anything else is a transition out of order. */
function inStage(action: WorkflowAction, s: DocumentState): Decision {
  if (s.versionStatus !== VersionStatus.Draft)
    return refuse(`${WORKFLOW_ACTION_LABELS[action]} is possible only on a draft.`);
  const stages = ACTION_STAGES[action];
  if (s.stage === null || !stages.includes(s.stage as DraftStage)) {
    const where = stages.map((st) => DRAFT_STAGE_LABELS[st]).join(' or ');
    return refuse(
      `This draft is in ${stageName(s.stage)}: ${WORKFLOW_ACTION_LABELS[action]} is possible only in ${where}.`,
    );
  }
  return OK;
}

const onActive = (s: DocumentState, what: string): Decision | null => {
  if (s.versionStatus !== VersionStatus.Active) return refuse(`${what} is possible only on the Active version.`);
  if (s.pnpStatus !== PnpStatus.Published) return refuse(`${what} is not possible while the P&P is retired.`);
  return null;
};

/** Whether the caller may take an action on one version. */
export function decideDocument(action: DocumentAction, f: ActorFacts, s: DocumentState): Decision {
  const notOwnerOrAuthor = deny('Only the P&P’s owners and authors can do this.');
  const notManager = deny(
    'Only organization administrators, binder or folder owners and the P&P’s owners can do this.',
  );
  switch (action) {
    case 'edit_draft': {
      if (s.versionStatus !== VersionStatus.Draft || s.stage !== DraftStage.Authoring) {
        return refuse('The draft can be edited only while it is in Authoring.');
      }
      return canAuthor(f) ? OK : notOwnerOrAuthor;
    }
    case 'upload_file':
      if (s.versionStatus !== VersionStatus.Draft) return refuse('Only a draft’s file can be replaced this way.');
      // Authoring is where the draft's file changes; in Reviewing or Approving a change sends the
      // draft back there (product rules). Once every sign-off is in (Publishing), the file is what
      // was approved: only sending the draft back to its authors reopens it.
      if (s.stage === null || !FILE_CHANGE_STAGES.includes(s.stage as DraftStage)) {
        return refuse(
          `This draft is in ${stageName(s.stage)}: its file can be replaced only in Authoring, Reviewing or Approving. To change it, send the draft to Authors first.`,
        );
      }
      return canAuthor(f) ? OK : notOwnerOrAuthor;
    case 'submit': {
      const stage = inStage(action, s);
      if (!stage.ok) return stage;
      return canAuthor(f) ? OK : notOwnerOrAuthor;
    }
    case 'accept_review':
    case 'decline_review': {
      const stage = inStage(action, s);
      if (!stage.ok) return stage;
      if (!isReviewer(f)) return deny('You are not a reviewer of this draft.');
      if (!s.pendingReviewers.includes(f.userId)) return refuse('You have already accepted this draft.');
      return OK;
    }
    case 'approve': {
      const stage = inStage(action, s);
      if (!stage.ok) return stage;
      if (!isApproverOf(f, s.step)) return deny(`You are not an approver of step ${s.step ?? 1} of this draft.`);
      if (!s.pendingApprovers.includes(f.userId))
        return refuse(`You have already approved step ${s.step ?? 1} of this draft.`);
      return OK;
    }
    case 'approve_on_behalf': {
      const stage = inStage('approve', s);
      if (!stage.ok) return stage;
      if (!canManage(f)) return deny(`You are not an approver of step ${s.step ?? 1} of this draft.`);
      return s.pendingApprovers.length > 0 ? OK : refuse('Every approver of this step has already approved.');
    }
    case 'decline_approval': {
      const stage = inStage(action, s);
      if (!stage.ok) return stage;
      return isApproverOf(f, s.step) || canManage(f)
        ? OK
        : deny(`You are not an approver of step ${s.step ?? 1} of this draft.`);
    }
    case 'publish':
    case 'send_to_authors': {
      const stage = inStage(action, s);
      if (!stage.ok) return stage;
      return canManage(f) ? OK : notManager;
    }
    case 'cancel_draft': {
      const stage = inStage(action, s);
      if (!stage.ok) return stage;
      if (!s.everPublished)
        return refuse(
          'This P&P has never been published, so its only draft cannot be cancelled. Delete the P&P instead.',
        );
      return canManage(f) || isAuthor(f) ? OK : notOwnerOrAuthor;
    }
    case 'edit_dates':
    case 'replace_published_file': {
      const refused = onActive(s, action === 'edit_dates' ? 'Changing the dates' : 'Replacing the published file');
      if (refused) return refused;
      return canManage(f) ? OK : notManager;
    }
    case 'start_revision':
    case 'extend_review': {
      const refused = onActive(s, action === 'start_revision' ? 'Starting a review' : 'Extending the review');
      if (refused) return refused;
      if (s.hasDraft) return refuse('This P&P already has a draft in progress.');
      return canManage(f) || isAuthor(f)
        ? OK
        : deny(
            'Only organization administrators, binder or folder owners and the P&P’s owners and authors can do this.',
          );
    }
  }
}

export const DOCUMENT_ACTIONS: readonly DocumentAction[] = [
  'edit_draft',
  'upload_file',
  'submit',
  'accept_review',
  'decline_review',
  'approve',
  'approve_on_behalf',
  'decline_approval',
  'publish',
  'send_to_authors',
  'cancel_draft',
  'edit_dates',
  'replace_published_file',
  'start_revision',
  'extend_review',
];
export const PNP_ACTIONS: readonly PnpAction[] = [
  'view',
  'view_drafts',
  'edit_settings',
  'edit_related',
  'retire',
  'restore',
  'delete',
  'manage_read_acks',
];

/** The actions the caller may take now: what the web shows as buttons. */
export const documentAbilities = (f: ActorFacts, s: DocumentState): DocumentAction[] =>
  DOCUMENT_ACTIONS.filter((a) => decideDocument(a, f, s).ok);
export const pnpAbilities = (f: ActorFacts, p: PnpState): PnpAction[] =>
  PNP_ACTIONS.filter((a) => decidePnp(a, f, p).ok);

/** Creating a P&P in a container: OA, BO of that container, or a policy owner with a role there. */
export function decideCreate(facts: {
  isAdmin: boolean;
  isPolicyOwner: boolean;
  containerRoles: ReadonlyArray<{ role: number }>;
}): Decision {
  if (facts.isAdmin) return OK;
  if (facts.containerRoles.some((r) => r.role === ObjectRole.Owner)) return OK;
  if (facts.isPolicyOwner && facts.containerRoles.length > 0) return OK;
  return deny(
    'Only organization administrators, the owners of this binder or folder and policy owners with a role in it can create P&Ps here.',
  );
}
