import { STAFF_PERMISSION_OPTIONS } from '../../../shared/api/hstm-users';

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
