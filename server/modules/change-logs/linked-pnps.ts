import { z } from 'zod';
import type { ChangeLogDeltas } from '../../../shared/api/change-logs';
import { NAME_MAX_LENGTH } from '../../../shared/domain/limits';

/**
 * The 'Update Linked P&Ps' entry of a P&P. A link never reveals a P&P to someone without access, and
 * a change log is read by others than the editor (a Reviewer of the P&P may not see what it links
 * to). So an entry stores the linked P&Ps by id, and each reader is shown the names of those they
 * may see only, the others as a count: `changed.linked_pnps`, the spec's shape, is made at read time.
 */
export const LINKED_PNPS_ACTION = 'Update Linked P&Ps';

/** Where an entry keeps its linked P&Ps; never listed as such (`presentLinkedPnps` replaces it). */
const STORED_KEY = 'linked_pnp_refs';

const LinkedPnpRef = z.object({ id: z.number().int(), name: z.string() });
/** A linked P&P as an entry stores it: its id, and its name then (shown to readers who may see it). */
export type LinkedPnpRef = z.infer<typeof LinkedPnpRef>;

const StoredLinkedPnps = z.object({ before: z.array(LinkedPnpRef), after: z.array(LinkedPnpRef) });
export type StoredLinkedPnps = z.infer<typeof StoredLinkedPnps>;

/** Deltas as stored: the spec's shapes, and the linked P&Ps of an 'Update Linked P&Ps' entry. */
export type StoredChangeLogDeltas = ChangeLogDeltas & { [STORED_KEY]?: StoredLinkedPnps };

export const linkedPnpsDeltas = (change: StoredLinkedPnps): StoredChangeLogDeltas => ({ [STORED_KEY]: change });

/** The linked P&Ps the entries being listed name: by id, and by name on entries written before ids were kept. */
export interface LinkedPnpsAsked {
  ids: number[];
  names: string[];
}

/** Which of the asked P&Ps the reader may see; `seesAll` for an org admin, who sees every P&P, deleted ones too. */
export interface LinkedPnpsSeen {
  seesAll: boolean;
  ids: ReadonlySet<number>;
  names: ReadonlySet<string>;
}

/** Answers, for the reader of a change log, which of the asked P&Ps they may see. */
export type LinkedPnpsReader = (asked: LinkedPnpsAsked) => Promise<LinkedPnpsSeen>;

/** A reader who may see none of them: the default, so that no listing shows a name it did not check. */
export const seesNoLinkedPnp: LinkedPnpsReader = () =>
  Promise.resolve({ seesAll: false, ids: new Set<number>(), names: new Set<string>() });

/** An entry's deltas and action, as listed. */
interface ListedEntry {
  action_name: string;
  deltas: unknown;
}

/** Deltas as read from the database (a JSON column): an object, else nothing. */
const storedDeltas = (value: unknown): StoredChangeLogDeltas =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

const storedOf = (deltas: StoredChangeLogDeltas): StoredLinkedPnps | null => {
  const parsed = StoredLinkedPnps.safeParse(deltas[STORED_KEY]);
  return parsed.success ? parsed.data : null;
};

/** How entries written before ids were kept joined the names: sorted, with ', '. */
const NAME_SEPARATOR = ', ';

/** An older entry's `changed.linked_pnps`: the two joined lists of names, or null when it has none. */
const olderNameLists = (entry: ListedEntry): [string | null, string | null] | null => {
  if (entry.action_name !== LINKED_PNPS_ACTION) return null;
  const change = storedDeltas(entry.deltas).changed?.linked_pnps;
  if (!Array.isArray(change)) return null;
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  return [text(change[0]), text(change[1])];
};

/**
 * Every name an older list might hold: a P&P's name may itself contain ', ', so each run of
 * consecutive pieces no longer than a name can be is a candidate.
 */
