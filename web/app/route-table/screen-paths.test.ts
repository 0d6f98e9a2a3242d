import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { group, Redirecting, redirectTo, sectioned, simpleLinks, type SectionSpec } from './route-helpers';
import { screenPaths } from './screen-paths';

const screen = (path: string): RouteObject => ({ path, Component: () => null });

describe('the screens of a route table', () => {
  it('are its leaves and the index screens of its groups, with their whole paths', () => {
    const sections: SectionSpec[] = ['groups', 'settings'].map((path) => ({
      path,
      label: path,
      description: path,
      lazy: undefined,
    }));
    const table: RouteObject[] = [
      { index: true, ...redirectTo(() => '/login') },
      { Component: () => null, children: [screen('login'), screen('error/:error')] },
      {
        path: 'orgs/:orgId',
        children: [
          { index: true, ...redirectTo(() => '/orgs/1/users') },
          group('users', { crumb: 'Users' }, { Component: () => null }, [
            screen('new'),
            sectioned(':userId', { crumb: 'User' }, simpleLinks(sections), sections, 'groups'),
          ]),
        ],
      },
      { path: '*', loader: () => null, Component: Redirecting },
    ];
    expect(screenPaths(table)).toEqual([
      '/login',
      '/error/:error',
      '/orgs/:orgId/users',
      '/orgs/:orgId/users/new',
      '/orgs/:orgId/users/:userId/groups',
      '/orgs/:orgId/users/:userId/settings',
    ]);
  });
});

describe("the application's screens", () => {
  const paths = screenPaths();

  it('are every screen of spec §2, each once, without the routes that only redirect', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/login',
      '/error/:error',
      '/orgs/:orgId/pnps',
      '/orgs/:orgId/pnps/:pnpId/pnp_documents/:pnpDocumentId/version_info/preview',
      '/orgs/:orgId/reports/read_acknowledgements/:readAcknowledgementId',
      '/orgs/:orgId/users/:userId/settings',
      '/hstm/dashboard',
      '/hstm/orgs/:orgId/pm_users/:userId/visitor_logs/:visitorLogId',
      '/self/preferences',
    ]) {
      expect(paths).toContain(path);
    }
    for (const redirecting of ['/', '/orgs/:orgId', '/orgs/:orgId/pnps/:pnpId', '/hstm', '/self', '/*']) {
      expect(paths).not.toContain(redirecting);
    }
    expect(paths.filter((path) => !/^\/[a-z_]+(\/[:A-Za-z_]+)*$/.test(path))).toEqual([]);
  });
});
