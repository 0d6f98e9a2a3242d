import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, createOrg, createUser, grant } from '../../test/factories';
import { createTestPnp, createTreeFixture, type TreeFixture } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let f: TreeFixture;
let admin: Agent;
let owner: Agent;
let author: Agent;
let stranger: Agent;
let pnpInA2: { id: number };
const url = (query: string) => `/api/o/${f.org.id}/containers/destinations?${query}`;
interface Found {
  id: number;
  item_type: number;
  name: string;
  parent_id: number | null;
  path: string;
  ancestor_ids: number[];
}
const names = (body: { destinations: Found[] }) => body.destinations.map((d) => d.name);

beforeAll(async () => {
  t = await createTestApp();
  f = await createTreeFixture(t.deps);
  const signIn = (u: { username: string; password: string }) => t.signIn(u.username, u.password);
  admin = await signIn(f.admin);
  owner = await signIn(f.owner);
  author = await signIn(f.author);
  stranger = await signIn(f.stranger);
  pnpInA2 = await createTestPnp(t.deps, f.org.id, f.a2.id, { name: 'Hand Hygiene' });
});
afterAll(async () => t.close());

describe('GET containers/destinations', () => {
  it('needs a session', async () => {
    expect((await t.anonymous().get(url(`object_type=2&object_id=${f.a1.id}`))).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's path, another organisation's node and a node the caller cannot see", async () => {
    const other = await createOrg(t.deps);
    const otherBinder = await createContainer(t.deps, other.id, { name: 'Elsewhere' });
    const otherFolder = await createContainer(t.deps, other.id, { parentId: otherBinder.id, name: 'Elsewhere Folder' });
    expect(
      (await admin.get(`/api/o/${other.id}/containers/destinations?object_type=2&object_id=${otherFolder.id}`))
        .statusCode,
    ).toBe(404);
    const foreign = await admin.get(url(`object_type=2&object_id=${otherFolder.id}`));
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json())).not.toContain('Elsewhere');
    expect((await stranger.get(url(`object_type=2&object_id=${f.a1.id}`))).statusCode).toBe(404);
    expect((await stranger.get(url(`object_type=3&object_id=${pnpInA2.id}`))).statusCode).toBe(404);
  });

  it('refuses with 403 someone who may not move or copy the node (an Author of the binder)', async () => {
    const folder = await author.get(url(`object_type=2&object_id=${f.a1.id}`));
    expect(folder.statusCode).toBe(403);
    expect(folder.json().errors).toEqual(['You are not an owner of everything in Folder A1: Folder A1, Folder A1a.']);
    const pnp = await author.get(url(`object_type=3&object_id=${pnpInA2.id}`));
    expect(pnp.statusCode).toBe(403);
    expect(pnp.json().errors).toEqual(['You can move or copy P&Ps only between binders and folders you own.']);
  });

  it('answers 422 with the errors list for bad input and for a binder, which stays at the top level', async () => {
    const missing = await admin.get(url(''));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Object type must be 1 \(binder\), 2 \(folder\) or 3 \(P&P\)/),
        expect.stringMatching(/Object id must be a positive whole number/),
      ]),
    );
    const limit = await admin.get(url(`object_type=2&object_id=${f.a1.id}&limit=51`));
    expect(limit.statusCode).toBe(422);
    expect(limit.json().errors.join(' ')).toMatch(/Limit must be a whole number from 1 to 50/);
    const long = await admin.get(url(`object_type=2&object_id=${f.a1.id}&q=${'x'.repeat(101)}`));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.join(' ')).toMatch(/Search text must be at most 100 characters/);
    const type = await admin.get(url(`object_type=4&object_id=${f.a1.id}`));
    expect(type.statusCode).toBe(422);
    expect(type.json().errors.join(' ')).toMatch(/Object type must be 1 \(binder\), 2 \(folder\) or 3 \(P&P\)/);
    const binder = await admin.get(url(`object_type=1&object_id=${f.binderA.id}`));
    expect(binder.statusCode).toBe(422);
    expect(binder.json().errors).toEqual([
      'A binder stays at the top level: it cannot be placed inside a binder or folder.',
    ]);
    const mismatch = await admin.get(url(`object_type=1&object_id=${f.a1.id}`));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual(['Object type 1 does not match: this is a folder (2).']);
  });

  it('gives an admin every binder and folder matching part of the name, with where each sits, never the node or its own folders', async () => {
    const res = await admin.get(url(`object_type=2&object_id=${f.a1.id}&q=FOLDER`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      destinations: [
        {
          id: f.a2.id,
          item_type: 2,
          name: 'Folder A2',
          parent_id: f.binderA.id,
          path: 'Binder A',
          ancestor_ids: [f.binderA.id],
        },
        {
          id: f.b1.id,
          item_type: 2,
          name: 'Folder B1',
          parent_id: f.binderB.id,
          path: 'Binder B',
          ancestor_ids: [f.binderB.id],
        },
      ],
      more: false,
    });
    const all = (await admin.get(url(`object_type=3&object_id=${pnpInA2.id}`))).json();
    expect(names(all)).toEqual(['Binder A', 'Binder B', 'Folder A1', 'Folder A1a', 'Folder A2', 'Folder B1']);
    expect(all.destinations.find((d: Found) => d.name === 'Folder A1a')).toMatchObject({
      path: 'Binder A / Folder A1',
      ancestor_ids: [f.binderA.id, f.a1.id],
    });
    expect(all.destinations.find((d: Found) => d.name === 'Binder A')).toMatchObject({ path: '', ancestor_ids: [] });
  });

  it('gives an owner only the binders and folders they own', async () => {
    const forPnp = (await owner.get(url(`object_type=3&object_id=${pnpInA2.id}`))).json();
    expect(names(forPnp)).toEqual(['Binder A', 'Folder A1', 'Folder A1a', 'Folder A2']);
    const forFolder = (await owner.get(url(`object_type=2&object_id=${f.a2.id}&q=a1`))).json();
    expect(names(forFolder)).toEqual(['Folder A1', 'Folder A1a']);
  });

  it('names at most `limit` and says when more match; a % or _ in the search is a plain character', async () => {
    const first = (await admin.get(url(`object_type=3&object_id=${pnpInA2.id}&q=folder&limit=2`))).json();
    expect(first).toMatchObject({ more: true });
    expect(names(first)).toEqual(['Folder A1', 'Folder A1a']);
    const exact = (await admin.get(url(`object_type=3&object_id=${pnpInA2.id}&q=folder&limit=4`))).json();
    expect(exact.more).toBe(false);
    expect((await admin.get(url(`object_type=3&object_id=${pnpInA2.id}&q=%25`))).json().destinations).toEqual([]);
    expect((await admin.get(url(`object_type=3&object_id=${pnpInA2.id}&q=_`))).json().destinations).toEqual([]);
  });

  it('gives the owner of one folder only that folder, with the binder above it named in its path', async () => {
    const folderOwner = await createUser(t.deps, f.org.id, { firstName: 'Fay', lastName: 'Folder' });
    await grant(t.deps, f.org.id, { containerId: f.b1.id }, { userId: folderOwner.id }, 1);
    const fay = await t.signIn(folderOwner.username, folderOwner.password);
    const inside = await createContainer(t.deps, f.org.id, { parentId: f.b1.id, name: 'Folder B1x' });
    const res = (await fay.get(url(`object_type=2&object_id=${inside.id}`))).json();
    expect(names(res)).toEqual(['Folder B1']);
    expect(res.destinations[0].path).toBe('Binder B');
  });
});
