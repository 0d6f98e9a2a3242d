/**
 * Alerts and toasts as a plain list (spec §4, §5): identical messages are not duplicated, and each
 * completed navigation removes route-scoped items, keeps app-wide ones and moves "next route" ones
 * onto the new route.
 */
export type AlertType = 'success' | 'info' | 'warning' | 'danger';
export type AlertKind = 'alert' | 'toast';
/** route: shown on the current route only; next: waits for the next route; app: shown across the app. */
export type AlertScope = 'route' | 'next' | 'app';

export interface AlertItem {
  readonly id: number;
  readonly kind: AlertKind;
  readonly type: AlertType;
  readonly message: string;
  readonly title?: string;
  readonly scope: AlertScope;
  /** A sticky item stays until dismissed. */
  readonly sticky: boolean;
}

export type NewAlert = Omit<AlertItem, 'id'>;

/** Adds an item unless one of the same kind with the identical message is already listed. */
export function addAlert(list: readonly AlertItem[], item: NewAlert, id: number): readonly AlertItem[] {
  if (list.some((existing) => existing.kind === item.kind && existing.message === item.message)) return list;
  return [...list, { ...item, id }];
}

export function removeAlert(list: readonly AlertItem[], id: number): readonly AlertItem[] {
  return list.some((item) => item.id === id) ? list.filter((item) => item.id !== id) : list;
}

export function removeKind(list: readonly AlertItem[], kind: AlertKind): readonly AlertItem[] {
  return list.some((item) => item.kind === kind) ? list.filter((item) => item.kind !== kind) : list;
}

export function afterNavigation(list: readonly AlertItem[]): readonly AlertItem[] {
  return list
    .filter((item) => item.scope !== 'route')
    .map((item) => (item.scope === 'next' ? { ...item, scope: 'route' as const } : item));
}

/** What is on screen now: everything but what waits for the next route. */
export function visibleAlerts(list: readonly AlertItem[], kind: AlertKind): AlertItem[] {
  return list.filter((item) => item.kind === kind && item.scope !== 'next');
}
