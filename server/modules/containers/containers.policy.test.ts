import { describe, expect, it } from 'vitest';
import {
  canBypassTreeFilter,
  canCreateContainer,
  canListCandidates,
  canManageNode,
  canReadParticipants,
  canRestructure,
  canSetPnpAccess,
  moveProblems,
  placementProblems,
} from './containers.policy';

const admin = { isAdmin: true };
const user = { isAdmin: false };

describe('containers policy (permission matrix)', () => {
  it('lets admins do everything and binder owners only inside what they own', () => {
    expect(canCreateContainer(admin, null)).toBe(true);
    expect(canCreateContainer(user, null)).toBe(false);
    expect(canCreateContainer(user, { owned: true })).toBe(true);
    expect(canCreateContainer(user, { owned: false })).toBe(false);
    expect(canManageNode(user, true)).toBe(true);
    expect(canManageNode(user, false)).toBe(false);
    expect(canRestructure(user, { ownsWholeSubtree: true })).toBe(true);
    expect(canRestructure(user, { ownsWholeSubtree: false })).toBe(false);
    expect(canRestructure(user, { ownsWholeSubtree: true, destination: { owned: false } })).toBe(false);
    expect(canRestructure(user, { ownsWholeSubtree: true, destination: null })).toBe(false);
    expect(canRestructure(admin, { ownsWholeSubtree: false, destination: null })).toBe(true);
    expect(canSetPnpAccess(user, { ownsContainer: false, ownsPnp: true })).toBe(true);
    expect(canSetPnpAccess(user, { ownsContainer: false, ownsPnp: false })).toBe(false);
    expect(canBypassTreeFilter(user)).toBe(false);
    expect(canReadParticipants(user, false)).toBe(false);
    expect(canListCandidates(user, false)).toBe(false);
  });

  it('refuses the invalid moves of spec §2', () => {
    const base = {
      itemType: 2 as const,
      nodeId: 5,
      destinationInSubtree: false,
      sameParent: false,
      currentIndex: 0,
      targetIndex: 0,
    };
    expect(moveProblems({ ...base, destination: { id: 5, type: 2 }, destinationInSubtree: true })).toEqual([
      'A binder or folder cannot be moved into itself.',
    ]);
    expect(moveProblems({ ...base, destination: { id: 6, type: 2 }, destinationInSubtree: true })).toEqual([
      'A binder or folder cannot be moved into one of its own folders.',
    ]);
    expect(moveProblems({ ...base, destination: { id: 1, type: 1 }, sameParent: true })).toEqual([
      'The item is already in this position.',
    ]);
    expect(moveProblems({ ...base, destination: { id: 1, type: 1 }, sameParent: true, targetIndex: 1 })).toEqual([]);
    expect(placementProblems({ itemType: 1, destination: { id: 1, type: 1 } })[0]).toMatch(/top level/);
    expect(placementProblems({ itemType: 2, destination: null })[0]).toMatch(/must be inside/);
    expect(placementProblems({ itemType: 3, destination: null })[0]).toMatch(/P&P must be inside/);
  });
});
