import { isLoading, startLoad, stopLoad } from './loader-count';
import { createStore, useStore } from './store';

/** How many requests are in flight; drives the global loading bar. */
export const loaderStore = createStore(0);

export const loader = {
  start: (): void => loaderStore.set(startLoad),
  stop: (): void => loaderStore.set(stopLoad),
};

export function useGlobalLoading(): boolean {
  return useStore(loaderStore, isLoading);
}
