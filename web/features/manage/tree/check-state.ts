import type { ManageNode } from './build-tree';

/** Spec §2 "selection (with partial selection)": tri-state checks over the tree. */
export type CheckState = 'checked' | 'partial' | 'unchecked';

/** Checks a node and everything below it, or clears them all. */
export function toggleChecked(checked: ReadonlySet<string>, node: ManageNode, on: boolean): Set<string> {
  const next = new Set(checked);
  const stack: ManageNode[] = [node];
  while (stack.length) {
    const current = stack.pop()!;
    if (on) next.add(current.id);
    else next.delete(current.id);
    if (current.children) stack.push(...current.children);
  }
  return next;
}

/**
 * The state of every node, in one pass: a node with children is checked when all of them are,
 * partial when some are (or some are partial), unchecked otherwise; a leaf is what the set says.
 */
export function computeCheckStates(
  roots: readonly ManageNode[],
  checked: ReadonlySet<string>,
): Map<string, CheckState> {
  const states = new Map<string, CheckState>();
  const visit = (node: ManageNode): CheckState => {
    let state: CheckState;
    if (!node.children || node.children.length === 0) {
      state = checked.has(node.id) ? 'checked' : 'unchecked';
    } else {
      let all = true;
      let any = false;
      for (const child of node.children) {
        const s = visit(child);
        if (s !== 'checked') all = false;
        if (s !== 'unchecked') any = true;
      }
      state = all ? 'checked' : any ? 'partial' : 'unchecked';
    }
    states.set(node.id, state);
    return state;
  };
  for (const root of roots) visit(root);
  return states;
}

/** The highest fully checked nodes (what an action on "the selection" applies to). */
export function topChecked(roots: readonly ManageNode[], states: ReadonlyMap<string, CheckState>): ManageNode[] {
  const result: ManageNode[] = [];
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    const state = states.get(node.id);
    if (state === 'checked') result.push(node);
    else if (state === 'partial' && node.children) stack.push(...node.children);
  }
  return result;
}
