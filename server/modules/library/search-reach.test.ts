import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, createOrg, createUser, grant, type TestOrg } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import type { LibraryTree } from '../../../shared/api/library';
import { withTenant } from '../../db/tenant';
import { SEARCH_PASS_LIMIT, SEARCH_REACH } from './search-match';
import { listLibraryPage, type LibraryScope } from './search.repo';

/**
 * A search reaches the caller's matches however few of the organisation's they are (issue 11): each
 * pass of the search keeps its first SEARCH_PASS_LIMIT P&Ps of the whole organisation, and when
 * fewer than SEARCH_REACH of those are the caller's (what they may see, inside the binder they
 * search), the passes go deeper instead of answering with the few that were left.
 *
 * The binder the reader may not see holds more matches than a pass keeps, and they were written
 * first, so a pass that stops at its limit finds only them.
 */

let t: TestApp;
let org: TestOrg;
let asReader: Agent;
let readerScope: LibraryScope;
let asReaderOfOne: Agent;
let sharedRecordId: number;
let asAdmin: Agent;
let ward: { id: number };
let wardIds: number[];
const HIDDEN_MATCHES = SEARCH_PASS_LIMIT + 15;
const WARD_MATCHES = 12;

type Page = { items: Array<{ pnp_id: number }>; total: number; total_capped?: true };
const ids = (page: Page): number[] => page.items.map((item) => item.pnp_id);
const search = (agent: Agent, phrase: string, offset = 0) =>
  agent.post(`/api/o/${org.id}/content_navigator_library/search_pnp`, { phrase, offset });

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  const reader = await createUser(t.deps, org.id);
  const admin = await createUser(t.deps, org.id, { isAdmin: true });
  const archive = await createContainer(t.deps, org.id, { name: 'Archive Binder' });
  ward = await createContainer(t.deps, org.id, { name: 'Ward Binder' });
  await grant(t.deps, org.id, { containerId: ward.id }, { userId: reader.id }, 5);
  // Another reader sees the ward and one record of the archive, which the first passes do keep.
  const readerOfOne = await createUser(t.deps, org.id);
  await grant(t.deps, org.id, { containerId: ward.id }, { userId: readerOfOne.id }, 5);
  for (let i = 0; i < HIDDEN_MATCHES; i += 1) {
    const record = await createPublishedPnp(t.deps, org.id, archive.id, {
      name: `Ventilator Archive ${i}`,
      description: null,
      text: 'The quokka enclosure is inspected weekly.',
      inheritsAccess: i !== 0,
    });
    if (i === 0) sharedRecordId = record.id;
  }
  await grant(t.deps, org.id, { pnpId: sharedRecordId }, { userId: readerOfOne.id }, 5);
  wardIds = [];
  for (let i = 0; i < WARD_MATCHES; i += 1)
    wardIds.push(
      (
        await createPublishedPnp(t.deps, org.id, ward.id, {
          name: `Ventilator Ward ${String(i).padStart(2, '0')}`,
          description: null,
          text: 'A quokka seen on the ward is reported to security.',
        })
      ).id,
    );
  asReader = await t.signIn(reader.username, reader.password);
  const now = t.clock.now();
  readerScope = {
    orgId: org.id,
    userId: reader.id,
    isAdmin: false,
    now,
    windowStart: new Date(now.getTime() - 365 * 86_400_000),
  };
  asReaderOfOne = await t.signIn(readerOfOne.username, readerOfOne.password);
  asAdmin = await t.signIn(admin.username, admin.password);
}, 120_000);
afterAll(async () => t.close());

