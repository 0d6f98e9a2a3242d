import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/limits';
import { ValidationPatterns } from '../domain/validation';
import { noAngleBrackets } from '../domain/validation-messages';
import { id, queryId, text } from './primitives';

/**
 * Users of an organisation (spec §7 'Users'), org admins only, under `/api/o/{org}/users`:
 *
 * - GET    ?active&inactive&never_logged_in&search&created_from&sort&dir&page&per_page   one page of users
 * - GET    ?bypass_val=true                every user not deleted, in one list (pickers)
 * - GET    /{id}                           a user with their groups
 * - POST   { user }                        create (status 1 unless said otherwise)
 * - PUT    /{id} { user, user_id }         details, roles, status, groups (group_ids)
 * - DELETE /{id}                           status -1: the user leaves every list
 * - GET    /{id}/user_logs                 what happened to the user (invites, status changes)
 * - GET    /{id}/change_logs               the user's change log
 * - GET    /{id}/settings                  the user's settings (read-only here)
 * - POST   /{id}/send_welcome_email { user_id }   an invitation with a link to set a password
 * - POST   /send_bulk_welcome_email        invitations to every active user who never signed in
 *
 * And, public: POST /api/auth/set_password { token, password }.
 */

export const USER_MAX_PAGE_SIZE = 100;
/** `bypass_val=true` lists every user at once, up to this many. */
export const USER_PICKER_LIMIT = 5000;
/** How long a welcome e-mail's set-password link works. */
export const WELCOME_TOKEN_DAYS = 7;

export const USER_STATUS_LABELS: Record<number, string> = { 1: 'Active', 2: 'Inactive', [-1]: 'Deleted' };
export const USER_CREATED_FROM_LABELS: Record<number, string> = { 0: 'Policy Manager', 1: 'Azure' };

