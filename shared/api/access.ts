import { z } from 'zod';
import { queryId, text } from './primitives';
import { MAX_APPROVAL_STEPS, OBJECT_ROLE_NAMES, ObjectRole, approverStepKey } from '../domain/roles';
import { ItemTypeValue } from './containers';

/**
 * Access (spec §7 "o/{org}/access"): the participants of a binder (object_type 1), folder (2) or
 * P&P (3). `{id}` in the paths below is the object id; its object_type travels in the body
 * because binder/folder ids and P&P ids are separate spaces.
 *
 * - GET  o/{org}/access/fetch_participants?object_type&object_id  effective participants (Participants)
 * - PUT  o/{org}/access/{id}  { object_type, participants, participants_version }  set the node's own participants (it now overrides)
 * - POST o/{org}/access/{id}/reset_to_parent { object_type, subtree?, participants_version }  drop the overrides (of the whole subtree)
 * - GET  o/{org}/access/candidates?q&limit                        users and groups to pick from
 *
 * A change sends the participants_version it read: one made over someone else's newer change is
 * refused (409, PARTICIPANTS_CHANGED_MESSAGE) instead of silently undoing it.
 */

/** The participant lists of a node as the spec names them: approvers = step 1, approversStep2..10. */
export const PARTICIPANT_KEYS = [
  'owners',
  'authors',
  'reviewers',
  'audience',
  'approvers',
  'approversStep2',
  'approversStep3',
  'approversStep4',
  'approversStep5',
  'approversStep6',
  'approversStep7',
  'approversStep8',
  'approversStep9',
  'approversStep10',
] as const;
export type ParticipantKey = (typeof PARTICIPANT_KEYS)[number];
// The spec's approver keys, written out above for their literal types, must agree with the domain's.
if (
  PARTICIPANT_KEYS.length !== 4 + MAX_APPROVAL_STEPS ||
  PARTICIPANT_KEYS[13] !== approverStepKey(MAX_APPROVAL_STEPS)
) {
  throw new Error('PARTICIPANT_KEYS disagree with the approval steps of shared/domain/roles');
}

const ROLE_KEYS: Record<Exclude<ObjectRole, 4>, ParticipantKey> = {
  1: 'owners',
  2: 'authors',
  3: 'reviewers',
  5: 'audience',
};

/** The list a grant belongs to. */
export function participantKeyOf(role: number, approvalStep: number | null): ParticipantKey {
  if (role === ObjectRole.Approver) return approverStepKey(approvalStep ?? 1) as ParticipantKey;
  return ROLE_KEYS[role as Exclude<ObjectRole, 4>];
}

/** The role (and approval step) of a list. */
export function roleOfParticipantKey(key: ParticipantKey): { role: ObjectRole; approvalStep: number | null } {
  for (const [role, k] of Object.entries(ROLE_KEYS))
    if (k === key) return { role: Number(role) as ObjectRole, approvalStep: null };
  const step = key === 'approvers' ? 1 : Number(key.replace('approversStep', ''));
  return { role: ObjectRole.Approver, approvalStep: step };
}

/** The role name written in change-log deltas and shown in the participants panel. */
export function participantRoleName(role: number, approvalStep: number | null): string {
  const name = OBJECT_ROLE_NAMES[role as ObjectRole] ?? `Role ${role}`;
  return role === ObjectRole.Approver ? `${name} (Step ${approvalStep ?? 1})` : name;
}

export const SubjectType = z.enum(['User', 'Group'], { message: "Type must be 'User' or 'Group'." });
export type SubjectType = z.infer<typeof SubjectType>;

const Id = queryId();

const OBJECT_TYPE_MESSAGE = 'Object type must be 1 (binder), 2 (folder) or 3 (P&P).';
/** The object_type of the access API: the item type of the node. */
export const ObjectTypeValue = z.union([z.literal(1), z.literal(2), z.literal(3)], { message: OBJECT_TYPE_MESSAGE });
const ObjectTypeQuery = z.coerce.number({ message: OBJECT_TYPE_MESSAGE }).pipe(ObjectTypeValue);

export const FetchParticipantsQuery = z.object({ object_type: ObjectTypeQuery, object_id: Id });

/**
 * The participants_version of fetch_participants: a digest of the node's effective participants
 * (who, in which role, from where, and whether it inherits), not a counter. It changes with any
 * change of them, one made on an ancestor the node inherits from included.
 */
const PARTICIPANTS_VERSION_PATTERN = /^[0-9a-f]{64}$/;
const PARTICIPANTS_VERSION_MESSAGE =
  'Participants version must be the participants_version read with the participants (fetch_participants).';
