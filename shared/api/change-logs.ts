import { z } from 'zod';

/** Deltas of a change-log entry, in the shapes spec §3 names. */
export const ChangeLogDeltas = z.object({
  changed: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).optional(),
  container_access_users_added: z.array(z.object({ user_name: z.string(), role_name: z.string() })).optional(),
  container_access_users_removed: z.array(z.object({ user_name: z.string(), role_name: z.string() })).optional(),
  container_access_groups_added: z.array(z.object({ user_group_name: z.string(), role_name: z.string() })).optional(),
  container_access_groups_removed: z.array(z.object({ user_group_name: z.string(), role_name: z.string() })).optional(),
  user_membership_groups_added: z.array(z.object({ name: z.string() })).optional(),
  user_membership_groups_removed: z.array(z.object({ name: z.string() })).optional(),
  group_member_users_added: z.array(z.object({ name: z.string() })).optional(),
  group_member_users_removed: z.array(z.object({ name: z.string() })).optional(),
  comment: z.string().optional(),
});
export type ChangeLogDeltas = z.infer<typeof ChangeLogDeltas>;

export const ChangeLogEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  created_by_user: z.string(),
  created_by_email: z.string().nullable(),
  sudoer_name: z.string().nullable(),
  object_type: z.string(),
  object_name: z.string(),
  action_name: z.string(),
  deltas: ChangeLogDeltas,
  source_name: z.string().nullable(),
  target_names: z.array(z.string()).nullable(),
});
export type ChangeLogEntry = z.infer<typeof ChangeLogEntry>;

/** How many entries a change log lists at most: the newest. */
export const CHANGE_LOG_LIMIT = 1_000;
export const ChangeLogList = z.object({
  change_logs: z.array(ChangeLogEntry),
  /** There are more entries than CHANGE_LOG_LIMIT: the newest are listed. */
  truncated: z.boolean().optional(),
});
export type ChangeLogList = z.infer<typeof ChangeLogList>;
