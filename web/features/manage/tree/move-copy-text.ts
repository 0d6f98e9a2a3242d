import type { ManageItem } from './build-tree';

/** What the Move and Copy dialogs say, by what is moved or copied. */
export interface MoveCopyText {
  readonly title: string;
  readonly intro: string;
  /** Before the chosen destination's full path, under the field. */
  readonly into: string;
  readonly action: string;
  readonly refusedTitle: string;
}

const KIND: Record<1 | 2 | 3, string> = { 1: 'binder', 2: 'folder', 3: 'P&P' };
const TITLE_KIND: Record<1 | 2 | 3, string> = { 1: 'Binder', 2: 'Folder', 3: 'P&P' };

export function moveCopyText(mode: 'move' | 'copy', item: Pick<ManageItem, 'item_type' | 'name'>): MoveCopyText {
  const kind = KIND[item.item_type];
  if (mode === 'move') {
    return {
      title: `Move ${TITLE_KIND[item.item_type]}`,
      intro:
        item.item_type === 3
          ? `Move the P&P ${item.name} to the end of another binder or folder.`
          : `Move the folder ${item.name}, with everything in it, to the end of another binder or folder.`,
      into: 'Moves into',
      action: 'Move',
      refusedTitle: `The ${kind} was not moved`,
    };
  }
  return {
    title: `Copy ${TITLE_KIND[item.item_type]}`,
    intro:
      item.item_type === 3
        ? `Copy the P&P ${item.name} to the end of a binder or folder. The copy is a new Draft P&P holding a copy of its current file.`
        : `Copy the folder ${item.name}, with everything in it, to the end of a binder or folder. Its P&Ps are copied as new Draft P&Ps.`,
    into: 'Copies into',
    action: 'Copy',
    refusedTitle: `The ${kind} was not copied`,
  };
}

/** A destination as the list shows it under its name: what it is and where it sits. */
export function destinationPlace(d: { item_type: 1 | 2; path: string }, current: boolean): string {
  const place = d.item_type === 1 ? 'Binder' : `Folder in ${d.path}`;
  return current ? `${place}, where it is now` : place;
}

/**
 * A destination's name for a screen reader: its name, then what it is and where it sits, so that two
 * folders of one name are told apart ('Policies (Folder in Binder A / Nursing)').
 */
export function destinationLabel(d: { item_type: 1 | 2; name: string; path: string }, current: boolean): string {
  return `${d.name} (${destinationPlace(d, current)})`;
}
