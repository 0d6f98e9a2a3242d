import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, createOrg, createUser, grant } from '../../test/factories';
import { createTestPnp, createTreeFixture, type TreeFixture } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let f: TreeFixture;
let admin: Agent;
let owner: Agent;
let author: Agent;
const url = (path = '') => `/api/o/${f.org.id}/containers${path}`;

interface Item {
  id: number;
  item_type: number;
  parent_id: number | null;
  name: string;
  position: number;
  lock_version: number;
}
const tree = async (agent: Agent = admin): Promise<Item[]> => (await agent.get(url('?bypass_val=true'))).json().items;
const node = async (id: number, itemType = 2): Promise<Item> =>
  (await tree()).find((i) => i.id === id && i.item_type === itemType)!;
const childrenOf = async (parentId: number): Promise<string[]> =>
  (await tree()).filter((i) => i.parent_id === parentId).map((i) => i.name);

beforeAll(async () => {
  t = await createTestApp();
  f = await createTreeFixture(t.deps);
  admin = await t.signIn(f.admin.username, f.admin.password);
  owner = await t.signIn(f.owner.username, f.owner.password);
  author = await t.signIn(f.author.username, f.author.password);
});
afterAll(async () => t.close());

describe('moving binders and folders', () => {
  it('moves a folder into another folder at a position, renumbers both parents, and logs the move', async () => {
    const x = (await owner.post(url(), { item: { item_type: 2, name: 'Mover', parent_id: f.binderA.id } })).json().item;
    const res = await owner.put(url(`/${x.id}`), {
      item: { parent_id: f.a1.id, position: 0, lock_version: x.lock_version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ parent_id: f.a1.id, position: 0, lock_version: x.lock_version + 1 });
    expect(await childrenOf(f.a1.id)).toEqual(['Mover', 'Folder A1a']);
    const positions = (await tree()).filter((i) => i.parent_id === f.binderA.id).map((i) => i.position);
    expect(positions).toEqual(positions.map((_, i) => i));
    const logs = (await owner.get(url(`/${x.id}/change_logs`))).json().change_logs;
    expect(logs[0]).toMatchObject({
      action_name: 'Move',
      object_type: 'Folder',
      deltas: { changed: { location: ['Binder A', 'Binder A / Folder A1'] } },
    });
  });

  it('reorders within a parent', async () => {
    const parent = (await admin.post(url(), { item: { item_type: 2, name: 'Order', parent_id: f.binderB.id } })).json()
      .item;
    for (const name of ['One', 'Two', 'Three'])
      await admin.post(url(), { item: { item_type: 2, name, parent_id: parent.id } });
    const three = (await tree()).find((i) => i.name === 'Three')!;
    const res = await admin.put(url(`/${three.id}`), { item: { position: 0, lock_version: three.lock_version } });
    expect(res.statusCode).toBe(200);
    expect(await childrenOf(parent.id)).toEqual(['Three', 'One', 'Two']);
    const one = (await tree()).find((i) => i.name === 'One')!;
    expect(
      (await admin.put(url(`/${one.id}`), { item: { position: 99, lock_version: one.lock_version } })).statusCode,
    ).toBe(200);
    expect(await childrenOf(parent.id)).toEqual(['Three', 'Two', 'One']);
  });

  it('refuses the invalid moves of the spec with clear messages', async () => {
    const a1 = await node(f.a1.id);
    const a1a = await node(f.a1a.id);
    const binderB = await node(f.binderB.id, 1);
    const cases: Array<[number, Record<string, unknown>, string]> = [
      [a1.id, { parent_id: a1.id, lock_version: a1.lock_version }, 'A binder or folder cannot be moved into itself.'],
      [
        a1.id,
        { parent_id: a1a.id, lock_version: a1.lock_version },
        'A binder or folder cannot be moved into one of its own folders.',
      ],
      [
        a1a.id,
        { parent_id: a1.id, position: a1a.position, lock_version: a1a.lock_version },
        'The item is already in this position.',
      ],
      [
        binderB.id,
        { parent_id: f.binderA.id, lock_version: binderB.lock_version },
        'A binder stays at the top level: it cannot be placed inside a binder or folder.',
      ],
      [
        a1.id,
        { parent_id: null, lock_version: a1.lock_version },
        'A folder must be inside a binder or another folder.',
      ],
    ];
    for (const [id, item, message] of cases) {
      const res = await admin.put(url(`/${id}`), { item });
      expect(res.statusCode, message).toBe(422);
      expect(res.json().errors).toEqual([message]);
    }
    const other = await createOrg(t.deps);
    const foreign = await createContainer(t.deps, other.id);
    const across = await admin.put(url(`/${a1.id}`), {
      item: { parent_id: foreign.id, lock_version: a1.lock_version },
    });
    expect(across.statusCode).toBe(422);
    expect(across.json().errors).toEqual(['The destination binder or folder does not exist in this organization.']);
    expect((await node(f.a1.id)).parent_id).toBe(f.binderA.id);
  });

  it('lets a binder owner move only inside their subtree', async () => {
    const a2 = await node(f.a2.id);
    // Binder B is not the owner's to see: as a destination it does not exist, its name nowhere.
    const out = await owner.put(url(`/${a2.id}`), { item: { parent_id: f.binderB.id, lock_version: a2.lock_version } });
    expect(out.statusCode).toBe(422);
    expect(out.json().errors).toEqual(['The destination binder or folder does not exist in this organization.']);
    const b1 = await node(f.b1.id);
    const hidden = await owner.put(url(`/${b1.id}`), {
      item: { parent_id: f.binderA.id, lock_version: b1.lock_version },
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(f.b1.name);
    expect(
      (await author.put(url(`/${a2.id}`), { item: { parent_id: f.a1.id, lock_version: a2.lock_version } })).statusCode,
    ).toBe(403);
    const binderA = await node(f.binderA.id, 1);
    const reorder = await owner.put(url(`/${binderA.id}`), {
      item: { position: 1, lock_version: binderA.lock_version },
    });
    expect(reorder.statusCode).toBe(403);
    expect((await t.anonymous().put(url(`/${a2.id}`), { item: { position: 0, lock_version: 0 } })).statusCode).toBe(
      401,
    );
  });

  it('lets only an owner of the parent reorder its children: owning the moved folder is not enough', async () => {
    const binder = (await admin.post(url(), { item: { item_type: 1, name: 'Binder Reordered' } })).json().item;
    const make = async (name: string) =>
      (await admin.post(url(), { item: { item_type: 2, name, parent_id: binder.id } })).json().item as Item;
    const first = await make('Folder First');
    const second = await make('Folder Second');
    const folderOwner = await createUser(t.deps, f.org.id);
    const binderOwner = await createUser(t.deps, f.org.id);
    await grant(t.deps, f.org.id, { containerId: second.id }, { userId: folderOwner.id }, 1);
    await grant(t.deps, f.org.id, { containerId: binder.id }, { userId: binderOwner.id }, 1);
    // The folder's owner sees the binder (one who does not is told it does not exist, a 422).
    await grant(t.deps, f.org.id, { containerId: binder.id }, { userId: folderOwner.id }, 5);

    // The owner of Folder Second only may not renumber the binder's children.
    const asFolderOwner = await t.signIn(folderOwner.username, folderOwner.password);
    const refused = await asFolderOwner.put(url(`/${second.id}`), {
      item: { position: 0, lock_version: (await node(second.id)).lock_version },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([
      'You can reorder only inside binders and folders you own; you are not an owner of Binder Reordered.',
    ]);
    expect(await childrenOf(binder.id)).toEqual(['Folder First', 'Folder Second']);

    const asBinderOwner = await t.signIn(binderOwner.username, binderOwner.password);
    const reordered = await asBinderOwner.put(url(`/${first.id}`), {
      item: { position: 1, lock_version: (await node(first.id)).lock_version },
    });
    expect(reordered.statusCode).toBe(200);
    expect(await childrenOf(binder.id)).toEqual(['Folder Second', 'Folder First']);
    const byAdmin = await admin.put(url(`/${second.id}`), {
      item: { position: 1, lock_version: (await node(second.id)).lock_version },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(await childrenOf(binder.id)).toEqual(['Folder First', 'Folder Second']);
  });

  it('keeps overrides on a move; a node that inherits takes its new parent’s participants', async () => {
    const inheriting = (
      await admin.post(url(), { item: { item_type: 2, name: 'Inheritor', parent_id: f.binderA.id } })
    ).json().item;
    const overriding = (
      await admin.post(url(), { item: { item_type: 2, name: 'Overrider', parent_id: f.binderA.id } })
    ).json().item;
    await grant(t.deps, f.org.id, { containerId: overriding.id }, { userId: f.owner.id }, 1);
    for (const x of [inheriting, overriding]) {
      expect(
        (await admin.put(url(`/${x.id}`), { item: { parent_id: f.binderB.id, lock_version: x.lock_version } }))
          .statusCode,
      ).toBe(200);
    }
    const ownerSees = (await owner.get(url())).json().items.map((i: Item) => i.name);
    expect(ownerSees).toContain('Overrider');
    expect(ownerSees).not.toContain('Inheritor');
  });

  it('moves a P&P between folders and refuses it at the top level', async () => {
    const pnp = await createTestPnp(t.deps, f.org.id, f.a1.id, { name: 'Movable P&P' });
    const res = await owner.put(url(`/${pnp.id}`), { item: { item_type: 3, parent_id: f.a2.id, lock_version: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ item_type: 3, parent_id: f.a2.id, lock_version: 1 });
    const top = await admin.put(url(`/${pnp.id}`), { item: { item_type: 3, parent_id: null, lock_version: 1 } });
    expect(top.statusCode).toBe(422);
    expect(top.json().errors).toEqual(['A P&P must be inside a binder or folder.']);
    expect(
      (await owner.put(url(`/${pnp.id}`), { item: { item_type: 3, parent_id: f.b1.id, lock_version: 1 } })).statusCode,
    ).toBe(422);
    expect(
      (await admin.put(url(`/${pnp.id}`), { item: { item_type: 3, parent_id: f.b1.id, lock_version: 0 } })).statusCode,
    ).toBe(409);
    expect(
      (await admin.put(url(`/${pnp.id}`), { item: { item_type: 3, name: 'x', lock_version: 1 } })).statusCode,
    ).toBe(422);
  });
});

describe('two people moving at once', () => {
  it('the second writer of the same node gets a clear 409', async () => {
    const x = (await admin.post(url(), { item: { item_type: 2, name: 'Contested', parent_id: f.binderB.id } })).json()
      .item;
    const [first, second] = await Promise.all([
      admin.put(url(`/${x.id}`), { item: { parent_id: f.a1.id, lock_version: x.lock_version } }),
      owner.put(url(`/${x.id}`), { item: { parent_id: f.b1.id, lock_version: x.lock_version } }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toContain(409);
    const conflictRes = first.statusCode === 409 ? first : second;
    expect(conflictRes.json().errors).toEqual(['This item was changed by someone else. Refresh and try again.']);
  });

  it('two crossing moves (X into Y, Y into X) never make a cycle', async () => {
    const x = (await admin.post(url(), { item: { item_type: 2, name: 'Cross X', parent_id: f.binderB.id } })).json()
      .item;
    const y = (await admin.post(url(), { item: { item_type: 2, name: 'Cross Y', parent_id: f.binderB.id } })).json()
      .item;
    const results = await Promise.all([
      admin.put(url(`/${x.id}`), { item: { parent_id: y.id, lock_version: x.lock_version } }),
      admin.put(url(`/${y.id}`), { item: { parent_id: x.id, lock_version: y.lock_version } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const items = await tree();
    const parentOf = new Map(items.filter((i) => i.item_type !== 3).map((i) => [i.id, i.parent_id]));
    for (const start of [x.id, y.id]) {
      let cursor: number | null | undefined = start;
      const seen = new Set<number>();
      while (cursor) {
        expect(seen.has(cursor)).toBe(false);
        seen.add(cursor);
        cursor = parentOf.get(cursor);
      }
    }
  });
});
