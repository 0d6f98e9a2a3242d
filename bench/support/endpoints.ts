// What the API benchmarks load, and the budget of issue 11 each one is held to.
import { ContainerListQuery } from '../../shared/api/containers';
import { LIBRARY_VIEWS } from '../../shared/api/library';
import { RARE_WORD, STAFF_SEARCH, type Fixture } from './fixture';
import type { Request } from './load';

/** An org admin, a reader who sees half, and a provider staff user (the staff dashboard). */
export type User = 'admin' | 'reader' | 'staff';

/**
 * hello: the plain Fastify yardstick; nodb: the application's route without a database; floor:
 * GET sessions; list: budget 3x the floor's p95 at 1 connection and 25% of its req/s under load;
 * search: 5x the floor's p95; typo: 10x.
 */
export type Kind = 'hello' | 'nodb' | 'floor' | 'list' | 'search' | 'typo';

export interface Endpoint {
  id: string;
  label: string;
  kind: Kind;
  user: User | null;
  /** Which server it is sent to. */
  server: 'app' | 'hello';
  request: Request;
}

/** The phrases searched: one document in 5,000, every document, a misspelling, and a word of two letters. */
export const SEARCHES: Array<{ id: string; label: string; phrase: string; kind: Kind }> = [
  { id: 'search-rare', label: `search, a rare word ('${RARE_WORD}')`, phrase: RARE_WORD, kind: 'search' },
  { id: 'search-patient', label: "search, 'patient' (in every document)", phrase: 'patient', kind: 'search' },
  { id: 'search-typo', label: "search with a typo ('ventilater')", phrase: 'ventilater', kind: 'typo' },
  // No trigram to look up: the start of a word in names, descriptions and locations, through the
  // indexes of their words (migration 0055); 'iv' is in about half the documents and in some names.
  { id: 'search-short', label: "search, a word of two letters ('IV')", phrase: 'IV', kind: 'search' },
];

/** What the manage screen asks first when the tree loads on demand: the binders alone. */
const MANAGE_TOP_DEPTH = 1;

/**
 * The containers tree as the manage screen asks for it: of the whole organisation for an org admin
 * (bypass_val=true), of what the caller may see for a reader; only the binders (depth=1) when the route
 * loads on demand (its `depth` parameter), else the whole tree.
 */
export function containersQuery(user: User): { query: string; onDemand: string | null } {
  const shape = (ContainerListQuery as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const onDemand = 'depth' in shape ? `depth=${MANAGE_TOP_DEPTH}` : null;
  const params = new URLSearchParams();
  if (user === 'admin') params.set('bypass_val', 'true');
  if (onDemand) params.set('depth', String(MANAGE_TOP_DEPTH));
  const query = params.toString();
  return { query: query ? `?${query}` : '', onDemand };
}

export function endpointsFor(
  fixture: Fixture,
  headers: Record<User, Record<string, string>>,
  hasTasks: boolean,
): Endpoint[] {
  const org = `/api/o/${fixture.orgId}`;
  const list: Endpoint[] = [
    {
      id: 'hello',
      label: 'plain Fastify hello-world',
      kind: 'hello',
      user: null,
      server: 'hello',
      request: { method: 'GET', path: '/' },
    },
    {
      id: 'health',
      label: 'GET /api/health (no database)',
      kind: 'nodb',
      user: null,
      server: 'app',
      request: { method: 'GET', path: '/api/health' },
    },
  ];
  for (const user of ['admin', 'reader'] as const) {
    const h = headers[user];
    const get = (path: string): Request => ({ method: 'GET', path, headers: h });
    list.push({
      id: 'sessions',
      label: 'GET sessions (the floor)',
      kind: 'floor',
      user,
      server: 'app',
      request: get('/api/sessions'),
    });
    for (const view of LIBRARY_VIEWS) {
      list.push({
        id: `library-${view}`,
        label: `library first page, ${view.replace('_', ' ')}`,
        kind: 'list',
        user,
        server: 'app',
        request: get(`${org}/library?list=true&view=${view}`),
      });
    }
    list.push({
      id: 'containers',
      label: `containers tree${containersQuery(user).onDemand ? ' (binders alone)' : ' (whole)'}`,
      kind: 'list',
      user,
      server: 'app',
      request: get(`${org}/containers${containersQuery(user).query}`),
    });
    list.push({
      id: 'pnp',
      label: 'one P&P document (library item)',
      kind: 'list',
      user,
      server: 'app',
      request: get(`${org}/library/${fixture.samplePnpId}`),
    });
    if (hasTasks) {
      list.push({ id: 'tasks', label: 'tasks', kind: 'list', user, server: 'app', request: get(`${org}/tasks`) });
    }
    list.push({
      id: 'notifications',
      label: 'notifications (first page)',
      kind: 'list',
      user,
      server: 'app',
      request: get('/api/self/notifications'),
    });
    // The users and groups lists are the org admin's alone (a reader gets 403).
    if (user === 'admin') {
      list.push({
        id: 'users',
        label: 'users (first page)',
        kind: 'list',
        user,
        server: 'app',
        request: get(`${org}/users`),
      });
      list.push({
        id: 'groups',
        label: 'user groups',
        kind: 'list',
        user,
        server: 'app',
        request: get(`${org}/user_groups`),
      });
    }
    for (const search of SEARCHES) {
      list.push({
        id: search.id,
        label: search.label,
        kind: search.kind,
        user,
        server: 'app',
        request: {
          method: 'POST',
          path: `${org}/content_navigator_library/search_pnp`,
          headers: h,
          body: { phrase: search.phrase, offset: 0 },
        },
      });
    }
    // The advanced search inside one binder (500 P&Ps, 1% of the library at 50,000): the passes
    // keep the organisation's first matches, so the binder's are reached by deeper passes
    // (search.repo.ts, `deeperPassLimit`).
    list.push({
      id: 'search-binder',
      label: "advanced search, 'patient' inside one binder",
      kind: 'search',
      user,
      server: 'app',
      request: get(`${org}/library?list=true&words=patient&container_id=${fixture.sampleBinderId}`),
    });
  }
  const staff = (path: string): Request => ({ method: 'GET', path, headers: headers.staff });
  list.push(
    {
      id: 'sessions',
      label: 'GET sessions (the floor)',
      kind: 'floor',
      user: 'staff',
      server: 'app',
      request: staff('/api/sessions'),
    },
    {
      id: 'staff-dashboard',
      label: 'staff dashboard',
      kind: 'list',
      user: 'staff',
      server: 'app',
      request: staff('/api/hstm/dash/new'),
    },
    {
      id: 'staff-dashboard-search',
      label: `staff dashboard, searching '${STAFF_SEARCH}'`,
      kind: 'list',
      user: 'staff',
      server: 'app',
      request: staff(`/api/hstm/dash/new?search=${encodeURIComponent(STAFF_SEARCH)}`),
    },
  );
  return list;
}
