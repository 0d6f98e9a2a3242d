/** The sort of a table (spec §2, §3: sort is a key and a direction). */
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  readonly key: string;
  readonly dir: SortDirection;
}

/** Spec §2: a click on a column header toggles ascending and descending for its key. */
export function toggleSort(current: SortState | null, key: string): SortState {
  if (current && current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'asc' };
}

export type SortValue = string | number | boolean | Date | null | undefined;

function normalise(value: SortValue): string | number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value.toLocaleLowerCase();
  return value ?? '';
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Compares two cell values; blanks sort last in ascending order. */
export function compareValues(a: SortValue, b: SortValue): number {
  const x = normalise(a);
  const y = normalise(b);
  const xBlank = x === '';
  const yBlank = y === '';
  if (xBlank || yBlank) return xBlank === yBlank ? 0 : xBlank ? 1 : -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(String(x), String(y));
}

/** A sorted copy, reversed when descending (spec §9 "sorted by the chosen key, reversed when descending"). */
export function sortRows<T>(
  rows: readonly T[],
  sort: SortState | null,
  valueOf: (row: T, key: string) => SortValue,
): T[] {
  const copy = [...rows];
  if (!sort) return copy;
  copy.sort((a, b) => compareValues(valueOf(a, sort.key), valueOf(b, sort.key)));
  return sort.dir === 'desc' ? copy.reverse() : copy;
}
