/**
 * Filter parameters of spec §3/§4: entries of key, value and label. Setting or toggling marks them
 * changed, clearing nulls a value, reset clears all; every completed navigation resets them.
 */
import { createStore, useStore } from './store';

export type FilterValue = string | number | boolean | null;

export interface FilterParam {
  readonly key: string;
  readonly value: FilterValue;
  readonly label: string;
}

export interface FilterState {
  readonly params: Readonly<Record<string, FilterParam>>;
  readonly changed: boolean;
}

export const EMPTY_FILTERS: FilterState = { params: {}, changed: false };

export function setFilter(state: FilterState, key: string, value: FilterValue, label = key): FilterState {
  return { params: { ...state.params, [key]: { key, value, label } }, changed: true };
}

export function toggleFilter(state: FilterState, key: string, label = key): FilterState {
  const current = state.params[key]?.value === true;
  return setFilter(state, key, !current, label);
}

export function clearFilter(state: FilterState, key: string): FilterState {
  const existing = state.params[key];
  if (!existing) return state;
  return { ...state, params: { ...state.params, [key]: { ...existing, value: null } } };
}

export const filterStore = createStore<FilterState>(EMPTY_FILTERS);

export const filters = {
  set: (key: string, value: FilterValue, label?: string): void =>
    filterStore.set((s) => setFilter(s, key, value, label)),
  toggle: (key: string, label?: string): void => filterStore.set((s) => toggleFilter(s, key, label)),
  clear: (key: string): void => filterStore.set((s) => clearFilter(s, key)),
  reset: (): void => filterStore.set(EMPTY_FILTERS),
};

export function useFilters(): FilterState {
  return useStore(filterStore);
}
