import { useMemo, useState } from 'react';
import { paginate } from '../../shared/domain/pagination';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../shared/domain/limits';
import { sortRows, toggleSort, type SortState, type SortValue } from './sort-state';

export interface ClientTableOptions<T> {
  readonly initialSort?: SortState | null;
  readonly pageSize?: number;
  /** The value a column sorts by; defaults to the row's property of that name. */
  readonly sortValue?: (row: T, key: string) => SortValue;
}

export interface ClientTable<T> {
  readonly sort: SortState | null;
  readonly onSort: (key: string) => void;
  readonly page: number;
  readonly setPage: (page: number) => void;
  readonly pageSize: number;
  readonly total: number;
  readonly pageRows: T[];
}

const propertyOf = <T>(row: T, key: string): SortValue => (row as Record<string, SortValue>)[key];

/** Sorting and paging of a list held in memory, for the sortable table and its footer. */
export function useClientTable<T>(rows: readonly T[], options: ClientTableOptions<T> = {}): ClientTable<T> {
  const [sort, setSort] = useState<SortState | null>(options.initialSort ?? null);
  const [page, setPage] = useState(DEFAULT_PAGE);
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const sortValue = options.sortValue ?? propertyOf;
  const sorted = useMemo(() => sortRows(rows, sort, sortValue), [rows, sort, sortValue]);
  const window = paginate({ total: sorted.length, page, pageSize });
  return {
    sort,
    onSort: (key) => {
      setSort((current) => toggleSort(current, key));
      setPage(DEFAULT_PAGE);
    },
    page: window.page,
    setPage,
    pageSize,
    total: sorted.length,
    pageRows: sorted.slice(window.offset, window.offset + window.pageSize),
  };
}
