import { describe, expect, it } from 'vitest';
import {
  NO_ACTION_LOCKS,
  NO_LOCKS,
  PermissionLockMessages,
  StaffActionLockMessages,
  permissionLocks,
  staffActionLocks,
} from './permission-locks';

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

describe('staffActionLocks: Edit, Delete and Resend welcome email on another staff user', () => {
  it('none offered, with the same reason, for a staff user holding a permission the editor lacks', () => {
    const locks = staffActionLocks({ permissions: [2], isSelf: false }, { permissions: '2 4' });
    const why = StaffActionLockMessages.outranked(['Login as another user']);
    expect(locks).toEqual({ edit: why, remove: why, resend: why });
    expect(why).toBe(
      'They hold permissions you do not have (Login as another user), so only a staff user who has those can edit, delete or email them.',
    );
  });

  it('names every permission the editor lacks, in the order of the form', () => {
    const locks = staffActionLocks({ permissions: [2], isSelf: false }, { permissions: '5 3 2 4' });
    expect(locks.edit).toBe(
      StaffActionLockMessages.outranked(['Org management', 'Login as another user', 'Developer tools']),
    );
  });

  it('all offered for a staff user holding only permissions the editor holds, or none', () => {
    for (const permissions of ['2', '', '2 3']) {
      expect(staffActionLocks({ permissions: [2, 3], isSelf: false }, { permissions }), permissions).toEqual(
        NO_ACTION_LOCKS,
      );
    }
  });

  it('all offered to a staff user holding all four, whoever the other is', () => {
    for (const permissions of ['2 3 4 5', '4', '']) {
      expect(staffActionLocks({ permissions: [2, 3, 4, 5], isSelf: false }, { permissions })).toEqual(NO_ACTION_LOCKS);
    }
  });

  it('on themselves: Edit and Resend offered, Delete not', () => {
    expect(staffActionLocks({ permissions: [2], isSelf: true }, { permissions: '2' })).toEqual({
      edit: null,
      remove: StaffActionLockMessages.selfDelete,
      resend: null,
    });
  });
});