const candidateNames = (joined: string): string[] => {
  const pieces = joined.split(NAME_SEPARATOR);
  const names: string[] = [];
  for (let start = 0; start < pieces.length; start++) {
    for (let end = start + 1; end <= pieces.length; end++) {
      const name = pieces.slice(start, end).join(NAME_SEPARATOR);
      if (name.length > NAME_MAX_LENGTH) break;
      names.push(name);
    }
  }
  return names;
};

/** The linked P&Ps the reader must be asked about, for these entries. */
export function linkedPnpsAsked(entries: readonly ListedEntry[]): LinkedPnpsAsked {
  const ids = new Set<number>();
  const names = new Set<string>();
  for (const entry of entries) {
    const stored = storedOf(storedDeltas(entry.deltas));
    for (const ref of [...(stored?.before ?? []), ...(stored?.after ?? [])]) ids.add(ref.id);
    for (const joined of olderNameLists(entry) ?? []) {
      if (joined !== null) for (const name of candidateNames(joined)) names.add(name);
    }
  }
  return { ids: [...ids], names: [...names] };
}

const cannotSee = (count: number): string => (count === 1 ? '1 P&P you cannot see' : `${count} P&Ps you cannot see`);

/** One side of the change as a reader reads it: the names they may see, then how many others. */
const listText = (visibleNames: readonly string[], hiddenCount: number): string | null => {
  const parts = [...visibleNames].sort();
  if (hiddenCount > 0) parts.push(cannotSee(hiddenCount));
  return parts.length ? parts.join(NAME_SEPARATOR) : null;
};

const storedSide = (refs: readonly LinkedPnpRef[], seen: LinkedPnpsSeen): string | null => {
  const visible = refs.filter((ref) => seen.seesAll || seen.ids.has(ref.id));
  return listText(
    visible.map((ref) => ref.name),
    refs.length - visible.length,
  );
};

/**
 * An older side, names only: the longest run of pieces that is the name of a P&P the reader may
 * see is kept, every other piece counts as one P&P they cannot see.
 */
const olderSide = (joined: string | null, seen: LinkedPnpsSeen): string | null => {
  if (joined === null || seen.seesAll) return joined;
  const pieces = joined.split(NAME_SEPARATOR);
  const visible: string[] = [];
  let hidden = 0;
  let start = 0;
  while (start < pieces.length) {
    let matchedEnd = 0;
    for (let end = pieces.length; end > start; end--) {
      if (seen.names.has(pieces.slice(start, end).join(NAME_SEPARATOR))) {
        matchedEnd = end;
        break;
      }
    }
    if (matchedEnd) {
      visible.push(pieces.slice(start, matchedEnd).join(NAME_SEPARATOR));
      start = matchedEnd;
    } else {
      hidden += 1;
      start += 1;
    }
  }
  return listText(visible, hidden);
};

/** The deltas without the stored list, which is never shown as such. */
const withoutStored = (deltas: StoredChangeLogDeltas): ChangeLogDeltas => {
  const shown: StoredChangeLogDeltas = { ...deltas };
  delete shown[STORED_KEY];
  return shown;
};

/**
 * The deltas a reader is shown: an 'Update Linked P&Ps' entry's lists hold the names of the P&Ps
 * they may see and a count of the others; every other entry is shown as stored.
 */
export function presentLinkedPnps(entry: ListedEntry, seen: LinkedPnpsSeen): ChangeLogDeltas {
  const deltas = storedDeltas(entry.deltas);
  const shown = withoutStored(deltas);
  const stored = storedOf(deltas);
  const older = olderNameLists(entry);
  let linked: [string | null, string | null];
  if (stored) linked = [storedSide(stored.before, seen), storedSide(stored.after, seen)];
  else if (older) linked = [olderSide(older[0], seen), olderSide(older[1], seen)];
  // A stored list that does not read as one is left out rather than shown as stored.
  else return shown;
  return { ...shown, changed: { ...shown.changed, linked_pnps: linked } };
}
