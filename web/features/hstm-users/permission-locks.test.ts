import { describe, expect, it } from 'vitest';
import { NO_LOCKS, PermissionLockMessages, permissionLocks } from './permission-locks';

describe('permissionLocks: the boxes a staff user may tick on the staff user form', () => {
  it('every box, held or not, when they edit themselves', () => {
    for (const permissions of [[2], [2, 3, 4, 5]]) {
      const locks = permissionLocks({ permissions, editingSelf: true });
      expect([...locks.locked].sort()).toEqual([2, 3, 4, 5]);
      expect(locks.explanation).toBe(PermissionLockMessages.self);
      expect(locks.boxNote).toBeNull();
    }
  });

  it('the permissions they do not hold, when they edit or create someone else', () => {
    const locks = permissionLocks({ permissions: [2, 3], editingSelf: false });
    expect([...locks.locked].sort()).toEqual([4, 5]);
    expect(locks.explanation).toBe(PermissionLockMessages.notHeld);
    expect(locks.boxNote).toBe(PermissionLockMessages.notHeldBox);
  });

  it('none, and no explanation, for a staff user holding all four', () => {
    expect(permissionLocks({ permissions: [5, 4, 3, 2], editingSelf: false })).toEqual(NO_LOCKS);
  });
});
