import { STAFF_PERMISSION_OPTIONS } from '../../../shared/api/hstm-users';
import { parseStaffPermissions } from '../../../shared/domain/roles';

/**
 * Which staff permissions the signed-in staff user may tick on the staff user form. The server
 * enforces the same rule (staff-users.service.ts) and its refusal is shown on a save; the form
 * only says so first, so nobody ticks a box that cannot be saved.
 */
export const PermissionLockMessages = {
  self: 'You cannot change your own permissions: another staff user with user management must do it.',
  notHeld: 'You can only give or take away permissions you hold yourself.',
  notHeldBox: 'You do not hold this permission.',
} as const;

export interface PermissionLocks {
  /** Why some boxes cannot be changed, for the whole group; null when every box can be. */
  readonly explanation: string | null;
  /** The permission numbers whose box is disabled. */
  readonly locked: ReadonlySet<number>;
  /** The note under a disabled box, when the box needs one of its own. */
  readonly boxNote: string | null;
}

export const NO_LOCKS: PermissionLocks = { explanation: null, locked: new Set(), boxNote: null };

export function permissionLocks(editor: {
  readonly permissions: readonly number[];
  readonly editingSelf: boolean;
}): PermissionLocks {
  const all = STAFF_PERMISSION_OPTIONS.map((o) => o.value);
  // Their own permissions are changed by another staff user only: every box, held or not.
  if (editor.editingSelf) return { explanation: PermissionLockMessages.self, locked: new Set(all), boxNote: null };
  const held = new Set(editor.permissions);
  const locked = new Set(all.filter((p) => !held.has(p)));
  if (locked.size === 0) return NO_LOCKS;
  return { explanation: PermissionLockMessages.notHeld, locked, boxNote: PermissionLockMessages.notHeldBox };
}

/**
 * The actions on another staff user the signed-in staff user may take. The server refuses to edit
 * (any field), deactivate, delete or e-mail a set-password link to a staff user who holds a
 * permission the editor lacks: their address could be changed to the editor's own and the link
 * used to become them. The screens say so first rather than offer what will be refused. The
 * permissions named are the other user's, but the list shows every staff user's permissions anyway.
 */
export const StaffActionLockMessages = {
  outranked: (labels: readonly string[]): string =>
    `They hold permissions you do not have (${labels.join(', ')}), so only a staff user who has those can edit, delete or email them.`,
  selfDelete: 'You cannot delete yourself.',
} as const;

export interface StaffActionLocks {
  /** Why Edit (and with it deactivating) is not offered; null when it is. */
  readonly edit: string | null;
  /** Why Delete is not offered; null when it is. */
  readonly remove: string | null;
  /** Why Resend welcome email is not offered; null when it is. */
  readonly resend: string | null;
}

export const NO_ACTION_LOCKS: StaffActionLocks = { edit: null, remove: null, resend: null };

export function staffActionLocks(
  editor: { readonly permissions: readonly number[]; readonly isSelf: boolean },
  target: { readonly permissions: string },
): StaffActionLocks {
  const held = new Set(editor.permissions);
  const theirs = new Set(parseStaffPermissions(target.permissions));
  const lacking = STAFF_PERMISSION_OPTIONS.filter((o) => theirs.has(o.value) && !held.has(o.value));
  if (lacking.length > 0) {
    const why = StaffActionLockMessages.outranked(lacking.map((o) => o.label));
    return { edit: why, remove: why, resend: why };
  }
  // Their own details and welcome e-mail stay theirs to change; deleting themselves is refused.
  if (editor.isSelf) return { ...NO_ACTION_LOCKS, remove: StaffActionLockMessages.selfDelete };
  return NO_ACTION_LOCKS;
}
