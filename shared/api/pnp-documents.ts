import { z } from 'zod';
import { ID_MAX, id, queryId, text } from './primitives';
import { REMINDER_DAYS_BEFORE, REVIEW_CYCLE_YEARS } from '../domain/limits';

/** P&P documents (versions), spec §7 'P&P documents', and the workflow actions of product rules. */

const Id = z.number().int();
/** Ids a client sends (the output schemas below keep the plain `Id`). */
const InputId = id();
const DateText = text().trim().max(32, { message: 'A date must be written as yyyy-mm-dd.' });
const Comment = text().trim().max(4000, { message: 'A comment must be at most 4000 characters.' });
const RequiredComment = text({ message: 'A comment is required to decline.' })
  .trim()
  .min(1, { message: 'A comment is required to decline.' })
  .max(4000, { message: 'A comment must be at most 4000 characters.' });

export const ReviewCycleYears = z.literal(REVIEW_CYCLE_YEARS, { message: 'The review cycle must be 1, 2 or 3 years.' });
export const ReminderDays = z.literal(REMINDER_DAYS_BEFORE, {
  message: 'The reminder must be 30, 60, 90 or 180 days before the review date.',
});

export const StoredFileInfo = z.object({
  id: Id,
  name: z.string(),
  extension: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
  /** The text is longer than the full-text index holds: only its first part is found by search. */
  search_truncated: z.boolean(),
});
export type StoredFileInfo = z.infer<typeof StoredFileInfo>;

export const Signoff = z.object({
  user_id: Id,
  name: z.string(),
  decision: z.enum(['pending', 'accepted', 'approved']),
  comment: z.string().nullable(),
  at: z.string().nullable(),
});
export type Signoff = z.infer<typeof Signoff>;

export const ApprovalStepInfo = z.object({
  step: z.number().int(),
  state: z.enum(['done', 'current', 'upcoming']),
  approvers: z.array(Signoff),
});
export type ApprovalStepInfo = z.infer<typeof ApprovalStepInfo>;

export const ProgressStepInfo = z.object({
  key: z.string(),
  label: z.string(),
  state: z.enum(['done', 'current', 'upcoming', 'skipped']),
});

export const PnpSummary = z.object({
  id: Id,
  name: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  container_id: Id,
  location: z.string(),
  abilities: z.array(z.string()),
});
export type PnpSummary = z.infer<typeof PnpSummary>;

export const PnpDocument = z.object({
  id: Id,
  pnp_id: Id,
  version_number: z.number().int().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  status_colour: z.string(),
  draft_stage: z.number().int().nullable(),
  draft_stage_label: z.string().nullable(),
  approval_step: z.number().int().nullable(),
  notes: z.string().nullable(),
  effective_dt: z.string().nullable(),
  origination_dt: z.string().nullable(),
  review_dt: z.string().nullable(),
  reminder_dt: z.string().nullable(),
  review_cycle_years: z.number().int().nullable(),
  reminder_days: z.number().int().nullable(),
  published_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Bumped by every change of the version: an edit sends back the one it read (UpdateDocumentBody). */
  lock_version: z.number().int(),
  /**
   * How many times this draft has moved stage or approval step (null for a version that is no longer
   * a draft). A workflow action sends it back in `expected`: it tells one round of the workflow from
   * an earlier one at the same stage, step and file.
   */
  draft_moves: z.number().int().nullable(),
  /** Published with a future effective date: shown in the library only from that date. */
  scheduled: z.boolean(),
  file: StoredFileInfo.nullable(),
  reviewers: z.array(Signoff),
  approval_steps: z.array(ApprovalStepInfo),
  progress: z.array(ProgressStepInfo),
  /** What this caller may do with this version now (the server checks again on every call). */
  abilities: z.array(z.string()),
  /** Approvers of the current step an OA, BO or Owner may approve for. */
  approve_on_behalf_of: z.array(z.object({ user_id: Id, name: z.string() })),
  pnp: PnpSummary,
});
export type PnpDocument = z.infer<typeof PnpDocument>;
export const PnpDocumentResponse = z.object({ pnp_document: PnpDocument });
export type PnpDocumentResponse = z.infer<typeof PnpDocumentResponse>;

