import { describe, expect, it } from 'vitest';
import type { ContainerTreeItem } from '../../../../shared/api/containers';
import { manageKeys } from '../api/manage-keys';
import type { ManageNode } from './build-tree';
import { collectDeleted, isDeleted, landingAfterDelete, mentionsDeleted } from './deleted-nodes';

const node = (itemType: 1 | 2 | 3, id: number, children?: ManageNode[]): ManageNode => ({
  id: `${itemType === 3 ? 'p' : 'c'}${id}`,
  name: `n${id}`,
  item: { item_type: itemType, id } as ContainerTreeItem,
  ...(children ? { children } : {}),
});

describe('what a delete takes away', () => {
  const folder = node(2, 5, [node(2, 6, [node(3, 9)]), node(3, 8)]);
  const deleted = collectDeleted([folder]);

  it('collects the folder and everything below it, containers and P&Ps apart', () => {
    expect([...deleted.containers].sort()).toEqual([5, 6]);
    expect([...deleted.pnps].sort()).toEqual([8, 9]);
  });

  it('names the cached queries about them, and only those', () => {
    expect(mentionsDeleted(manageKeys.participants('1', 2, 6), deleted)).toBe(true);
    expect(mentionsDeleted(manageKeys.participants('1', 3, 9), deleted)).toBe(true);
    expect(mentionsDeleted(manageKeys.changeLogs('1', 5), deleted)).toBe(true);
    expect(mentionsDeleted(manageKeys.pnp('1', 8), deleted)).toBe(true);
    expect(mentionsDeleted(manageKeys.newPnp('1', 6), deleted)).toBe(true);
    // P&P 5 and folder 9 are other nodes: the id spaces are apart.
    expect(mentionsDeleted(manageKeys.participants('1', 3, 5), deleted)).toBe(false);
    expect(mentionsDeleted(manageKeys.participants('1', 2, 9), deleted)).toBe(false);
    expect(mentionsDeleted(manageKeys.tree('1', true), deleted)).toBe(false);
  });

  it('tells whether a selected tree node went with it', () => {
    expect(isDeleted('c6', deleted)).toBe(true);
    expect(isDeleted('p9', deleted)).toBe(true);
    expect(isDeleted('c9', deleted)).toBe(false);
  });
});

describe('where the keyboard goes after a delete', () => {
  const tree = [node(1, 1, [node(2, 2), node(2, 3, [node(3, 7)]), node(2, 4)]), node(1, 5)];

  it('goes to the next sibling that stays, else the one before, else the binder or folder above', () => {
    expect(landingAfterDelete(tree, 'c3', collectDeleted([tree[0]!.children![1]!]))).toBe('c4');
    expect(landingAfterDelete(tree, 'c4', collectDeleted([tree[0]!.children![2]!]))).toBe('c3');
    const all = tree[0]!.children!;
    expect(landingAfterDelete(tree, 'c2', collectDeleted(all))).toBe('c1');
    expect(landingAfterDelete(tree, 'p7', collectDeleted([all[1]!.children![0]!]))).toBe('c3');
  });

  it('goes to another binder when a binder goes, and nowhere when nothing is left', () => {
    expect(landingAfterDelete(tree, 'c5', collectDeleted([tree[1]!]))).toBe('c1');
    expect(landingAfterDelete(tree, 'c1', collectDeleted(tree))).toBeNull();
  });
});
