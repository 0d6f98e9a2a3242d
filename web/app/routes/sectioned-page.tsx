import type { ReactNode } from 'react';
import { Outlet, useLocation, useMatches, useParams } from 'react-router';
import { Page } from '../../components/page';
import { isRouteHandle, resolveText } from '../../components/route-handle';
import { SectionNav } from '../../components/section-nav';
import type { SectionHandle } from '../route-table/route-helpers';

function useSection(): { handle: SectionHandle; base: string } | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    if (match && isRouteHandle(match.handle) && 'sections' in match.handle) {
      return { handle: match.handle as SectionHandle, base: match.pathname.replace(/\/$/, '') };
    }
  }
  return null;
}

/**
 * A screen whose child routes are sections (spec §2 "with children ..."), linked like tabs; a
 * summary, when given, sits between the heading and the sections (it belongs to every section).
 * `title`, when given, is the heading (the record's own name) in place of the route's.
 */
export function SectionedPage({ summary, title }: { readonly summary?: ReactNode; readonly title?: string } = {}) {
  const section = useSection();
  const { pathname } = useLocation();
  const params = useParams();
  if (!section) return <Outlet />;
  const { handle, base } = section;
  const first = pathname.slice(base.length).replace(/^\//, '').split('/')[0] ?? '';
  const links = handle.sections.map((s) => ({
    label: s.label,
    to: `${base}/${s.to}`,
    active: s.matches.includes(first),
  }));
  const heading = title ?? resolveText(handle.title ?? handle.crumb, params);
  return (
    <Page title={heading}>
      {summary}
      <SectionNav links={links} label={`${heading ?? ''} sections`} />
      <Outlet />
    </Page>
  );
}
