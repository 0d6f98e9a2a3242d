import { z } from 'zod';
import { NotificationListQuery } from './notifications';
import { text } from './primitives';

/** One change a staff user made (GET hstm/staff_action_logs). */
export const StaffActionLogItem = z.object({
  id: z.number().int(),
  staff_user_id: z.number().int().nullable(),
  staff_name: z.string(),
  staff_email: z.string(),
  method: z.string(),
  route: z.string(),
  path: z.string(),
  target: z.record(z.string(), z.string()),
  fields: z.array(z.string()),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type StaffActionLogItem = z.infer<typeof StaffActionLogItem>;

export const StaffActionLogList = z.object({
  staff_action_logs: z.array(StaffActionLogItem),
  /** How many match, counted only as far as the pager reaches from this page (ADR 0023). */
  total: z.number().int(),
  /** More than `total` match: the count stopped at the pager's reach (ADR 0025). */
  total_capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type StaffActionLogList = z.infer<typeof StaffActionLogList>;

/** A page, newest first; `search` matches the staff user's name or e-mail, or the path. */
export const StaffActionLogQuery = NotificationListQuery.extend({
  search: text().trim().max(255, { message: 'The search must be at most 255 characters.' }).optional(),
});
