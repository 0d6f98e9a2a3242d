import { z } from 'zod';
import { ValidationPatterns } from '../domain/validation';
import { noAngleBrackets } from '../domain/validation-messages';
import { id, queryId, text } from './primitives';
import { Password, UserEmail, UserUsername } from './users';

/**
 * Provider staff users (spec §7 'Provider staff'), staff permission 2 (user management), under
 * `/api/hstm/hstm_users`:
 *
 * - GET    ?search&status&sort&dir&page&per_page   one page of staff users
 * - GET    /{id}                                    one staff user
 * - POST   { user, user_id }                        create (no password: a welcome e-mail follows)
 * - PUT    /{id} { user, user_id }                  details, permissions, status
 * - DELETE /{id}                                    status -1; their sessions end at once
 * - POST   /{id}/resend_welcome_email               a new set-password link (older links stop working)
 *
 * And, public: POST /api/auth/staff_set_password { token, password }.
 */

export const STAFF_MAX_PAGE_SIZE = 100;
export const STAFF_TOKEN_DAYS = 7;

/** The four staff permissions and their labels on the forms (spec §6). */
export const STAFF_PERMISSION_OPTIONS = [
  { value: 2, label: 'User management' },
  { value: 3, label: 'Org management' },
  { value: 4, label: 'Login as another user' },
  { value: 5, label: 'Developer tools' },
] as const;
const ALLOWED = new Set<number>(STAFF_PERMISSION_OPTIONS.map((o) => o.value));

export const STAFF_STATUS_LABELS: Record<number, string> = { 1: 'Active', 2: 'Inactive', [-1]: 'Deleted' };

export const StaffMessages = {
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 255 characters.',
  nameBrackets: noAngleBrackets('Name'),
  permissionsInvalid: 'Permissions must be a space-separated list of 2, 3, 4 and 5.',
  selfDelete: 'You cannot delete yourself.',
  selfDeactivate: 'You cannot deactivate yourself.',
  selfUserManagement: 'You cannot remove your own user management permission.',
  lastUserManager: 'At least one active staff user must keep the user management permission.',
  inactiveInvite: 'This staff user is inactive: activate them before sending an invitation.',
  linkRefused:
    'This link to set a password is not valid: it may have expired or been used already. Ask for a new invitation.',
} as const;

/** Normalises a permission string: numbers in order, each once ("5 2 2" -> "2 5"). */
export function normalisePermissions(value: string): string {
  const numbers = value
    .split(' ')
    .filter((p) => p !== '')
    .map(Number);
  return [...new Set(numbers)].sort((a, b) => a - b).join(' ');
}

/** A space-separated subset of 2 3 4 5 (spec §5 'Staff permission parse'); empty means none. */
export const StaffPermissions = text({ message: StaffMessages.permissionsInvalid })
  .trim()
  .max(64, { message: StaffMessages.permissionsInvalid })
  .refine(
    (v) =>
      v === '' ||
      (/^\d+( +\d+)*$/.test(v) &&
        v
          .split(/ +/)
          .map(Number)
          .every((n) => ALLOWED.has(n))),
    { message: StaffMessages.permissionsInvalid },
  )
  .transform((v) => normalisePermissions(v.replace(/ +/g, ' ')));

const StaffStatus = z.union([z.literal(1), z.literal(2)], { message: 'Status must be 1 (Active) or 2 (Inactive).' });

const staffFields = {
  name: text({ message: StaffMessages.nameRequired })
    .trim()
    .min(1, { message: StaffMessages.nameRequired })
    .max(255, { message: StaffMessages.nameTooLong })
    .regex(ValidationPatterns.name, { message: StaffMessages.nameBrackets }),
  email: UserEmail,
  username: UserUsername,
  permissions: StaffPermissions,
  status: StaffStatus.optional(),
};

export const NewStaffUserInput = z.object(staffFields).strict();
export type NewStaffUserInput = z.infer<typeof NewStaffUserInput>;
export const StaffUserUpdateInput = z.object(staffFields).partial().strict();
export type StaffUserUpdateInput = z.infer<typeof StaffUserUpdateInput>;

export const CreateStaffUserBody = z.object({ user: NewStaffUserInput, user_id: id('user_id').optional() }).strict();
export type CreateStaffUserBody = z.input<typeof CreateStaffUserBody>;
export const UpdateStaffUserBody = z.object({ user: StaffUserUpdateInput, user_id: id('user_id').optional() }).strict();
export type UpdateStaffUserBody = z.input<typeof UpdateStaffUserBody>;

export const STAFF_SORT_KEYS = ['name', 'email', 'username', 'status', 'last_login_at', 'created_at'] as const;
export type StaffSortKey = (typeof STAFF_SORT_KEYS)[number];

export const StaffUserListQuery = z.object({
  search: text().trim().max(200, { message: 'Search must be at most 200 characters.' }).optional(),
  status: z.enum(['1', '2'], { message: 'status must be 1 (Active) or 2 (Inactive).' }).transform(Number).optional(),
  sort: z.enum(STAFF_SORT_KEYS, { message: `sort must be one of ${STAFF_SORT_KEYS.join(', ')}.` }).default('name'),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).default('asc'),
  page: z.coerce.number({ message: 'page must be a whole number.' }).int().min(1).max(100_000).default(1),
  per_page: z.coerce
    .number({ message: 'per_page must be a whole number.' })
    .int()
    .min(1)
    .max(STAFF_MAX_PAGE_SIZE, { message: `per_page must be at most ${STAFF_MAX_PAGE_SIZE}.` })
    .default(10),
});
export type StaffUserListQuery = z.input<typeof StaffUserListQuery>;

export const StaffUserIdParams = z.object({ id: queryId('The staff user id') });

export const StaffUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  permissions: z.string(),
  permission_labels: z.array(z.string()),
  status: z.number().int(),
  status_label: z.string(),
  has_password: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof StaffUser>;

export const StaffUserList = z.object({
  hstm_users: z.array(StaffUser),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type StaffUserList = z.infer<typeof StaffUserList>;
export const StaffUserResponse = z.object({ user: StaffUser });
export type StaffUserResponse = z.infer<typeof StaffUserResponse>;

export const StaffMessageResponse = z.object({ message: z.string() });

export const StaffSetPasswordBody = z
  .object({
    token: text({ message: 'The link is not valid.' })
      .min(1, { message: 'The link is not valid.' })
      .max(200, { message: 'The link is not valid.' }),
    password: Password,
  })
  .strict();
export type StaffSetPasswordBody = z.infer<typeof StaffSetPasswordBody>;

export const STAFF_SUCCESS = {
  created: 'Record created successfully!',
  updated: 'Record updated successfully!',
  deleted: 'Record deleted successfully!',
  emailSent: 'Email sent successfully!',
  passwordSet: 'Your password has been set. You can now sign in.',
} as const;

/** The labels of a permission string, in order (unknown numbers are skipped). */
export function permissionLabels(permissions: string): string[] {
  const set = new Set(permissions.split(' ').filter(Boolean).map(Number));
  return STAFF_PERMISSION_OPTIONS.filter((o) => set.has(o.value)).map((o) => o.label);
}
