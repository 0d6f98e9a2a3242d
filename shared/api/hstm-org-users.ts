import { z } from 'zod';
import { id, queryId, text } from './primitives';
import { NewUserInput, UserDetail, UserEmail, UserUpdateInput } from './users';

/**
 * Org users seen from the provider-staff area (spec §7 'Provider staff', `/api/hstm/users`),
 * staff permission 3 (org management) unless said otherwise:
 *
 * - GET    ?orgId&search&status&admins&sort&dir&page&per_page   one page of the org's users
 * - GET    /{id}[?orgId]                 a user with their organisation, groups and settings
 * - POST   { user: { ...user, org_id } } create a user in that organisation
 * - PUT    /{id} { user, user_id }       the org-side rules (status, roles, groups)
 * - DELETE /{id}                         status -1: sessions end, open tasks close
 * - GET    /{id}/visitor_logs            their sign-ins, newest first, paged
 * - GET    /{id}/visitor_logs/{logId}    one sign-in
 * - GET    /get_hstream_id_by_email?email   (permission 5) org users with that e-mail and their hStream id
 */

export const ORG_USER_MAX_PAGE_SIZE = 100;

const boolFlag = (label: string) =>
  z
    .enum(['true', 'false', '1', '0'], { message: `${label} must be true or false.` })
    .transform((v) => v === 'true' || v === '1');
const page = z.coerce.number({ message: 'page must be a whole number.' }).int().min(1).max(100_000).default(1);
const perPage = z.coerce
  .number({ message: 'per_page must be a whole number.' })
  .int()
  .min(1)
  .max(ORG_USER_MAX_PAGE_SIZE, { message: `per_page must be at most ${ORG_USER_MAX_PAGE_SIZE}.` })
  .default(10);

/** The columns an organisation's user list sorts by; name is last name, then first name. */
export const ORG_USER_SORT_KEYS = ['name', 'email', 'username', 'status', 'last_login_at'] as const;
export type OrgUserSortKey = (typeof ORG_USER_SORT_KEYS)[number];

export const StaffOrgUserListQuery = z.object({
  orgId: queryId('orgId'),
  search: text().trim().max(200, { message: 'Search must be at most 200 characters.' }).optional(),
  status: z.enum(['1', '2'], { message: 'status must be 1 (Active) or 2 (Inactive).' }).transform(Number).optional(),
  admins: boolFlag('admins').optional(),
  sort: z
    .enum(ORG_USER_SORT_KEYS, { message: `sort must be one of ${ORG_USER_SORT_KEYS.join(', ')}.` })
    .default('name'),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).default('asc'),
  page,
  per_page: perPage,
});
export type StaffOrgUserListQuery = z.input<typeof StaffOrgUserListQuery>;

/** The organisation the screen is in: when given, a user of another organisation is a 404. */
export const StaffOrgUserScope = z.object({ orgId: queryId('orgId').optional() });
export const StaffOrgUserIdParams = z.object({ id: queryId('The user id') });
export const VisitorLogIdParams = z.object({ id: queryId('The user id'), logId: queryId('The visitor log id') });
export const VisitorLogListQuery = z.object({ orgId: queryId('orgId').optional(), page, per_page: perPage });

export const StaffNewOrgUserInput = NewUserInput.extend({ org_id: id('org_id') }).strict();
export const CreateStaffOrgUserBody = z.object({ user: StaffNewOrgUserInput }).strict();
export type CreateStaffOrgUserBody = z.input<typeof CreateStaffOrgUserBody>;
export const UpdateStaffOrgUserBody = z.object({ user: UserUpdateInput, user_id: id('user_id').optional() }).strict();
export type UpdateStaffOrgUserBody = z.input<typeof UpdateStaffOrgUserBody>;

export const StaffOrgUser = UserDetail.extend({
  org_id: z.number().int(),
  org_name: z.string(),
  hstream_id: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
});
export type StaffOrgUser = z.infer<typeof StaffOrgUser>;
export const StaffOrgUserResponse = z.object({ user: StaffOrgUser });
export type StaffOrgUserResponse = z.infer<typeof StaffOrgUserResponse>;

export const StaffOrgUserList = z.object({
  users: z.array(UserDetail.omit({ groups: true })),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type StaffOrgUserList = z.infer<typeof StaffOrgUserList>;

export const VisitorLog = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  signed_in_at: z.string(),
  signed_out_at: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  browser: z.string(),
  sudoer_name: z.string().nullable(),
});
export type VisitorLog = z.infer<typeof VisitorLog>;
export const VisitorLogList = z.object({
  visitor_logs: z.array(VisitorLog),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type VisitorLogList = z.infer<typeof VisitorLogList>;
export const VisitorLogResponse = z.object({ visitor_log: VisitorLog });
export type VisitorLogResponse = z.infer<typeof VisitorLogResponse>;

export const HstreamIdQuery = z.object({ email: UserEmail });
export const HstreamIdMatch = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  status_label: z.string(),
  hstream_id: z.string().nullable(),
});
export type HstreamIdMatch = z.infer<typeof HstreamIdMatch>;
export const HstreamIdResponse = z.object({ users: z.array(HstreamIdMatch) });
export type HstreamIdResponse = z.infer<typeof HstreamIdResponse>;

/** A short browser name from a user agent, for the visitor-log table. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown';
  const tests: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  for (const [re, name] of tests) if (re.test(userAgent)) return name;
  return 'Other';
}