/** The sentences a person reads when a field is wrong (server and forms say the same). */
export const UserMessages = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  nameTooLong: 'Names must be at most 100 characters.',
  nameBrackets: noAngleBrackets('Names'),
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address, for example jane.doe@example.com.',
  usernameRequired: 'Username is required.',
  usernameInvalid:
    'Username must start with a letter, digit or underscore and may contain only letters, digits, dots, dashes, underscores, @ and apostrophes.',
  titleBrackets: noAngleBrackets('Title'),
  passwordInvalid: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters of letters, digits, spaces or symbols, with at least one letter and one digit.`,
  passwordMismatch: 'The two passwords do not match.',
} as const;

const boolFlag = (label: string) =>
  z
    .enum(['true', 'false', '1', '0'], { message: `${label} must be true or false.` })
    .transform((v) => v === 'true' || v === '1');

/** The columns the users list sorts by (the name is last name, then first name). */
export const USER_SORT_KEYS = ['name', 'email', 'username', 'status', 'last_login_at', 'created_at'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export const UserListQuery = z.object({
  active: boolFlag('active').optional(),
  inactive: boolFlag('inactive').optional(),
  never_logged_in: boolFlag('never_logged_in').optional(),
  bypass_val: boolFlag('bypass_val').optional(),
  search: text().trim().max(200, { message: 'Search must be at most 200 characters.' }).optional(),
  created_from: z
    .enum(['0', '1'], { message: 'created_from must be 0 (Policy Manager) or 1 (Azure).' })
    .transform(Number)
    .optional(),
  sort: z.enum(USER_SORT_KEYS, { message: `sort must be one of ${USER_SORT_KEYS.join(', ')}.` }).default('name'),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).default('asc'),
  page: z.coerce.number({ message: 'page must be a whole number.' }).int().min(1).max(100_000).default(1),
  per_page: z.coerce
    .number({ message: 'per_page must be a whole number.' })
    .int()
    .min(1)
    .max(USER_MAX_PAGE_SIZE, { message: `per_page must be at most ${USER_MAX_PAGE_SIZE}.` })
    .default(10),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

const personName = (required: string) =>
  text({ message: required })
    .trim()
    .min(1, { message: required })
    .max(100, { message: UserMessages.nameTooLong })
    .regex(ValidationPatterns.name, { message: UserMessages.nameBrackets });

export const UserEmail = text({ message: UserMessages.emailRequired })
  .trim()
  .min(1, { message: UserMessages.emailRequired })
  .max(255, { message: 'Email must be at most 255 characters.' })
  .regex(ValidationPatterns.email, { message: UserMessages.emailInvalid });
export const UserUsername = text({ message: UserMessages.usernameRequired })
  .trim()
  .min(1, { message: UserMessages.usernameRequired })
  .max(255, { message: 'Username must be at most 255 characters.' })
  .regex(ValidationPatterns.login, { message: UserMessages.usernameInvalid });
export const Password = z
  .string({ message: UserMessages.passwordInvalid })
  .regex(ValidationPatterns.password, { message: UserMessages.passwordInvalid });

/** Status an admin may set: 1 Active, 2 Inactive (deleting is DELETE). */
export const EditableUserStatus = z.union([z.literal(1), z.literal(2)], {
  message: 'Status must be 1 (Active) or 2 (Inactive).',
});

const userFields = {
  first_name: personName(UserMessages.firstNameRequired),
  last_name: personName(UserMessages.lastNameRequired),
  email: UserEmail,
  username: UserUsername,
  title: text()
    .trim()
    .max(255, { message: 'Title must be at most 255 characters.' })
    .regex(ValidationPatterns.generic, { message: UserMessages.titleBrackets })
    .nullable()
    .optional(),
  is_admin: z.boolean({ message: 'is_admin must be true or false.' }).optional(),
  is_policy_owner: z.boolean({ message: 'is_policy_owner must be true or false.' }).optional(),
  status: EditableUserStatus.optional(),
  group_ids: z
    .array(id('The group id'), { message: 'group_ids must be a list of group ids.' })
    .max(1000, { message: 'At most 1000 groups can be chosen.' })
    .optional(),
};

export const NewUserInput = z.object(userFields).strict();
export type NewUserInput = z.infer<typeof NewUserInput>;
/**
 * The user's updated_at as the editor read it. A save over someone else's newer change would
 * silently undo it, so a stale one is refused with a 409. Optional for API clients that set a field
 * outright; the edit screen always sends it.
 */
const LoadedAt = z.iso.datetime({ message: 'updated_at must be the user’s updated_at as it was read.' });

export const UserUpdateInput = z
  .object({ ...userFields, updated_at: LoadedAt })
  .partial()
  .strict();
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;

export const CreateUserBody = z.object({ user: NewUserInput }).strict();
export type CreateUserBody = z.input<typeof CreateUserBody>;
export const UpdateUserBody = z.object({ user: UserUpdateInput, user_id: id('user_id').optional() }).strict();
export type UpdateUserBody = z.input<typeof UpdateUserBody>;
export const WelcomeEmailBody = z.object({ user_id: id('user_id').optional() }).strict();

export const UserIdParams = z.object({ id: queryId('The user id') });

export const UserGroupRef = z.object({ id: z.number().int(), name: z.string(), created_by_source: z.string() });
export type UserGroupRef = z.infer<typeof UserGroupRef>;

export const UserSummary = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  title: z.string().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  is_admin: z.boolean(),
  is_policy_owner: z.boolean(),
  created_from: z.number().int(),
  created_from_label: z.string(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserList = z.object({
  users: z.array(UserSummary),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type UserList = z.infer<typeof UserList>;

export const UserDetail = UserSummary.extend({ groups: z.array(UserGroupRef) });
export type UserDetail = z.infer<typeof UserDetail>;
/** updated_at: the edit form's token, sent back as user.updated_at with its save. */
export const EditableUserDetail = UserDetail.extend({ updated_at: z.string() });
export type EditableUserDetail = z.infer<typeof EditableUserDetail>;
export const UserResponse = z.object({ user: EditableUserDetail });
export type UserResponse = z.infer<typeof UserResponse>;

export const UserLogEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type UserLogEntry = z.infer<typeof UserLogEntry>;
export const UserLogList = z.object({ user_logs: z.array(UserLogEntry) });
export type UserLogList = z.infer<typeof UserLogList>;

export const UserSettingsView = z.object({ settings: z.record(z.string(), z.unknown()) });
export type UserSettingsView = z.infer<typeof UserSettingsView>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
export const BulkWelcomeResponse = z.object({ message: z.string(), sent: z.number().int() });
export type BulkWelcomeResponse = z.infer<typeof BulkWelcomeResponse>;

export const SetPasswordBody = z
  .object({
    token: text({ message: 'The link is not valid.' })
      .min(1, { message: 'The link is not valid.' })
      .max(200, { message: 'The link is not valid.' }),
    password: Password,
  })
  .strict();
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

export const USER_SUCCESS = {
  created: 'Record created successfully!',
  updated: 'Record updated successfully!',
  deleted: 'Record deleted successfully!',
  emailSent: 'Email sent successfully!',
  bulkEmailSent: 'Invitation email sent to users.',
  /** Spec §8: the title of the invitation of everyone ('Invitation email sent to users.') alone. */
  emailTitle: 'Email Sent',
  passwordSet: 'Your password has been set. You can now sign in.',
} as const;

/** The refusal of a stale save (someone else saved the user after the editor opened it). */
export const USER_CHANGED_MESSAGE =
  'This user was changed by someone else since you opened it. Reload to see their changes, then make yours again.';