describe('a search whose first candidates are not the caller’s', () => {
  it('reaches every match a reader may see, page after page, with an exact total', async () => {
    const first = await search(asReader, 'quokka');
    expect(first.statusCode).toBe(200);
    const firstPage = first.json<Page>();
    expect(firstPage.total).toBe(WARD_MATCHES);
    expect(firstPage.total_capped).toBeUndefined();
    const second = (await search(asReader, 'quokka', 10)).json<Page>();
    expect(second.total).toBe(WARD_MATCHES);
    const reached = [...ids(firstPage), ...ids(second)];
    expect(reached).toHaveLength(WARD_MATCHES);
    expect([...reached].sort((a, b) => a - b)).toEqual([...wardIds].sort((a, b) => a - b));
  });

  it('reaches them when a few of the first candidates are the caller’s', async () => {
    const first = (await search(asReaderOfOne, 'quokka')).json<Page>();
    expect(first.total).toBe(WARD_MATCHES + 1);
    expect(first.total_capped).toBeUndefined();
    const second = (await search(asReaderOfOne, 'quokka', 10)).json<Page>();
    expect([...ids(first), ...ids(second)].sort((a, b) => a - b)).toEqual(
      [sharedRecordId, ...wardIds].sort((a, b) => a - b),
    );
  });

  it('reaches every match inside the binder searched, for an admin who sees them all', async () => {
    const response = await asAdmin.get(`/api/o/${org.id}/library?list=true&words=quokka&container_id=${ward.id}`);
    expect(response.statusCode).toBe(200);
    const page = response.json<Page>();
    expect(page.total).toBe(WARD_MATCHES);
    expect(page.total_capped).toBeUndefined();
    expect(ids(page).every((id) => wardIds.includes(id))).toBe(true);
  });

  it('counts them in the tree of the binders searched', async () => {
    const response = await asReader.get(`/api/o/${org.id}/library?words=quokka`);
    expect(response.statusCode).toBe(200);
    const tree = response.json<LibraryTree>();
    expect(tree.total).toBe(WARD_MATCHES);
    expect(tree.tree.map((node) => ({ id: node.id, count: node.count }))).toEqual([
      { id: ward.id, count: WARD_MATCHES },
    ]);
    expect(tree.tree[0]!.items.map((item) => item.pnp_id).sort((a, b) => a - b)).toEqual(
      [...wardIds].sort((a, b) => a - b),
    );
    expect(JSON.stringify(tree)).not.toContain('Archive');
  });

  it('reaches the names the typo pass finds for the caller, however many others it finds first', async () => {
    // 'ventilater' is in no name and no text: only the typo pass finds the names holding 'ventilator'.
    const first = (await search(asReader, 'ventilater')).json<Page>();
    expect(first.total).toBe(WARD_MATCHES);
    expect(first.total_capped).toBeUndefined();
    const second = (await search(asReader, 'ventilater', 10)).json<Page>();
    expect([...ids(first), ...ids(second)].sort((a, b) => a - b)).toEqual([...wardIds].sort((a, b) => a - b));
  });

  it('still says that more match when the caller sees more than a pass keeps', async () => {
    const page = (await search(asAdmin, 'quokka')).json<Page>();
    expect(page.total).toBeGreaterThanOrEqual(SEARCH_PASS_LIMIT);
    expect(page.total_capped).toBe(true);
  });
});

describe('the two ways a search reaches the caller’s matches', () => {
  const firstPage = { offset: 0, limit: 10, sort: 'relevance', dir: 'desc' } as const;
  const run = (criteria: Parameters<typeof listLibraryPage>[2]) =>
    withTenant(t.deps.database.db, org.id, (tx) => listLibraryPage(tx, readerScope, criteria, firstPage));

  it('looks among the caller’s P&Ps when they are few', async () => {
    const found = await run({ phrase: 'quokka', fuzzy: 'auto' });
    expect(found).toMatchObject({ total: WARD_MATCHES, capped: false });
    expect([...(found.depth?.amongIds ?? [])].sort((a, b) => a - b)).toEqual([...wardIds].sort((a, b) => a - b));
  });

  it('goes deeper through the organisation’s when they are not (passes already deeper than the first)', async () => {
    // Passes of 2 found none of the reader's: a hundred times deeper finds them all.
    const found = await run({ phrase: 'quokka', fuzzy: 'auto', passLimit: 2 });
    expect(found).toMatchObject({ total: WARD_MATCHES, capped: false, depth: { passLimit: 200 } });
    expect(found.rows.map((row) => row.pnp_id).every((id) => wardIds.includes(id))).toBe(true);
  });
});

describe('a search whose exact passes stopped before any of the caller’s matches', () => {
  it('looks for them among the caller’s P&Ps instead of correcting the words', async () => {
    const other = await createOrg(t.deps);
    const reader = await createUser(t.deps, other.id);
    const hidden = await createContainer(t.deps, other.id, { name: 'Closed Binder' });
    const open = await createContainer(t.deps, other.id, { name: 'Open Binder' });
    await grant(t.deps, other.id, { containerId: open.id }, { userId: reader.id }, 5);
    // More hidden documents holding the word than a pass keeps, written first.
    for (let i = 0; i < SEARCH_PASS_LIMIT + 1; i += 1)
      await createPublishedPnp(t.deps, other.id, hidden.id, {
        name: `Closed ${i}`,
        description: null,
        text: 'The quokka count is kept.',
      });
    const exact: number[] = [];
    for (let i = 0; i < 12; i += 1)
      exact.push(
        (
          await createPublishedPnp(t.deps, other.id, open.id, {
            name: `Open ${i}`,
            description: null,
            text: 'A quokka is counted here.',
          })
        ).id,
      );
    // Names the typo pass would offer for 'quokka' ('quokko' is close to it, and holds no 'quokka').
    for (let i = 0; i < SEARCH_REACH; i += 1)
      await createPublishedPnp(t.deps, other.id, open.id, {
        name: `Quokko Drill ${i}`,
        description: null,
        text: 'Drills are held monthly.',
      });
    const asOpenReader = await t.signIn(reader.username, reader.password);
    const first = await asOpenReader.post(`/api/o/${other.id}/content_navigator_library/search_pnp`, {
      phrase: 'quokka',
      offset: 0,
    });
    const page = first.json<Page>();
    expect(page.total).toBe(exact.length);
    expect(ids(page).every((id) => exact.includes(id))).toBe(true);
  }, 120_000);
});
