import {
  addAlert,
  afterNavigation,
  removeAlert,
  removeKind,
  visibleAlerts,
  type AlertItem,
  type AlertKind,
  type AlertScope,
  type AlertType,
} from './alert-list';
import { createStore, useStore } from './store';

export type { AlertItem, AlertKind, AlertScope, AlertType };

export interface AlertOptions {
  readonly title?: string;
  /** Default 'route': the current route. 'next' waits for the next completed navigation. */
  readonly scope?: AlertScope;
  readonly sticky?: boolean;
}

const alertStore = createStore<readonly AlertItem[]>([]);
let nextId = 1;

function push(kind: AlertKind, type: AlertType, message: string, options: AlertOptions = {}): void {
  const id = nextId++;
  alertStore.set((list) =>
    addAlert(
      list,
      { kind, type, message, title: options.title, scope: options.scope ?? 'route', sticky: options.sticky ?? false },
      id,
    ),
  );
}

function byType(kind: AlertKind): Record<AlertType, (message: string, options?: AlertOptions) => void> {
  return {
    success: (message, options) => push(kind, 'success', message, options),
    info: (message, options) => push(kind, 'info', message, options),
    warning: (message, options) => push(kind, 'warning', message, options),
    danger: (message, options) => push(kind, 'danger', message, options),
  };
}

/** In-page messages above the content; auto-dismissed after 10 s unless sticky (spec §9). */
export const alerts = {
  ...byType('alert'),
  dismiss: (id: number): void => alertStore.set((list) => removeAlert(list, id)),
  clear: (): void => alertStore.set((list) => removeKind(list, 'alert')),
};

/** Floating messages; auto-dismissed after 5 s unless sticky (spec §9). */
export const toasts = {
  ...byType('toast'),
  dismiss: (id: number): void => alertStore.set((list) => removeAlert(list, id)),
  /** Updates clear the existing toasts first (spec §8). */
  clear: (): void => alertStore.set((list) => removeKind(list, 'toast')),
};

/** Called on each completed navigation (spec §4). */
export function moveAlertsToNewRoute(): void {
  alertStore.set(afterNavigation);
}

export function useAlertList(): readonly AlertItem[] {
  return useStore(alertStore);
}

export function useVisibleAlerts(kind: AlertKind): AlertItem[] {
  const list = useAlertList();
  return visibleAlerts(list, kind);
}
