import type { Params } from 'react-router';

type Text = string | ((params: Params) => string);

/** What a route tells the page frame: its breadcrumb, heading and what it is for. */
export interface RouteHandle {
  readonly crumb?: Text;
  readonly title?: Text;
  /** One or two sentences on what the screen is for; shown by screens not built yet. */
  readonly description?: string;
  /** Plural noun of the records the screen lists ('No {items} to show'). */
  readonly items?: string;
}

export function resolveText(text: Text | undefined, params: Params): string | undefined {
  return typeof text === 'function' ? text(params) : text;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
