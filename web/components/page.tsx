import { Anchor, Box, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useMatches, useParams } from 'react-router';
import { returnPath } from '../lib/route-history';
import { isRouteHandle, resolveText, type RouteHandle } from './route-handle';

interface Crumb {
  readonly label: string;
  readonly to: string;
}

/** The breadcrumb trail of the matched routes, from their handles. */
export function useCrumbs(): Crumb[] {
  const matches = useMatches();
  const params = useParams();
  // A crumb may name its record from the query cache (route-table/record-crumbs.ts): the trail is
  // drawn again whenever a query settles, so the name replaces 'User' as soon as it is loaded.
  useIsFetching();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    if (!isRouteHandle(match.handle)) continue;
    const label = resolveText(match.handle.crumb, params);
    if (label && crumbs.at(-1)?.label !== label) crumbs.push({ label, to: returnPath(match.pathname) });
  }
  return crumbs;
}

/** The deepest matched handle: the screen's own title and description. */
export function useRouteHandle(): RouteHandle & { readonly resolvedTitle: string } {
  const matches = useMatches();
  const params = useParams();
  const handles = matches.map((m) => m.handle).filter((h): h is RouteHandle => isRouteHandle(h));
  const own = handles.at(-1) ?? {};
  const titled = [...handles].reverse().find((h) => h.title ?? h.crumb);
  const resolvedTitle = resolveText(titled?.title ?? titled?.crumb, params) ?? 'Tenet';
  return { ...own, resolvedTitle };
}

export interface PageProps {
  readonly title?: string;
  readonly subtitle?: ReactNode;
  readonly actions?: ReactNode;
  readonly children?: ReactNode;
}

/** The frame of every signed-in screen: breadcrumbs, heading, actions, content. */
export function Page({ title, subtitle, actions, children }: PageProps) {
  const crumbs = useCrumbs();
  const handle = useRouteHandle();
  const heading = title ?? handle.resolvedTitle;
  useEffect(() => {
    document.title = `${heading} · Tenet`;
  }, [heading]);
  return (
    <Stack gap="lg">
      <Box>
        {crumbs.length > 1 && (
          <Box component="nav" aria-label="Breadcrumb" mb={6}>
            <Breadcrumbs separator={<IconChevronRight size={12} aria-hidden />} fz="sm">
              {crumbs.map((crumb, index) =>
                index === crumbs.length - 1 ? (
                  <Text key={crumb.to} size="sm" c="dimmed" aria-current="page">
                    {crumb.label}
                  </Text>
                ) : (
                  <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
                    {crumb.label}
                  </Anchor>
                ),
              )}
            </Breadcrumbs>
          </Box>
        )}
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Box>
            <Title order={1} size="h2" fw={650}>
              {heading}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            )}
          </Box>
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
      </Box>
      {children}
    </Stack>
  );
}
