import { z } from 'zod';
import { TaskKind } from '../domain/statuses';
import { ReminderDays, ReviewCycleYears } from './pnp-documents';
import { queryWholeNumber, text } from './primitives';

/**
 * Tasks (spec §7 'Tasks', product rules 'Tasks'): GET o/{org}/tasks lists the caller's tasks,
 * PUT o/{org}/tasks/{id} takes a task's action.
 */

export const TASK_KINDS = [
  TaskKind.Author,
  TaskKind.Review,
  TaskKind.Approve,
  TaskKind.Publish,
  TaskKind.Acknowledge,
  TaskKind.PendingRevision,
] as const;

/** Lists count their matches only this far: past it `total` is this number and `total_capped` is true. */
export const TASK_COUNT_LIMIT = 10_000;
export const TASK_MAX_PAGE_SIZE = 100;

/** How soon a task is due: any, already overdue, or due within `days` days from today. */
export const TASK_DUE_FILTERS = ['any', 'overdue', 'within'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

/** The actions a task may take (task_action), per kind. */
export const TASK_ACTIONS = [
  'Submit',
  'Accept',
  'Decline',
  'Approve',
  'Publish',
  'SendToAuthors',
  'StartReview',
  'Extend',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export const TASK_ACTIONS_BY_KIND: Record<TaskKind, readonly TaskAction[]> = {
  Author: ['Submit'],
  Review: ['Accept', 'Decline'],
  Approve: ['Approve', 'Decline'],
  Publish: ['Publish', 'SendToAuthors'],
  PendingRevision: ['StartReview', 'Extend'],
  // The reader acknowledges on the document, after opening it (product rules 'Read acknowledgements').
  Acknowledge: [],
};

/**
 * A Review or Approve task the P&P's Owners hold in place of reviewers or approvers who have all
 * left (their grants stay; server/modules/pnps/sign-off-holding.ts): an Owner may not accept a
 * review, and nobody is left to approve on behalf of, so such a task is answered by sending the
 * draft back to its authors, or, on an approval step, by declining it for its approvers
 * (product rules 'Permission matrix').
 */
export const OWNER_STAND_IN_ACTIONS: Partial<Record<TaskKind, readonly TaskAction[]>> = {
  Review: ['SendToAuthors'],
  Approve: ['Decline', 'SendToAuthors'],
};

/** The actions an open task may be answered with: by its kind, or as the Owners' stand-in. */
export function taskActionsOf(kind: string, ownerStandIn: boolean): readonly TaskAction[] {
  const standIn = ownerStandIn ? OWNER_STAND_IN_ACTIONS[kind as TaskKind] : undefined;
  return standIn ?? TASK_ACTIONS_BY_KIND[kind as TaskKind] ?? [];
}

export const TASK_ACTION_LABELS: Record<TaskAction, string> = {
  Submit: 'Submit',
  Accept: 'Accept',
  Decline: 'Decline',
  Approve: 'Approve',
  Publish: 'Publish',
  SendToAuthors: 'Send to Authors',
  StartReview: 'Start Review',
  Extend: 'Extend',
};

export const TaskListQuery = z.object({
  kind: z.enum(TASK_KINDS, { message: `kind must be one of ${TASK_KINDS.join(', ')}.` }).optional(),
  /** 1 Open, 2 Completed, 3 Closed; omitted: every status. */
  status: queryWholeNumber('status', 1, 3).optional(),
  due: z.enum(TASK_DUE_FILTERS, { message: "due must be 'any', 'overdue' or 'within'." }).default('any'),
  /** With due=within: due within this many days from today (today included). */
  days: queryWholeNumber('days', 0, 3650).default(7),
  page: queryWholeNumber('page', 1, 1_000_000).default(1),
  per_page: queryWholeNumber('per_page', 1, TASK_MAX_PAGE_SIZE).default(10),
});
export type TaskListQuery = z.input<typeof TaskListQuery>;

export const Task = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** As the screen shows it: PendingRevision is 'Start Review or Extend'. */
  kind_label: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  /** The person the task is for; another person than the caller when it reached them as a delegate. */
  user_id: z.number().int(),
  user_name: z.string(),
  /**
   * Delegation while away: the away person the caller holds this task for ('For <name>'), the same
   * as user_name then; null for the caller's own tasks.
   */
  for_user_name: z.string().nullable(),
  pnp_id: z.number().int(),
  pnp_name: z.string(),
  /** The version the task is about (the draft, or the Active version for Acknowledge and PendingRevision). */
  pnp_document_id: z.number().int().nullable(),
  version_number: z.number().int().nullable(),
  version_status: z.number().int().nullable(),
  draft_stage: z.number().int().nullable(),
  /** 'Reviewing', 'Approving: Step 2'... */
  stage_label: z.string().nullable(),
  approval_step: z.number().int().nullable(),
  read_ack_id: z.number().int().nullable(),
  read_ack_name: z.string().nullable(),
  due_dt: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The version's origination date: publishing refuses an effective date before it. */
  origination_dt: z.string().nullable(),
  /** The version's dates: publishing proposes them, Extend moves them. */
  effective_dt: z.string().nullable(),
  review_dt: z.string().nullable(),
  reminder_dt: z.string().nullable(),
  review_cycle_years: z.number().int().nullable(),
  reminder_days: z.number().int().nullable(),
  /**
   * A Review or Approve task the caller holds (or holds for an away Owner) as one of the P&P's Owners,
   * in place of reviewers or approvers who have all left: its actions are Send to Authors, and
   * Decline on an approval step, instead of their sign-off.
   */
  owner_stand_in: z.boolean(),
  /** What the caller may send as task_action now (empty once the task is no longer open). */
  actions: z.array(z.enum(TASK_ACTIONS)),
});
export type Task = z.infer<typeof Task>;

export const TaskList = z.object({
  tasks: z.array(Task),
  /** How many match, at most TASK_COUNT_LIMIT. */
  total: z.number().int(),
  /** More than `total` match (the count stopped at TASK_COUNT_LIMIT). */
  total_capped: z.boolean().optional(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TaskList = z.infer<typeof TaskList>;

const DateText = text().trim().max(32, { message: 'A date must be written as yyyy-mm-dd.' });

export const TaskActionBody = z
  .object({
    task_action: z.enum(TASK_ACTIONS, { message: `task_action must be one of ${TASK_ACTIONS.join(', ')}.` }),
    /** Publish: the effective date (required); SendToAuthors: the target effective date. */
    effective_date: DateText.optional(),
    /** Publish: the review and reminder dates (derived from the cycle when left out). */
    review_dt: DateText.optional(),
    reminder_dt: DateText.optional(),
    review_cycle_years: ReviewCycleYears.optional(),
    reminder_days: ReminderDays.optional(),
    /** A decline needs one; any other action may carry one. */
    comment: text().trim().max(4000, { message: 'A comment must be at most 4000 characters.' }).optional(),
  })
  .strict();
export type TaskActionBody = z.infer<typeof TaskActionBody>;

export const TaskActionResult = z.object({
  task: Task,
  /** Where the screen goes next: the draft SendToAuthors or Start Review made or sent back. */
  next: z.object({ pnp_id: z.number().int(), pnp_document_id: z.number().int() }).nullable(),
});
export type TaskActionResult = z.infer<typeof TaskActionResult>;
