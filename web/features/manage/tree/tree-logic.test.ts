import { describe, expect, it } from 'vitest';
import type { ContainerTreeItem } from '../../../../shared/api/containers';
import { buildTree, matchesFilter, walk } from './build-tree';
import { computeCheckStates, toggleChecked, topChecked } from './check-state';
import { dropProblem, positionOf, type DropInput } from './move-rules';

const item = (
  id: number,
  item_type: 1 | 2 | 3,
  parent_id: number | null,
  name: string,
  extra: Partial<ContainerTreeItem> = {},
): ContainerTreeItem => ({
  id,
  item_type,
  parent_id,
  name,
  description: null,
  position: 0,
  lock_version: 0,
  inherits_access: true,
  status: item_type === 3 ? 2 : null,
  published_at: null,
  favorite: false,
  recently_viewed: false,
  recently_published: false,
  has_role: true,
  abilities: { manage: true },
  ...extra,
});

// Binder 1 > Folder 2 > P&P 1 (favourite), P&P 2; Binder 3 > Folder 4 > P&P 3 (viewed); P&P ids overlap container ids on purpose.
const items = [
  item(1, 1, null, 'Clinical'),
  item(2, 2, 1, 'Infection'),
  item(1, 3, 2, 'Hand Hygiene', { favorite: true }),
  item(2, 3, 2, 'Gloves'),
  item(3, 1, null, 'HR'),
  item(4, 2, 3, 'Onboarding'),
  item(3, 3, 4, 'Conduct', { recently_viewed: true }),
];

describe('buildTree', () => {
  it('nests the flat list, keeping P&P and container ids apart', () => {
    const roots = buildTree(items);
    expect(roots.map((r) => r.id)).toEqual(['c1', 'c3']);
    expect(roots[0]!.children![0]!.children!.map((c) => c.id)).toEqual(['p1', 'p2']);
    expect([...walk(roots)].map((n) => n.name)).toEqual([
      'Clinical',
      'Infection',
      'Hand Hygiene',
      'Gloves',
      'HR',
      'Onboarding',
      'Conduct',
    ]);
    expect(roots[0]!.children![0]!.children![0]!.children).toBeUndefined();
  });

  it('finds the path down to a node', async () => {
    const { ancestorsOf } = await import('./build-tree');
    expect(ancestorsOf(buildTree(items), 'p3')).toEqual(['c3', 'c4']);
    expect(ancestorsOf(buildTree(items), 'c1')).toEqual([]);
    expect(ancestorsOf(buildTree(items), 'p99')).toEqual([]);
  });

  it('folder views keep only matching P&Ps and the path to them', () => {
    expect([...walk(buildTree(items, 'favorites'))].map((n) => n.name)).toEqual([
      'Clinical',
      'Infection',
      'Hand Hygiene',
    ]);
    expect([...walk(buildTree(items, 'recently_viewed'))].map((n) => n.name)).toEqual(['HR', 'Onboarding', 'Conduct']);
    expect(buildTree(items, 'recently_published')).toEqual([]);
  });

  it('filters case-insensitively on a contained part of the name', () => {
    expect(matchesFilter('Hand Hygiene', 'hyg')).toBe(true);
    expect(matchesFilter('Hand Hygiene', ' HAND ')).toBe(true);
    expect(matchesFilter('Gloves', 'hand')).toBe(false);
  });
});

describe('tri-state selection', () => {
  it('checks a subtree, shows partial ancestors, and finds the top checked nodes', () => {
    const roots = buildTree(items);
    const infection = roots[0]!.children![0]!;
    let checked = toggleChecked(new Set(), infection.children![0]!, true);
    let states = computeCheckStates(roots, checked);
    expect([states.get('p1'), states.get('c2'), states.get('c1'), states.get('c3')]).toEqual([
      'checked',
      'partial',
      'partial',
      'unchecked',
    ]);
    checked = toggleChecked(checked, infection, true);
    states = computeCheckStates(roots, checked);
    expect([states.get('c2'), states.get('c1')]).toEqual(['checked', 'checked']);
    expect(topChecked(roots, states).map((n) => n.id)).toEqual(['c1']);
    checked = toggleChecked(checked, roots[0]!, false);
    expect(checked.size).toBe(0);
  });
});

