import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, createStaff, createTwoOrgs, grant } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp, createTemplate } from '../../test/library-factories';

/** Every library and template endpoint: 401, 403, 404 (another org), 422 (bad input), and the happy path. */
let t: TestApp;
let asUser: Agent;
let asStaff: Agent;
let orgA: number;
let orgB: number;
let pnpA: number;
let pnpB: number;
let templateA: number;
let templateB: number;

interface Endpoint {
  name: string;
  method: 'get' | 'post' | 'patch';
  url: (org: number, id: number) => string;
  body?: Record<string, unknown>;
  /** Requests that must be refused with 422 and the sentence expected among the errors. */
  bad: Array<{ url?: (org: number, id: number) => string; body?: Record<string, unknown>; error: string }>;
  kind: 'pnp' | 'template' | 'none';
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET library',
    method: 'get',
    url: (org) => `/api/o/${org}/library?list=true`,
    kind: 'none',
    bad: [
      {
        url: (org) => `/api/o/${org}/library?view=everything`,
        error: 'The view must be one of: all, favorites, recently_viewed, recently_published.',
      },
      {
        url: (org) => `/api/o/${org}/library?list=true&limit=500`,
        error: 'The page size must be a whole number from 1 to 100.',
      },
      {
        url: (org) => `/api/o/${org}/library?effective_from=2025-02-30`,
        error: 'Effective date from must be a real date written as yyyy-mm-dd.',
      },
      {
        url: (org) => `/api/o/${org}/library?review_from=2025-05-01&review_to=2025-04-01`,
        error: 'Review due date "to" must not be before "from".',
      },
      { url: (org) => `/api/o/${org}/library?offset=-1`, error: 'The offset must be a whole number, 0 or more.' },
      { url: (org) => `/api/o/${org}/library?colour=red`, error: 'Unknown field: colour.' },
    ],
  },
  {
    name: 'GET library/filter_options',
    method: 'get',
    url: (org) => `/api/o/${org}/library/filter_options`,
    kind: 'none',
    bad: [{ url: (org) => `/api/o/${org}/library/filter_options?colour=red`, error: 'Unknown field: colour.' }],
  },
  {
    name: 'GET library/{pnpId}',
    method: 'get',
    url: (org, id) => `/api/o/${org}/library/${id}`,
    kind: 'pnp',
    bad: [{ url: (org) => `/api/o/${org}/library/0`, error: 'The id must be a positive whole number.' }],
  },
  {
    name: 'GET library/{pnpId}/file',
    method: 'get',
    url: (org, id) => `/api/o/${org}/library/${id}/file?action_name=download`,
    kind: 'pnp',
    bad: [
      {
        url: (org, id) => `/api/o/${org}/library/${id}/file?action_name=edit`,
        error: 'action_name must be one of: view, download, preview.',
      },
    ],
  },
  {
    name: 'PATCH library/{pnpId}/handle_favorite',
    method: 'patch',
    url: (org, id) => `/api/o/${org}/library/${id}/handle_favorite`,
    body: { favorite: true },
    kind: 'pnp',
    bad: [
      { body: { favorite: 'yes' }, error: 'favorite must be true or false.' },
      { body: { favorite: true, extra: 1 }, error: 'Unknown field: extra.' },
    ],
  },
  {
    name: 'POST search_pnp',
    method: 'post',
    url: (org) => `/api/o/${org}/content_navigator_library/search_pnp`,
    body: { phrase: 'policy', offset: 0 },
    kind: 'none',
    bad: [
      { body: { phrase: '   ', offset: 0 }, error: 'Enter words to search for.' },
      { body: { phrase: 'x'.repeat(201) }, error: 'The search phrase must be at most 200 characters.' },
      { body: { phrase: 'policy', offset: 1.5 }, error: 'The offset must be a whole number, 0 or more.' },
    ],
  },
  {
    name: 'GET pnp_templates',
    method: 'get',
    url: (org) => `/api/o/${org}/pnp_templates`,
    kind: 'none',
    bad: [
      {
        url: (org) => `/api/o/${org}/pnp_templates?source=Other`,
        error: 'The source must be one of: HealthStream Library, Joint Commission.',
      },
    ],
  },
  {
    name: 'GET pnp_templates/{id}',
    method: 'get',
    url: (org, id) => `/api/o/${org}/pnp_templates/${id}`,
    kind: 'template',
    bad: [{ url: (org) => `/api/o/${org}/pnp_templates/x1`, error: 'The id must be a positive whole number.' }],
  },
  {
    name: 'GET pnp_templates/{id}/file',
    method: 'get',
    url: (org, id) => `/api/o/${org}/pnp_templates/${id}/file?action_name=view`,
    kind: 'template',
    bad: [
      {
        url: (org, id) => `/api/o/${org}/pnp_templates/${id}/file?action_name=delete`,
        error: 'action_name must be one of: view, download, preview.',
      },
    ],
  },
  {
    name: 'POST search_pnp_template',
    method: 'post',
    url: (org) => `/api/o/${org}/content_navigator_library/search_pnp_template`,
    body: { phrase: 'template', offset: 0 },
    kind: 'none',
    bad: [
      { body: { offset: 0 }, error: 'The search phrase must be text.' },
      {
        body: { phrase: 'fall', source: 'Nowhere' },
        error: 'The source must be one of: HealthStream Library, Joint Commission.',
      },
    ],
  },
];

