import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenant';
import { createContainer, grant } from '../../test/factories';
import { createTestPnp, createTreeFixture, type TreeFixture } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

// What the containers routes must never show: the names of P&Ps in folders the caller may not see
// (the delete summary), and a scheduled publication to its readers before its effective date (the
// tree, whole or on demand). docs/security.md: what they may not see answers 404 with no name in it.

interface Item {
  id: number;
  item_type: number;
  name: string;
  has_children?: boolean;
}

const TODAY = '2026-06-10';
const NEXT_MONTH = '2026-07-10';

let t: TestApp;
let f: TreeFixture;
let admin: Agent;
let owner: Agent;
let author: Agent;
let audience: Agent;
const url = (path = '') => `/api/o/${f.org.id}/containers${path}`;
const treeNames = async (agent: Agent, query = ''): Promise<string[]> => {
  const res = await agent.get(url(query));
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Item[] }>().items.map((i) => i.name);
};

/** Sets the effective date of a P&P's Active version (the publish screen's "now or later"). */
const setEffective = (pnpId: number, day: string) =>
  withSystem(t.deps.database.db, (tx) =>
    tx.execute(sql`update pnp_documents set effective_dt = ${day}::date where pnp_id = ${pnpId} and status = 2`),
  );

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  f = await createTreeFixture(t.deps);
  const signIn = (u: { username: string; password: string }) => t.signIn(u.username, u.password);
  admin = await signIn(f.admin);
  owner = await signIn(f.owner);
  author = await signIn(f.author);
  audience = await signIn(f.audience);
});
afterAll(async () => t.close());

describe('the delete summary of a binder or folder', () => {
  it('never names a P&P of a folder the owner may not see, for a binder', async () => {
    // Folder A1 gets participants of its own without Bea: she sees neither it nor folder A1a in it.
    await grant(t.deps, f.org.id, { containerId: f.a1.id }, { userId: f.author.id }, 1);
    await createTestPnp(t.deps, f.org.id, f.a1a.id, { name: 'Secret Hidden Policy', status: 2 });
    expect((await owner.get(url(`/${f.a1.id}/summary`))).statusCode).toBe(404);
    const res = await owner.get(url(`/${f.binderA.id}/summary`));
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Secret Hidden Policy');
    expect(res.body).not.toContain('Folder A1');
  });

  it('refuses a folder holding a folder the owner may not see as the delete does, counting it, naming nothing in it', async () => {
    const mixed = await createContainer(t.deps, f.org.id, { parentId: f.a2.id, name: 'Mixed Shelf' });
    const locked = await createContainer(t.deps, f.org.id, { parentId: mixed.id, name: 'Locked Cabinet' });
    await grant(t.deps, f.org.id, { containerId: locked.id }, { userId: f.author.id }, 1);
    await createTestPnp(t.deps, f.org.id, locked.id, { name: 'Secret Cabinet Policy', status: 2 });
    await createTestPnp(t.deps, f.org.id, mixed.id, { name: 'Visible Shelf Draft' });

    const summary = await owner.get(url(`/${mixed.id}/summary`));
    const deletion = await owner.delete(url(`/${mixed.id}?confirm=true`));
    expect(summary.statusCode).toBe(403);
    expect(summary.json().errors).toEqual([
      'You are not an owner of everything in Mixed Shelf: it holds 1 folder you cannot see.',
    ]);
    expect(deletion.statusCode).toBe(403);
    expect(summary.json().errors).toEqual(deletion.json().errors);
    expect(summary.body).not.toContain('Secret Cabinet Policy');
    expect(summary.body).not.toContain('Locked Cabinet');

    // Org admins see everything, so their summary holds it all; so does an owner's of a folder they
    // own whole, for the delete confirmation.
    const full = await admin.get(url(`/${mixed.id}/summary`));
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      folders: 1,
      pnps: 2,
      blocking_pnps: [{ name: 'Secret Cabinet Policy', status: 2 }],
      blocking_total: 1,
    });
    const shelf = await createContainer(t.deps, f.org.id, { parentId: f.a2.id, name: 'Own Shelf' });
    const box = await createContainer(t.deps, f.org.id, { parentId: shelf.id, name: 'Own Box' });
    await createTestPnp(t.deps, f.org.id, box.id, { name: 'Own Live Policy', status: 2 });
    await createTestPnp(t.deps, f.org.id, shelf.id, { name: 'Own Draft' });
    const owned = await owner.get(url(`/${shelf.id}/summary`));
    expect(owned.statusCode).toBe(200);
    expect(owned.json()).toMatchObject({
      name: 'Own Shelf',
      folders: 1,
      pnps: 2,
      blocking_pnps: [{ name: 'Own Live Policy', status: 2 }],
      blocking_total: 1,
    });
  });
});

