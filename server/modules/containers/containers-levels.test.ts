import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, createOrg, createUser, grant } from '../../test/factories';
import { createTestPnp, createTreeFixture, systemRows, type TreeFixture } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

// GET containers?depth=N[&parent_id][&open_to]: the tree on demand, with the full tree's visibility.

interface Item {
  id: number;
  item_type: number;
  parent_id: number | null;
  name: string;
  has_children: boolean;
  has_role: boolean;
  abilities: { manage: boolean };
}

let t: TestApp;
let f: TreeFixture;
let admin: Agent;
let owner: Agent;
let author: Agent;
let audience: Agent;
let stranger: Agent;
let draftA2: { id: number; name: string };
let publishedA2: { id: number; name: string };
let draftA1a: { id: number; name: string };
let strangersPnp: { id: number; name: string };
const url = (query: string) => `/api/o/${f.org.id}/containers?${query}`;
const items = async (agent: Agent, query: string): Promise<Item[]> => {
  const res = await agent.get(url(query));
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Item[] }>().items;
};
const names = (list: Item[]) => list.map((i) => i.name);
const byName = (list: Item[], name: string) => list.find((i) => i.name === name)!;
const key = (i: Item) => `${i.item_type === 3 ? 'p' : 'c'}${i.id}`;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTreeFixture(t.deps);
  const signIn = (u: { username: string; password: string }) => t.signIn(u.username, u.password);
  admin = await signIn(f.admin);
  owner = await signIn(f.owner);
  author = await signIn(f.author);
  audience = await signIn(f.audience);
  stranger = await signIn(f.stranger);
  draftA2 = await createTestPnp(t.deps, f.org.id, f.a2.id, { name: 'Draft in A2' });
  publishedA2 = await createTestPnp(t.deps, f.org.id, f.a2.id, { name: 'Published in A2', status: 2 });
  draftA1a = await createTestPnp(t.deps, f.org.id, f.a1a.id, { name: 'Draft in A1a' });
  // Stan sees one P&P of folder B1 through a grant of its own, and nothing else of binder B.
  strangersPnp = await createTestPnp(t.deps, f.org.id, f.b1.id, {
    name: 'Stan’s P&P',
    status: 2,
    inheritsAccess: false,
  });
  await grant(t.deps, f.org.id, { pnpId: strangersPnp.id }, { userId: f.stranger.id }, 5);
  await createTestPnp(t.deps, f.org.id, f.b1.id, { name: 'Hidden in B1', status: 2 });
});
afterAll(async () => t.close());