beforeAll(async () => {
  t = await createTestApp();
  const { orgA: a, orgB: b, userA } = await createTwoOrgs(t.deps);
  orgA = a.id;
  orgB = b.id;
  const binderA = await createContainer(t.deps, orgA);
  const binderB = await createContainer(t.deps, orgB);
  await grant(t.deps, orgA, { containerId: binderA.id }, { userId: userA.id }, 5);
  pnpA = (await createPublishedPnp(t.deps, orgA, binderA.id, { name: 'Org A policy' })).id;
  pnpB = (await createPublishedPnp(t.deps, orgB, binderB.id, { name: 'Org B policy' })).id;
  templateA = (await createTemplate(t.deps, [orgA], { name: 'Org A template' })).id;
  templateB = (await createTemplate(t.deps, [orgB], { name: 'Org B template' })).id;
  asUser = await t.signIn(userA.username, userA.password);
  const staff = await createStaff(t.deps);
  asStaff = await t.signIn(staff.username, staff.password);
});
afterAll(async () => t.close());

const idFor = (kind: Endpoint['kind'], own: boolean): number =>
  kind === 'template' ? (own ? templateA : templateB) : own ? pnpA : pnpB;
const call = (agent: Agent, e: Endpoint, url: string, body = e.body) =>
  e.method === 'get' ? agent.get(url) : agent[e.method](url, body);

describe.each(ENDPOINTS)('$name', (e) => {
  it('answers the happy path', async () => {
    const res = await call(asUser, e, e.url(orgA, idFor(e.kind, true)));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('401 when not signed in', async () => {
    const res = await call(t.anonymous(), e, e.url(orgA, idFor(e.kind, true)));
    expect(res.statusCode).toBe(401);
  });

  it('403 for provider staff (not an organization user)', async () => {
    const res = await call(asStaff, e, e.url(orgA, idFor(e.kind, true)));
    expect(res.statusCode).toBe(403);
  });

  it("404 for another organization's id, and for another organization's record", async () => {
    const res = await call(asUser, e, e.url(orgB, idFor(e.kind, true)));
    expect(res.statusCode).toBe(404);
    if (e.kind !== 'none') {
      const foreign = await call(asUser, e, e.url(orgA, idFor(e.kind, false)));
      expect(foreign.statusCode).toBe(404);
      expect(JSON.stringify(foreign.json())).not.toContain('Org B');
    }
  });

  it('422 with the errors list for bad input', async () => {
    for (const bad of e.bad) {
      const res = await call(asUser, e, (bad.url ?? e.url)(orgA, idFor(e.kind, true)), bad.body ?? e.body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toContain(bad.error);
    }
  });
});