describe('drop rules', () => {
  const folder = item(10, 2, 1, 'Folder', { position: 0 });
  const base: DropInput = {
    dragged: folder,
    target: item(1, 1, null, 'Binder'),
    index: 0,
    currentIndex: 0,
    targetInSubtree: false,
    copy: false,
    canUseTopLevel: false,
  };

  it('refuses the invalid moves of spec §2 and wrong places', () => {
    expect(dropProblem({ ...base, target: folder, targetInSubtree: true })).toBe(
      'A binder or folder cannot be moved into itself.',
    );
    expect(dropProblem({ ...base, target: item(11, 2, 10, 'Child'), targetInSubtree: true })).toBe(
      'A binder or folder cannot be moved into one of its own folders.',
    );
    expect(dropProblem({ ...base, index: 0 })).toBe('The item is already in this position.');
    expect(dropProblem({ ...base, index: 1 })).toBe('The item is already in this position.');
    expect(dropProblem({ ...base, index: 2 })).toBeNull();
    expect(dropProblem({ ...base, index: 1, copy: true })).toBeNull();
    expect(dropProblem({ ...base, target: null })).toBe('A folder must be inside a binder or another folder.');
    expect(dropProblem({ ...base, dragged: item(5, 1, null, 'B'), target: item(1, 1, null, 'Binder') })).toMatch(
      /top level/,
    );
    expect(dropProblem({ ...base, dragged: item(5, 1, null, 'B'), target: null, index: 3 })).toBe(
      'Only organization administrators can arrange binders.',
    );
    expect(dropProblem({ ...base, target: item(7, 2, 3, 'Theirs', { abilities: { manage: false } }) })).toBe(
      'You are not an owner of Theirs.',
    );
  });

  it('turns a gap index into the position once the node is out of the way', () => {
    expect(positionOf({ ...base, index: 3 })).toBe(2);
    expect(positionOf({ ...base, index: 3, copy: true })).toBe(3);
    expect(positionOf({ ...base, target: item(2, 2, 1, 'Other'), index: 3 })).toBe(3);
  });
});

describe('participant lists', async () => {
  const { withAdded, withRemoved, visibleApproverKeys } = await import('./participant-lists');
  const { PARTICIPANT_KEYS } = await import('../../../../shared/api/access');
  const empty = Object.fromEntries(PARTICIPANT_KEYS.map((k) => [k, []])) as never;
  const source = { object_type: 1 as const, object_id: 1, name: 'Binder' };
  const withOwner = {
    ...(empty as Record<string, unknown>),
    owners: [{ id: 7, type: 'User', name: 'Bea', email: null, inherited: true, source }],
  } as never;

  it('keeps the inherited participants when adding or removing one', () => {
    expect(withAdded(withOwner, 'reviewers', { type: 'Group', id: 3 })).toMatchObject({
      owners: [{ type: 'User', id: 7 }],
      reviewers: [{ type: 'Group', id: 3 }],
    });
    expect(withAdded(withOwner, 'owners', { type: 'User', id: 7 }).owners).toEqual([{ type: 'User', id: 7 }]);
    expect(withRemoved(withOwner, 'owners', { type: 'User', id: 7 }).owners).toEqual([]);
  });

  it('shows approval step 1, the steps in use and the ones opened', () => {
    expect(visibleApproverKeys(empty, 1)).toEqual(['approvers']);
    expect(visibleApproverKeys(empty, 3)).toEqual(['approvers', 'approversStep2', 'approversStep3']);
    const step4 = {
      ...(empty as Record<string, unknown>),
      approversStep4: [{ id: 1, type: 'User', name: 'A', email: null, inherited: false, source }],
    } as never;
    expect(visibleApproverKeys(step4, 1)).toHaveLength(4);
  });
});