export const VersionItem = z.object({
  id: Id,
  version_number: z.number().int().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  status_colour: z.string(),
  draft_stage_label: z.string().nullable(),
  effective_dt: z.string().nullable(),
  published_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  file_name: z.string().nullable(),
});
export type VersionItem = z.infer<typeof VersionItem>;
export const VersionList = z.object({ versions: z.array(VersionItem) });
export type VersionList = z.infer<typeof VersionList>;

export const HistoryEntry = z.object({
  id: Id,
  document_id: Id.nullable(),
  version_number: z.number().int().nullable(),
  action: z.string(),
  actor_name: z.string(),
  sudoer_name: z.string().nullable(),
  from_label: z.string().nullable(),
  to_label: z.string().nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const HistoryList = z.object({ workflow_history: z.array(HistoryEntry) });
export type HistoryList = z.infer<typeof HistoryList>;

/** GET pnp_documents: the versions the caller works on. */
export const WorkItem = z.object({
  id: Id,
  pnp_id: Id,
  pnp_name: z.string(),
  location: z.string(),
  version_number: z.number().int().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  draft_stage: z.number().int().nullable(),
  draft_stage_label: z.string().nullable(),
  approval_step: z.number().int().nullable(),
  updated_at: z.string(),
  /** The caller's open task on this version, if any (Author, Review, Approve, Publish). */
  my_task: z.string().nullable(),
});
export type WorkItem = z.infer<typeof WorkItem>;
/** How many drafts the working list holds at most: the most recently updated. */
export const WORK_LIST_LIMIT = 1_000;
export const WorkList = z.object({
  pnp_documents: z.array(WorkItem),
  total: z.number().int(),
  /** More drafts than WORK_LIST_LIMIT wait: the list holds the most recently updated. */
  total_capped: z.boolean().optional(),
});
export type WorkList = z.infer<typeof WorkList>;
export const WorkListQuery = z.object({
  awaiting_me: z.enum(['true', 'false']).optional(),
});

export const PnpIdQuery = z.object({ pnp_id: queryId('pnp_id') });
export const FileQuery = PnpIdQuery.extend({
  action_name: z.enum(['edit', 'view'], { message: "action_name must be 'edit' or 'view'." }).default('view'),
});

/** PUT pnp_documents/{id}: a draft's content (Authoring), or an Active version's dates. */
export const UpdateDocumentBody = z
  .object({
    pnp_id: InputId,
    document: z
      .object({
        notes: text().max(4000, { message: 'Notes must be at most 4000 characters.' }).nullable().optional(),
        origination_dt: DateText.nullable().optional(),
        effective_dt: DateText.nullable().optional(),
        review_dt: DateText.nullable().optional(),
        reminder_dt: DateText.nullable().optional(),
        review_cycle_years: ReviewCycleYears.nullable().optional(),
        reminder_days: ReminderDays.nullable().optional(),
        /**
         * The version's lock_version as the editor read it: a stale one is a 409, so a save never undoes
         * someone else's newer change unseen. Optional for API clients; General Info always sends it.
         */
        lock_version: z
          .number({ message: 'Lock version must be a whole number.' })
          .int({ message: 'Lock version must be a whole number.' })
          .min(0, { message: 'Lock version must be a whole number.' })
          .max(ID_MAX, { message: 'Lock version must be a whole number.' })
          .optional(),
      })
      .strict(),
  })
  .strict();
export type UpdateDocumentBody = z.infer<typeof UpdateDocumentBody>;

export const PublishFields = {
  effective_dt: text({ message: 'Effective Date is required.' })
    .trim()
    .max(32, { message: 'A date must be written as yyyy-mm-dd.' }),
  review_cycle_years: ReviewCycleYears,
  reminder_days: ReminderDays,
  review_dt: DateText.optional(),
  reminder_dt: DateText.optional(),
  comment: Comment.optional(),
};

const stageMessage = { message: 'expected.draft_stage must be a whole number or null.' };
const stepMessage = { message: 'expected.approval_step must be a whole number or null.' };
const fileMessage = { message: 'expected.file_id must be a positive whole number or null.' };
const movesMessage = { message: 'expected.draft_moves must be a whole number or null.' };

/**
 * The draft as the screen showed it when the user acted: its stage, approval step, file and how many
 * times it had moved (`draft_moves`). The draft's lock_version is not used: a General Info save bumps
 * it too (a false conflict). A draft sent back to Authoring (a decline, Send to Authors) and submitted
 * again with the same file returns to the same stage, step and file: only its moves tell the round the
 * user read from the new one. A fellow approver's sign-off changes none of the four, so approvers of
 * one step act one after the other without a conflict.
 */
export const WorkflowExpected = z
  .object(
    {
      draft_stage: z.number(stageMessage).int(stageMessage).min(0, stageMessage).max(ID_MAX, stageMessage).nullable(),
      approval_step: z.number(stepMessage).int(stepMessage).min(0, stepMessage).max(ID_MAX, stepMessage).nullable(),
      file_id: z.number(fileMessage).int(fileMessage).positive(fileMessage).max(ID_MAX, fileMessage).nullable(),
      draft_moves: z.number(movesMessage).int(movesMessage).min(0, movesMessage).max(ID_MAX, movesMessage).nullable(),
    },
    { message: 'expected must give the draft_stage, approval_step, file_id and draft_moves you saw.' },
  )
  .strict();
export type WorkflowExpected = z.infer<typeof WorkflowExpected>;

/**
 * Optional for API clients and the task list (a task is already tied to its stage); the document
 * screen always sends it, and a draft that no longer matches is a 409 (DRAFT_CHANGED_MESSAGE).
 */
const AsSeen = { expected: WorkflowExpected.optional() };

/** POST pnp_documents/{id}/workflow: one step of the draft workflow. */
export const WorkflowBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('submit'), comment: Comment.optional(), ...AsSeen }).strict(),
    z.object({ action: z.literal('accept_review'), comment: Comment.optional(), ...AsSeen }).strict(),
    z.object({ action: z.literal('decline_review'), comment: RequiredComment, ...AsSeen }).strict(),
    z
      .object({
        action: z.literal('approve'),
        comment: Comment.optional(),
        on_behalf_of_user_id: InputId.optional(),
        ...AsSeen,
      })
      .strict(),
    z.object({ action: z.literal('decline_approval'), comment: RequiredComment, ...AsSeen }).strict(),
    z.object({ action: z.literal('publish'), ...PublishFields, ...AsSeen }).strict(),
    z
      .object({
        action: z.literal('send_to_authors'),
        comment: Comment.optional(),
        effective_dt: DateText.optional(),
        ...AsSeen,
      })
      .strict(),
    z.object({ action: z.literal('cancel_draft'), comment: Comment.optional(), ...AsSeen }).strict(),
  ],
  {
    message:
      'action must be one of: submit, accept_review, decline_review, approve, decline_approval, publish, send_to_authors, cancel_draft.',
  },
);
export type WorkflowBody = z.infer<typeof WorkflowBody>;