describe('a scheduled publication in the containers tree', () => {
  it('is hidden from its readers until its effective date, in the whole tree and on demand; working roles see it', async () => {
    const scheduled = await createTestPnp(t.deps, f.org.id, f.a2.id, { name: 'Scheduled Merger Policy', status: 2 });
    await setEffective(scheduled.id, NEXT_MONTH);
    expect((await audience.get(`/api/o/${f.org.id}/library/${scheduled.id}`)).statusCode).toBe(404);

    expect(await treeNames(audience)).not.toContain('Scheduled Merger Policy');
    expect(await treeNames(audience, `?depth=3&parent_id=${f.binderA.id}`)).not.toContain('Scheduled Merger Policy');
    expect(await treeNames(audience, `?depth=1&parent_id=${f.a2.id}`)).not.toContain('Scheduled Merger Policy');
    for (const worker of [author, owner]) {
      expect(await treeNames(worker)).toContain('Scheduled Merger Policy');
      expect(await treeNames(worker, `?depth=1&parent_id=${f.a2.id}`)).toContain('Scheduled Merger Policy');
    }

    // From its effective date on, its readers see it.
    await setEffective(scheduled.id, TODAY);
    expect(await treeNames(audience)).toContain('Scheduled Merger Policy');
    expect(await treeNames(audience, `?depth=1&parent_id=${f.a2.id}`)).toContain('Scheduled Merger Policy');
  });

  it('does not make a folder holding only a scheduled P&P look openable to its readers', async () => {
    const folder = await createContainer(t.deps, f.org.id, { parentId: f.a2.id, name: 'Opens Next Month' });
    const scheduled = await createTestPnp(t.deps, f.org.id, folder.id, { name: 'Next Month Policy', status: 2 });
    await setEffective(scheduled.id, NEXT_MONTH);
    const row = async (agent: Agent) => {
      const res = await agent.get(url(`?depth=1&parent_id=${f.a2.id}`));
      return res.json<{ items: Item[] }>().items.find((i) => i.name === 'Opens Next Month');
    };
    expect(await row(audience)).toMatchObject({ has_children: false });
    expect(await row(author)).toMatchObject({ has_children: true });
  });

  it('does not lead its readers to the binder and folder of a scheduled P&P that has participants of its own', async () => {
    // Una has no role on binder B; a P&P of folder B1 names her its Audience, but only from next month.
    const own = await createTestPnp(t.deps, f.org.id, f.b1.id, {
      name: 'Scheduled Own Policy',
      status: 2,
      inheritsAccess: false,
    });
    await grant(t.deps, f.org.id, { pnpId: own.id }, { userId: f.audience.id }, 5);
    await setEffective(own.id, NEXT_MONTH);
    for (const query of ['', '?depth=1', '?depth=3']) {
      const names = await treeNames(audience, query);
      expect(names).not.toContain('Binder B');
      expect(names).not.toContain('Folder B1');
      expect(names).not.toContain('Scheduled Own Policy');
    }
    expect((await audience.get(url(`?depth=1&parent_id=${f.b1.id}`))).statusCode).toBe(404);

    await setEffective(own.id, TODAY);
    expect(await treeNames(audience, '?depth=1')).toContain('Binder B');
    expect(await treeNames(audience)).toEqual(
      expect.arrayContaining(['Binder B', 'Folder B1', 'Scheduled Own Policy']),
    );
  });
});
