import { z } from 'zod';
import { id, queryId, text } from './primitives';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../domain/limits';
import { ValidationPatterns } from '../domain/validation';
import { noAngleBrackets } from '../domain/validation-messages';

/**
 * User groups (spec §7 Groups), org admins only:
 *
 * - GET    o/{org}/user_groups?search&exclude_system=true   the org's groups, by name
 * - POST   o/{org}/user_groups { group }                    create (name, description, member ids)
 * - GET    o/{org}/user_groups/member_candidates?search     active users to choose members from
 * - GET    o/{org}/user_groups/{id}                         one group with its members
 * - PUT    o/{org}/user_groups/{id} { group }               change name, description, members; with
 *                                                           group.updated_at as last read, a stale one is a 409
 * - DELETE o/{org}/user_groups/{id}                         delete (refused for system groups, or
 *                                                           when an item would lose its last owner/approver)
 * - GET    o/{org}/user_groups/{id}/user_group_change_logs  the group's change log
 *
 * Groups created by the system carry created_by_source 'System': they cannot be edited or deleted,
 * and `exclude_system=true` leaves them out (the combined list that excludes them, spec §3).
 */

export const CREATED_BY_SOURCES = ['System', 'User'] as const;
export const CreatedBySource = z.enum(CREATED_BY_SOURCES);
export type CreatedBySource = z.infer<typeof CreatedBySource>;
export const SYSTEM_GROUP_SOURCE: CreatedBySource = 'System';

/** The most members one request may set (our bound; the spec shows none). */
export const GROUP_MEMBERS_MAX = 5000;

const BOOLEAN_MESSAGE = 'exclude_system must be true or false.';
export const UserGroupListQuery = z.object({
  search: text()
    .trim()
    .max(NAME_MAX_LENGTH, { message: `Search must be at most ${NAME_MAX_LENGTH} characters.` })
    .optional(),
  exclude_system: z
    .enum(['true', 'false'], { message: BOOLEAN_MESSAGE })
    .transform((v) => v === 'true')
    .optional(),
});
export type UserGroupListQuery = z.infer<typeof UserGroupListQuery>;

export const UserGroupIdParams = z.object({ id: queryId('The group id') });

export const UserGroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  created_by_source: CreatedBySource,
  members_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserGroupSummary = z.infer<typeof UserGroupSummary>;

export const UserGroupList = z.object({ user_groups: z.array(UserGroupSummary) });
export type UserGroupList = z.infer<typeof UserGroupList>;

/** A member of a group (an org user). status: 1 active, 2 inactive. */
export const UserGroupMember = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.number().int(),
});
export type UserGroupMember = z.infer<typeof UserGroupMember>;

export const UserGroupDetail = UserGroupSummary.extend({ members: z.array(UserGroupMember) });
export type UserGroupDetail = z.infer<typeof UserGroupDetail>;

export const UserGroupResponse = z.object({ user_group: UserGroupDetail });
export type UserGroupResponse = z.infer<typeof UserGroupResponse>;

const GroupName = text({ message: 'Name is required.' })
  .trim()
  .min(1, { message: 'Name is required.' })
  .max(NAME_MAX_LENGTH, { message: `Name must be at most ${NAME_MAX_LENGTH} characters.` })
  .regex(ValidationPatterns.name, { message: noAngleBrackets('Name') });
const GroupDescription = text({ message: 'Description must be text.' })
  .max(DESCRIPTION_MAX_LENGTH, { message: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters.` })
  .regex(ValidationPatterns.generic, { message: noAngleBrackets('Description') })
  .nullable()
  .optional();
const MemberIds = z
  .array(id('The member id'), { message: 'Members must be a list of user ids.' })
  .max(GROUP_MEMBERS_MAX, { message: `A group can have at most ${GROUP_MEMBERS_MAX} members.` });

/**
 * The group's updated_at as the editor read it (edits only). The member list is sent whole, so a
 * save over someone else's newer change would silently undo it: a stale one is refused with a 409.
 * Optional for API clients that replace a group outright; the edit screen always sends it.
 */
const LoadedAt = z.iso.datetime({ message: 'updated_at must be the group’s updated_at as it was read.' });

/** What the form sends: name, description and the member user ids (the whole list). */
export const UserGroupInput = z
  .object({
    name: GroupName,
    description: GroupDescription,
    member_ids: MemberIds.default([]),
    updated_at: LoadedAt.optional(),
  })
  .strict();
export type UserGroupInput = z.infer<typeof UserGroupInput>;
export const UserGroupBody = z.object({ group: UserGroupInput }).strict();
export type UserGroupBody = z.input<typeof UserGroupBody>;

export const MemberCandidatesQuery = z.object({
  search: text()
    .trim()
    .max(NAME_MAX_LENGTH, { message: `Search must be at most ${NAME_MAX_LENGTH} characters.` })
    .optional(),
});
export const MemberCandidates = z.object({ users: z.array(UserGroupMember) });
export type MemberCandidates = z.infer<typeof MemberCandidates>;

/** The refusal of a stale save (someone else saved the group after the editor opened it). */
export const GROUP_CHANGED_MESSAGE =
  'This group was changed by someone else since you opened it. Reload to see their changes, then make yours again.';