describe('GET containers on demand: who may ask', () => {
  it('needs a session', async () => {
    expect((await t.anonymous().get(url('depth=1'))).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's id, in the path or as the parent", async () => {
    const other = await createOrg(t.deps);
    expect((await admin.get(`/api/o/${other.id}/containers?depth=1`)).statusCode).toBe(404);
    const foreign = await createContainer(t.deps, other.id, { name: 'Foreign Binder' });
    const res = await admin.get(url(`depth=1&bypass_val=true&parent_id=${foreign.id}`));
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toHaveLength(1);
    expect((await admin.get(url(`depth=1&bypass_val=true&open_to=${foreign.id}`))).statusCode).toBe(404);
  });

  it('refuses bad input with 422 and a sentence per problem', async () => {
    const cases: Array<[string, RegExp]> = [
      ['depth=0', /Depth must be a whole number from 1 to 3/],
      ['depth=4', /Depth must be a whole number from 1 to 3/],
      ['depth=one', /Depth must be a whole number from 1 to 3/],
      ['depth=1&parent_id=abc', /Parent id must be a positive whole number/],
      ['depth=1&parent_id=-3', /Parent id must be a positive whole number/],
      ['depth=1&open_to=1.5', /Open to must be a positive whole number/],
      [`parent_id=${f.binderA.id}`, /Depth is required with parent id or open to/],
      ['depth=1&bypass_val=maybe', /true or false/],
    ];
    for (const [query, message] of cases) {
      const res = await admin.get(url(query));
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
    }
    expect((await admin.get(url('depth=0&parent_id=x'))).json().errors).toHaveLength(2);
  });

  it('refuses bypass_val to anyone but an admin', async () => {
    expect((await owner.get(url('depth=1&bypass_val=true'))).statusCode).toBe(403);
  });
});

describe('GET containers on demand: what comes back', () => {
  it('gives the top level, each binder saying whether it has children, with only the fields the screen shows', async () => {
    await createContainer(t.deps, f.org.id, { name: 'Binder Empty' });
    const res = await admin.get(url('depth=1&bypass_val=true'));
    expect(res.json().abilities).toEqual({ create_binder: true });
    const top = res.json().items as Item[];
    expect(names(top)).toEqual(expect.arrayContaining(['Binder A', 'Binder B', 'Binder Empty']));
    expect(top.every((i) => i.item_type === 1)).toBe(true);
    expect(byName(top, 'Binder A')).toEqual({
      id: f.binderA.id,
      item_type: 1,
      parent_id: null,
      name: 'Binder A',
      description: null,
      lock_version: 0,
      inherits_access: false,
      status: null,
      has_role: true,
      has_children: true,
      abilities: { manage: true },
    });
    expect(byName(top, 'Binder Empty').has_children).toBe(false);
  });

  it('gives the top two levels in tree order, then one folder’s children when it is opened', async () => {
    const top = await items(admin, 'depth=2&bypass_val=true');
    const ours = names(top).filter((n) => n !== 'Binder Empty');
    expect(ours).toEqual(['Binder A', 'Folder A1', 'Folder A2', 'Binder B', 'Folder B1']);
    expect(names(top)).not.toContain('Folder A1a');
    expect(names(top)).not.toContain(draftA2.name);
    const a1 = await items(admin, `depth=1&bypass_val=true&parent_id=${f.a1.id}`);
    expect(names(a1)).toEqual(['Folder A1a']);
    expect(a1[0]).toMatchObject({ parent_id: f.a1.id, has_children: true });
    const a2 = await items(admin, `depth=1&bypass_val=true&parent_id=${f.a2.id}`);
    expect(names(a2).sort()).toEqual([draftA2.name, publishedA2.name].sort());
    expect(a2.every((i) => i.item_type === 3 && i.parent_id === f.a2.id && !i.has_children)).toBe(true);
  });

  it('opens the tree at a node deep down: the top level and the children of every container above it', async () => {
    const list = await items(admin, `depth=1&bypass_val=true&open_to=${f.a1a.id}`);
    expect(names(list)).toEqual(
      expect.arrayContaining(['Binder A', 'Folder A1', 'Folder A1a', 'Folder A2', draftA1a.name, 'Binder B']),
    );
    expect(names(list)).not.toContain('Folder B1');
    // Every parent comes before its children.
    const seen = new Set<number>();
    for (const i of list) {
      if (i.item_type !== 3) seen.add(i.id);
      if (i.parent_id !== null) expect(seen.has(i.parent_id), i.name).toBe(true);
    }
  });

  it('shows a reader only what they may see: Audience gets published P&Ps, not drafts, and empty-looking folders', async () => {
    const top = await items(audience, 'depth=2');
    expect(names(top)).toEqual(['Binder A', 'Folder A1', 'Folder A2']);
    expect(top.every((i) => i.has_role && !i.abilities.manage)).toBe(true);
    // A1a holds only a draft: Audience sees the folder but nothing inside it.
    const a1 = await items(audience, `depth=1&parent_id=${f.a1.id}`);
    expect(a1).toEqual([expect.objectContaining({ name: 'Folder A1a', has_children: false })]);
    // Opened, it answers no items (a folder the caller sees), not the 404 of a folder they do not.
    expect(await items(audience, `depth=1&parent_id=${f.a1a.id}`)).toEqual([]);
    expect(names(await items(audience, `depth=1&parent_id=${f.a2.id}`))).toEqual([publishedA2.name]);
    expect(names(await items(author, `depth=1&parent_id=${f.a2.id}`)).sort()).toEqual(
      [draftA2.name, publishedA2.name].sort(),
    );
    expect((await items(owner, 'depth=1')).every((i) => i.abilities.manage)).toBe(true);
  });

  it('shows only the path to a P&P a user holds a role on directly, and 404 for anything off it', async () => {
    const top = await items(stranger, 'depth=1');
    expect(top).toEqual([expect.objectContaining({ name: 'Binder B', has_role: false, has_children: true })]);
    expect(names(await items(stranger, `depth=1&parent_id=${f.binderB.id}`))).toEqual(['Folder B1']);
    expect(names(await items(stranger, `depth=1&parent_id=${f.b1.id}`))).toEqual([strangersPnp.name]);
    for (const query of [`parent_id=${f.binderA.id}`, `parent_id=${f.a1.id}`, `open_to=${f.a1a.id}`]) {
      const res = await stranger.get(url(`depth=1&${query}`));
      expect(res.statusCode, query).toBe(404);
      expect(res.json().errors).toEqual(['The binder or folder was not found.']);
    }
    // The same answer as for an id that does not exist.
    expect((await stranger.get(url('depth=1&parent_id=2147483647'))).json().errors).toEqual([
      'The binder or folder was not found.',
    ]);
  });

  it('opened node by node, gives every user exactly the full tree, with has_children true where it has children', async () => {
    for (const [who, agent] of [
      ['admin (bypass_val)', admin],
      ['owner', owner],
      ['author', author],
      ['audience', audience],
      ['stranger', stranger],
    ] as const) {
      const bypass = agent === admin ? 'bypass_val=true' : '';
      const full = (await agent.get(url(bypass))).json().items as Item[];
      const opened: Item[] = [];
      const queue: Array<number | null> = [null];
      while (queue.length) {
        const parent = queue.shift()!;
        const level = await items(agent, `depth=1&${bypass}${parent === null ? '' : `&parent_id=${parent}`}`);
        for (const i of level) {
          opened.push(i);
          const hasChildren =
            full.some((c) => c.item_type !== 3 && i.item_type !== 3 && c.parent_id === i.id) ||
            full.some((c) => c.item_type === 3 && i.item_type !== 3 && c.parent_id === i.id);
          expect(i.has_children, `${who}: ${i.name}`).toBe(hasChildren);
          if (i.has_children) queue.push(i.id);
        }
      }
      expect(opened.map(key).sort(), who).toEqual(full.map(key).sort());
    }
  });
});

describe('GET containers on demand: a grant left on a folder that inherits', () => {
  it('still shows the path to a P&P of the reader’s own inside it (the grant itself gives nothing)', async () => {
    const org = await createOrg(t.deps);
    const reader = await createUser(t.deps, org.id);
    const binder = await createContainer(t.deps, org.id, { name: 'Closed Binder' });
    const folder = await createContainer(t.deps, org.id, { parentId: binder.id, name: 'Inheriting Folder' });
    await createContainer(t.deps, org.id, { parentId: binder.id, name: 'Other Folder' });
    // A grant on a folder that inherits: its access source is above it, so the grant counts for nothing.
    await systemRows(
      t.deps,
      sql`insert into access_grants (org_id, container_id, user_id, role) values (${org.id}, ${folder.id}, ${reader.id}, 5)`,
    );
    const own = await createTestPnp(t.deps, org.id, folder.id, { name: 'Own P&P', status: 2, inheritsAccess: false });
    await grant(t.deps, org.id, { pnpId: own.id }, { userId: reader.id }, 5);
    const agent = await t.signIn(reader.username, reader.password);
    const get = async (query: string) =>
      (await agent.get(`/api/o/${org.id}/containers?${query}`)).json<{ items: Item[] }>().items;
    expect(await get('depth=2')).toEqual([
      expect.objectContaining({ name: 'Closed Binder', has_role: false, has_children: true }),
      expect.objectContaining({ name: 'Inheriting Folder', has_role: false, has_children: true }),
    ]);
    expect(names(await get(`depth=1&parent_id=${folder.id}`))).toEqual(['Own P&P']);
  });
});
