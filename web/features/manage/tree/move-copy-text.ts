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
        item.item_type === 1
          ? `Move the binder ${item.name}, with everything in it, to another place among the binders.`
          : item.item_type === 3
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
      item.item_type === 1
        ? `Copy the binder ${item.name}, with everything in it, to the end of the binders. Its P&Ps are copied as new Draft P&Ps, and the copy is named with "(copy)" after ${item.name}.`
        : item.item_type === 3
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

/** A place a binder may be moved to among the binders (they stay at the top level). */
export interface BinderPlace {
  /** The server's position: the index among the other binders once this one is out of the way. */
  readonly position: number;
  readonly label: string;
  /** Where the binder is now: shown, not offered. */
  readonly current: boolean;
}

/**
 * The places a binder may go among the binders (`binders`: the top level in its order, the binder
 * itself included): before each of the others, or after the last.
 */
export function binderPlaces(binders: readonly { id: number; name: string }[], binderId: number): BinderPlace[] {
  const currentIndex = binders.findIndex((b) => b.id === binderId);
  const others = binders.filter((b) => b.id !== binderId);
  const places = others.map((b, index) => ({
    position: index,
    label: `Before ${b.name}`,
    current: index === currentIndex,
  }));
  const last = others.at(-1);
  if (last)
    places.push({
      position: others.length,
      label: `After ${last.name}, at the end`,
      current: currentIndex === others.length,
    });
  return places.map((place) => (place.current ? { ...place, label: `${place.label} (where it is now)` } : place));
}
