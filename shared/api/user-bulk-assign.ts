import { z } from 'zod';
import { id, text } from './primitives';

/**
 * Bulk assignment and reassignment of users and groups (spec §7 Users, product rules 'Bulk
 * reassignment'): GET o/{org}/user_bulk_assign, GET .../containers?type&id&selected_roles,
 * POST .../update {..., selectedContainers}; and the leaver screen's GET/POST .../leaver/{userId}.
 */

export const REASSIGNMENT_TYPES = ['reassign', 'clone', 'remove'] as const;
export type ReassignmentType = (typeof REASSIGNMENT_TYPES)[number];

/** The wizard's words for each type (spec §2). */
export const REASSIGNMENT_TYPE_LABELS: Record<ReassignmentType, string> = {
  reassign: 'Reassign items',
  clone: 'Clone assignments',
  remove: 'Remove from assignments',
};

export const SUBJECT_TYPES = ['User', 'Group'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

const subjectType = z.enum(SUBJECT_TYPES, { message: "The type must be 'User' or 'Group'." });
const role = z
  .number({ message: 'A role must be 1 (Owner), 2 (Author), 3 (Reviewer), 4 (Approver) or 5 (Audience).' })
  .int({ message: 'A role must be 1 (Owner), 2 (Author), 3 (Reviewer), 4 (Approver) or 5 (Audience).' })
  .min(1, { message: 'A role must be 1 (Owner), 2 (Author), 3 (Reviewer), 4 (Approver) or 5 (Audience).' })
  .max(5, { message: 'A role must be 1 (Owner), 2 (Author), 3 (Reviewer), 4 (Approver) or 5 (Audience).' });

/** Counts of direct assignments per role (approver steps counted together as role 4). */
export const RoleCounts = z.object({
  owner: z.number().int(),
  author: z.number().int(),
  reviewer: z.number().int(),
  approver: z.number().int(),
  audience: z.number().int(),
});
export type RoleCounts = z.infer<typeof RoleCounts>;

export const AssignmentHolder = z.object({
  type: z.enum(SUBJECT_TYPES),
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** Users: 1 active, 2 inactive; null for groups. */
  status: z.number().int().nullable(),
  /** Groups: how many of their members are active (a group with none cannot receive assignments); null for users. */
  active_members: z.number().int().nullable(),
  counts: RoleCounts,
  total: z.number().int(),
});
export type AssignmentHolder = z.infer<typeof AssignmentHolder>;

export const AssignmentHolderList = z.object({ holders: z.array(AssignmentHolder) });
export type AssignmentHolderList = z.infer<typeof AssignmentHolderList>;

export const SubjectRef = z.object({ type: subjectType, id: id('The id') }).strict();
export type SubjectRef = z.infer<typeof SubjectRef>;

/** GET containers: the source (type, id) and the roles (comma-separated role ids, e.g. "1,4"). */
export const ContainersQuery = z.object({
  type: subjectType,
  id: z.coerce
    .number({ message: 'The id must be a positive whole number.' })
    .int({ message: 'The id must be a positive whole number.' })
    .positive({ message: 'The id must be a positive whole number.' })
    .max(2_147_483_647, { message: 'The id must be a positive whole number.' }),
  selected_roles: text()
    .trim()
    .regex(/^[1-5](,[1-5])*$/, { message: 'Choose the roles as role ids 1 to 5 separated by commas (e.g. 1,4).' })
    .transform((value) => [...new Set(value.split(',').map(Number))].sort()),
});
export type ContainersQuery = z.input<typeof ContainersQuery>;

/** One role the source holds on an item (approvers with their step). */
export const HeldRole = z.object({
  role: z.number().int(),
  approval_step: z.number().int().nullable(),
  role_name: z.string(),
});
export type HeldRole = z.infer<typeof HeldRole>;

/** The versions of a P&P the change reaches: its Active one and the Draft in progress with its stage. */
export const ItemVersion = z.object({
  id: z.number().int(),
  status: z.number().int(),
  version_number: z.number().int().nullable(),
  draft_stage: z.number().int().nullable(),
  approval_step: z.number().int().nullable(),
});

export const AssignedItem = z.object({
  item_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  /** P&P status (Draft 1, Published 2, Retired 3); null for binders and folders. */
  status: z.number().int().nullable(),
  roles: z.array(HeldRole),
  versions: z.array(ItemVersion),
  /** The source's open tasks on it (their people's, for a group). */
  open_tasks: z.number().int(),
});
export type AssignedItem = z.infer<typeof AssignedItem>;

export const AssignedItemList = z.object({ items: z.array(AssignedItem) });
export type AssignedItemList = z.infer<typeof AssignedItemList>;

export const SelectedContainer = z
  .object({
    item_type: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'item_type must be 1, 2 or 3.' }),
    id: id('The item id'),
  })
  .strict();
export type SelectedContainer = z.infer<typeof SelectedContainer>;

export const BulkAssignBody = z
  .object({
    reassignment_type: z.enum(REASSIGNMENT_TYPES, {
      message: "The reassignment type must be 'reassign', 'clone' or 'remove'.",
    }),
    source: SubjectRef,
    targets: z.array(SubjectRef).max(100, { message: 'Choose at most 100 users or groups.' }).default([]),
    selected_roles: z.array(role).min(1, { message: 'Choose at least one role.' }).max(5),
    selectedContainers: z
      .array(SelectedContainer)
      .min(1, { message: 'Choose at least one item.' })
      .max(20_000, { message: 'Choose at most 20,000 items at once.' }),
    /** true: change nothing, answer the preview of every item it would touch (and any refusal). */
    dry_run: z.boolean().default(false),
  })
  .strict();
export type BulkAssignBody = z.input<typeof BulkAssignBody>;

/** A P&P the change would leave without an Owner, or a draft's current approval step without an approver. */
export const Refusal = z.object({
  item_type: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  reason: z.string(),
});
export type Refusal = z.infer<typeof Refusal>;

export const BulkAssignPreview = z.object({
  dry_run: z.literal(true),
  item_count: z.number().int(),
  items: z.array(AssignedItem),
  refusals: z.array(Refusal),
});

export const BulkAssignAccepted = z.object({
  dry_run: z.literal(false),
  job_id: z.number().int(),
  item_count: z.number().int(),
  /** 'done' when it was small enough to do at once, else 'queued' for the background job. */
  status: z.enum(['queued', 'done']),
});

export const BulkAssignResponse = z.union([BulkAssignPreview, BulkAssignAccepted]);
export type BulkAssignResponse = z.infer<typeof BulkAssignResponse>;

/** The leaver screen: everything the person holds, and who could take it over. */
export const LeaverTask = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  pnp_id: z.number().int(),
  pnp_name: z.string(),
  due_dt: z.string().nullable(),
});

export const LeaverSummary = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), status: z.number().int() }),
  items: z.array(AssignedItem),
  open_tasks: z.array(LeaverTask),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The active other members of the person's groups: the proposed successors. */
  proposed_targets: z.array(z.object({ type: z.enum(SUBJECT_TYPES), id: z.number().int(), name: z.string() })),
});
export type LeaverSummary = z.infer<typeof LeaverSummary>;

export const LeaverBody = z
  .object({
    targets: z
      .array(SubjectRef)
      .min(1, { message: 'Choose who takes over.' })
      .max(100, { message: 'Choose at most 100 users or groups.' }),
  })
  .strict();
export type LeaverBody = z.infer<typeof LeaverBody>;

export const LeaverResult = z.object({ item_count: z.number().int(), tasks_closed: z.number().int() });
export type LeaverResult = z.infer<typeof LeaverResult>;
