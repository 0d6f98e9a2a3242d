/**
 * The draft workflow of product-rules.md as data: the actions, which stage each is taken in, and
 * where a draft goes next. Shared so the web draws the same stepper and buttons the server enforces.
 */
import { DraftStage } from './statuses';
import { MAX_APPROVAL_STEPS } from './roles';

export const WorkflowAction = {
  Submit: 'submit',
  AcceptReview: 'accept_review',
  DeclineReview: 'decline_review',
  Approve: 'approve',
  DeclineApproval: 'decline_approval',
  Publish: 'publish',
  SendToAuthors: 'send_to_authors',
  CancelDraft: 'cancel_draft',
} as const;
export type WorkflowAction = (typeof WorkflowAction)[keyof typeof WorkflowAction];

export const WORKFLOW_ACTIONS = Object.values(WorkflowAction);

/** Button labels (and change-log action names) of each workflow action. */
export const WORKFLOW_ACTION_LABELS: Record<WorkflowAction, string> = {
  submit: 'Submit',
  accept_review: 'Accept',
  decline_review: 'Decline',
  approve: 'Approve',
  decline_approval: 'Decline',
  publish: 'Publish',
  send_to_authors: 'Send to Authors',
  cancel_draft: 'Cancel Draft',
};

/** The stages an action may be taken in; any other stage is "out of order". */
export const ACTION_STAGES: Record<WorkflowAction, readonly DraftStage[]> = {
  submit: [DraftStage.Authoring],
  accept_review: [DraftStage.Reviewing],
  decline_review: [DraftStage.Reviewing],
  approve: [DraftStage.Approving],
  decline_approval: [DraftStage.Approving],
  publish: [DraftStage.Publishing],
  send_to_authors: [DraftStage.Reviewing, DraftStage.Approving, DraftStage.Publishing],
  cancel_draft: [DraftStage.Authoring, DraftStage.Reviewing, DraftStage.Approving, DraftStage.Publishing],
};

/** Actions whose refusal back to Authoring needs a comment (product rules; the UI asks for one). */
export const ACTIONS_NEEDING_COMMENT: readonly WorkflowAction[] = ['decline_review', 'decline_approval'];

/** Who takes part in a draft: decides which stages are skipped. */
export interface Routing {
  readonly hasReviewers: boolean;
  /** Approval steps (1..10) that have at least one approver, in any order. */
  readonly approverSteps: readonly number[];
}

export interface StagePosition {
  readonly stage: DraftStage;
  /** The approval step while Approving, else null. */
  readonly step: number | null;
}

/** The first approval step after `after` that has approvers, or null. */
export function nextApprovalStep(routing: Routing, after: number): number | null {
  const steps = [...new Set(routing.approverSteps)]
    .filter((s) => s > after && s <= MAX_APPROVAL_STEPS)
    .sort((a, b) => a - b);
  return steps[0] ?? null;
}

/** Where a draft goes once Authoring is done: Reviewing, else the first step with approvers, else Publishing. */
export function stageAfterAuthoring(routing: Routing): StagePosition {
  if (routing.hasReviewers) return { stage: DraftStage.Reviewing, step: null };
  return stageAfterReviewing(routing);
}

/** Where a draft goes once every reviewer accepted (or there were none). */
export function stageAfterReviewing(routing: Routing): StagePosition {
  const step = nextApprovalStep(routing, 0);
  return step === null ? { stage: DraftStage.Publishing, step: null } : { stage: DraftStage.Approving, step };
}

/** Where a draft goes once every approver of `step` approved: the next step with approvers, else Publishing. */
export function stageAfterApprovalStep(routing: Routing, step: number): StagePosition {
  const next = nextApprovalStep(routing, step);
  return next === null ? { stage: DraftStage.Publishing, step: null } : { stage: DraftStage.Approving, step: next };
}

export type StepState = 'done' | 'current' | 'upcoming' | 'skipped';

export interface ProgressStep {
  readonly key: string;
  readonly label: string;
  readonly state: StepState;
}

/**
 * The progress stepper of a draft: Authoring, Reviewing, each approval step with approvers,
 * Publishing, Active. Stages with nobody to act are shown as skipped.
 */
export function progressSteps(position: StagePosition | null, routing: Routing, active: boolean): ProgressStep[] {
  const order = (stage: DraftStage, step: number | null): number => stage * 100 + (step ?? 0);
  const here = active ? Number.POSITIVE_INFINITY : position ? order(position.stage, position.step) : -1;
  const state = (stage: DraftStage, step: number | null): StepState => {
    const at = order(stage, step);
    return at < here ? 'done' : at === here ? 'current' : 'upcoming';
  };
  const steps: ProgressStep[] = [{ key: 'authoring', label: 'Authoring', state: state(DraftStage.Authoring, null) }];
  steps.push({
    key: 'reviewing',
    label: 'Reviewing',
    state: routing.hasReviewers ? state(DraftStage.Reviewing, null) : 'skipped',
  });
  const approverSteps = [...new Set(routing.approverSteps)].sort((a, b) => a - b);
  if (approverSteps.length === 0) steps.push({ key: 'approving', label: 'Approving', state: 'skipped' });
  for (const step of approverSteps) {
    steps.push({
      key: `approving-${step}`,
      label: `Approving: Step ${step}`,
      state: state(DraftStage.Approving, step),
    });
  }
  steps.push({ key: 'publishing', label: 'Publishing', state: state(DraftStage.Publishing, null) });
  steps.push({ key: 'active', label: 'Active', state: active ? 'current' : 'upcoming' });
  return steps;
}