const ParticipantsVersion = z
  .string({ message: PARTICIPANTS_VERSION_MESSAGE })
  .regex(PARTICIPANTS_VERSION_PATTERN, PARTICIPANTS_VERSION_MESSAGE);

/** The 409 of a change made from participants someone else has changed since they were read. */
export const PARTICIPANTS_CHANGED_MESSAGE =
  'These participants were changed by someone else since you opened them. Reload to see their changes, then make yours again.';

/** A reference to a user or a group in a request. */
export const SubjectRef = z.object({ type: SubjectType, id: Id }).strict();
export type SubjectRef = z.infer<typeof SubjectRef>;

const SubjectList = z.array(SubjectRef).max(1000, 'A role can have at most 1000 participants.');
const ParticipantLists = z
  .object(
    Object.fromEntries(PARTICIPANT_KEYS.map((key) => [key, SubjectList.optional()])) as Record<
      ParticipantKey,
      z.ZodOptional<typeof SubjectList>
    >,
  )
  .strict();

/**
 * PUT {id}: the node's participants, every list in full (an omitted list is empty), with the
 * participants_version they were read with.
 */
export const SetParticipantsBody = z
  .object({ object_type: ObjectTypeValue, participants: ParticipantLists, participants_version: ParticipantsVersion })
  .strict();
export type SetParticipantsBody = z.infer<typeof SetParticipantsBody>;

/** POST {id}/reset_to_parent: subtree=true also resets every node below (folders and P&Ps). */
export const ResetToParentBody = z
  .object({
    object_type: ObjectTypeValue,
    subtree: z.boolean({ message: 'Subtree must be true or false.' }).optional(),
    /** The node's participants_version as read: the reset drops what the caller saw, nothing newer. */
    participants_version: ParticipantsVersion,
  })
  .strict();
export type ResetToParentBody = z.infer<typeof ResetToParentBody>;

/** Where an effective participant is defined. */
export const AccessSource = z.object({ object_type: ItemTypeValue, object_id: z.number().int(), name: z.string() });
export type AccessSource = z.infer<typeof AccessSource>;

export const Participant = z.object({
  id: z.number().int(),
  type: SubjectType,
  name: z.string(),
  email: z.string().nullable(),
  /** True when it comes from an ancestor (see source); false for the node's own overrides. */
  inherited: z.boolean(),
  source: AccessSource,
});
export type Participant = z.infer<typeof Participant>;

export const ParticipantsByRole = z.object(
  Object.fromEntries(PARTICIPANT_KEYS.map((key) => [key, z.array(Participant)])) as Record<
    ParticipantKey,
    z.ZodArray<typeof Participant>
  >,
);
export type ParticipantsByRole = z.infer<typeof ParticipantsByRole>;

export const Participants = z.object({
  object_type: ItemTypeValue,
  object_id: z.number().int(),
  name: z.string(),
  /** False when the node has its own participants (overrides). */
  inherits_access: z.boolean(),
  /** The ancestor the participants come from while the node inherits; null when it overrides or nothing above has any. */
  inherited_from: AccessSource.nullable(),
  /** Whether the node has a parent to inherit from (binders have none). */
  has_parent: z.boolean(),
  participants: ParticipantsByRole,
  /** What a change (PUT, reset_to_parent) sends back: it is refused (409) once this no longer matches. */
  participants_version: z.string(),
  abilities: z.object({ edit: z.boolean() }),
});
export type Participants = z.infer<typeof Participants>;

export const CandidatesQuery = z.object({
  q: text().max(100, 'Search text must be at most 100 characters.').optional(),
  limit: z.coerce.number().int().min(1).max(500, 'Limit must be at most 500.').optional(),
  /** Users alone or groups alone; both when left out. The limit then counts only those. */
  type: SubjectType.optional(),
});

/** Users and groups in one list (spec §3: 'Group' shows a group icon). */
export const Candidate = z.object({
  id: z.number().int(),
  type: SubjectType,
  name: z.string(),
  email: z.string().nullable(),
});
export type Candidate = z.infer<typeof Candidate>;
export const CandidateList = z.object({ candidates: z.array(Candidate) });
export type CandidateList = z.infer<typeof CandidateList>;

/** A display label of each list, for the participants panel. */
export function participantKeyLabel(key: ParticipantKey): string {
  const { role, approvalStep } = roleOfParticipantKey(key);
  if (role === ObjectRole.Approver) return `Approvers (Step ${approvalStep})`;
  return { 1: 'Owners', 2: 'Authors', 3: 'Reviewers', 5: 'Audience' }[role];
}
