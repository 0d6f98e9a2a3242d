import { describe, expect, it } from 'vitest';
import type { ContainerNodeItem } from '../../../../shared/api/containers';
import { manageKeys } from '../api/manage-keys';
import { buildTree, walk, type ManageItem } from './build-tree';
import { mentionsDeleted } from './deleted-nodes';
import { levelsListing } from './level-sources';

const node = (id: number, item_type: 1 | 2 | 3, parent_id: number | null, name: string): ContainerNodeItem => ({
  id,
  item_type,
  parent_id,
  name,
  description: null,
  lock_version: 0,
  inherits_access: true,
  status: item_type === 3 ? 2 : null,
  has_role: true,
  has_children: item_type !== 3,
  abilities: { manage: true },
});

// Binder 1 > Folder 2 > Folder 3 > P&P 1; Binder 4 (the binders first, then 1's, 2's and 3's children on demand).
const top = [node(1, 1, null, 'Clinical'), node(4, 1, null, 'HR')];
const ofBinder1 = [node(2, 2, 1, 'Infection')];
const ofFolder2 = [node(3, 2, 2, 'Hands')];
const ofFolder3 = [node(1, 3, 3, 'Hand Hygiene')];
const locate = (id: number): ManageItem | undefined =>
  [...top, ...ofBinder1, ...ofFolder2].find((i) => i.item_type !== 3 && i.id === id);

describe('the tree loaded on demand', () => {
  it('places parts loaded in any order under their parents, each node once, and leaves out orphans', () => {
    const tree = buildTree([...top, ...ofFolder3, ...ofFolder2, ...ofBinder1, ...ofFolder2, node(9, 2, 99, 'Orphan')]);
    expect(tree.map((n) => n.name)).toEqual(['Clinical', 'HR']);
    expect([...walk(tree)].map((n) => n.id)).toEqual(['c1', 'c2', 'c3', 'p1', 'c4']);
  });

  it('shows the binders alone, with no children until a binder’s own answer comes', () => {
    const tree = buildTree(top);
    expect([...walk(tree)].map((n) => n.id)).toEqual(['c1', 'c4']);
    expect(tree.every((n) => n.children?.length === 0)).toBe(true);
  });

  it('refreshes the answers listing a changed container’s children and the one saying whether it has any', () => {
    expect([...levelsListing([3], locate)].sort()).toEqual([2, 3]);
    expect([...levelsListing([2], locate)].sort()).toEqual([1, 2]);
    // A binder's children are in its own answer; the top levels say whether it has any.
    expect([...levelsListing([1], locate)]).toEqual([1, null]);
    expect([...levelsListing([null], locate)]).toEqual([null]);
    // A move from folder 3 to binder 4.
    expect(new Set(levelsListing([3, 4], locate))).toEqual(new Set([3, 2, 4, null]));
  });

  it('forgets the children of a deleted folder', () => {
    const deleted = { containers: new Set([3]), pnps: new Set<number>() };
    expect(mentionsDeleted(manageKeys.level('1', true, 3), deleted)).toBe(true);
    expect(mentionsDeleted(manageKeys.level('1', true, 2), deleted)).toBe(false);
    expect(mentionsDeleted(manageKeys.level('1', true, null), deleted)).toBe(false);
  });
});