/** POST pnp_documents/cancel_draft (spec §7). */
export const CancelDraftBody = z.object({ pnp_id: InputId, id: InputId, comment: Comment.optional() }).strict();
/** POST pnp_documents/{id}/adhoc_send_to_authors?pnp_id (spec §7). */
export const AdhocSendBody = z
  .object({ effective_date: DateText.optional(), comment: Comment.optional(), ...AsSeen })
  .strict();
export const RevisionBody = z.object({ comment: Comment.optional() }).strict();

export const CancelDraftResult = z.object({ pnp_id: Id, active_document_id: Id.nullable() });

export const PreviewResponse = z.object({
  kind: z.enum(['pdf', 'html', 'text', 'none']),
  html: z.string().nullable(),
  text: z.string().nullable(),
  file: StoredFileInfo.nullable(),
});
export type PreviewResponse = z.infer<typeof PreviewResponse>;

export const CompareQuery = PnpIdQuery.extend({
  from: queryId('The first version to compare'),
  to: queryId('The second version to compare'),
});
export const DiffPart = z.object({ value: z.string(), added: z.boolean(), removed: z.boolean() });
export type DiffPart = z.infer<typeof DiffPart>;
export const CompareResponse = z.object({
  from: VersionItem,
  to: VersionItem,
  identical: z.boolean(),
  parts: z.array(DiffPart),
});
export type CompareResponse = z.infer<typeof CompareResponse>;

/**
 * The refusal of a workflow action on a draft whose file or stage changed after the user opened it,
 * or that went back to Authoring and came round again meanwhile.
 */
export const DRAFT_CHANGED_MESSAGE =
  'This draft changed since you opened it (its file or stage). Reload to see it as it is now, then act again.';

/** The refusal of a stale save of a version (someone else changed it after the editor opened it). */
export const VERSION_CHANGED_MESSAGE =
  'This version was changed by someone else since you opened it. Reload to see their changes, then make yours again.';
