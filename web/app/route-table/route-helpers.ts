import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../components/route-handle';

export interface SectionLinkSpec {
  readonly label: string;
  /** Path below the sectioned screen, e.g. 'pnp_info/general_info'. */
  readonly to: string;
  /** First path segments that belong to this section (for the active link). */
  readonly matches: readonly string[];
}

export interface SectionHandle extends RouteHandle {
  readonly sections: readonly SectionLinkSpec[];
}

/** One lazily loaded chunk holds every screen that is not built yet. */
const sectionedPage = { lazy: () => import('../routes/sectioned-page').then((m) => ({ Component: m.SectionedPage })) };

export type Guard = LoaderFunction;

/** A screen with its own page (index) and pages below it; the handle's crumb covers all of them. */
export function group(
  path: string,
  handle: RouteHandle,
  index: Omit<RouteObject, 'index' | 'children' | 'path'>,
  children: RouteObject[],
  loader?: Guard,
): RouteObject {
  return { path, handle, loader, children: [{ index: true, ...index }, ...children] };
}

export interface SectionSpec {
  readonly path: string;
  readonly label: string;
  readonly description: string;
  /** The section's content. */
  readonly lazy: RouteObject['lazy'];
}

/** Redirects a sectioned screen's bare path to its default section. */
function toDefault(section: string): LoaderFunction {
  return ({ request }) => {
    const url = new URL(request.url);
    return redirect(`${url.pathname.replace(/\/$/, '')}/${section}${url.search}`);
  };
}

/**
 * A screen whose children are sections (spec §2): links to them, the default one opened on the bare
 * path. `extra` are routes below the screen that are not sections (e.g. readack_new).
 */
export function sectioned(
  path: string,
  handle: RouteHandle,
  links: readonly SectionLinkSpec[],
  sections: readonly SectionSpec[],
  defaultSection: string,
  extra: RouteObject[] = [],
  loader?: Guard,
): RouteObject {
  const sectionHandle: SectionHandle = { ...handle, sections: links };
  return {
    path,
    handle: sectionHandle,
    loader,
    ...sectionedPage,
    children: [
      { index: true, loader: toDefault(defaultSection), Component: Redirecting },
      ...sections.map((s) => ({ path: s.path, handle: { crumb: s.label, description: s.description }, lazy: s.lazy })),
      ...extra,
    ],
  };
}

/** Plain sections: each link is one child route. */
export function simpleLinks(sections: readonly SectionSpec[]): SectionLinkSpec[] {
  return sections.map((s) => ({ label: s.label, to: s.path, matches: [s.path.split('/')[0] ?? s.path] }));
}

/** Redirect-only routes never render; a component silences the router's "no element" warning. */
export function Redirecting(): null {
  return null;
}

export function redirectTo(
  to: (params: Record<string, string | undefined>) => string,
): Pick<RouteObject, 'loader' | 'Component'> {
  return { loader: ({ params }) => redirect(to(params)), Component: Redirecting };
}
