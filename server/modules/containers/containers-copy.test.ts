import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createContainer, createOrg, grant } from '../../test/factories';
import { createTestPnp, createTreeFixture, systemRows, type TreeFixture } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let f: TreeFixture;
let admin: Agent;
let owner: Agent;
const url = (path = '') => `/api/o/${f.org.id}/containers${path}`;

interface Item {
  id: number;
  item_type: number;
  parent_id: number | null;
  name: string;
  status: number | null;
  inherits_access: boolean;
}
const tree = async (): Promise<Item[]> => (await admin.get(url('?bypass_val=true'))).json().items;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTreeFixture(t.deps);
  admin = await t.signIn(f.admin.username, f.admin.password);
  owner = await t.signIn(f.owner.username, f.owner.password);
});
afterAll(async () => t.close());

describe('copying (ctrl-drag)', () => {
  it('copies a folder with its subtree, overrides and P&Ps (as Drafts holding a copy of the current file)', async () => {
    const source = (await owner.post(url(), { item: { item_type: 2, name: 'Source', parent_id: f.binderA.id } })).json()
      .item;
    const inner = (await owner.post(url(), { item: { item_type: 2, name: 'Inner', parent_id: source.id } })).json()
      .item;
    await grant(t.deps, f.org.id, { containerId: inner.id }, { userId: f.owner.id }, 1);
    await grant(t.deps, f.org.id, { containerId: inner.id }, { groupId: f.staff.id }, 3);
    const published = await createTestPnp(t.deps, f.org.id, source.id, {
      name: 'Published One',
      status: 2,
      fileText: 'published bytes',
    });
    const draft = await createTestPnp(t.deps, f.org.id, inner.id, { name: 'Draft One', fileText: 'draft bytes' });

    const res = await owner.post(url(), { item: { copy_of: { item_type: 2, id: source.id }, parent_id: f.a2.id } });
    expect(res.statusCode).toBe(201);
    const copy = res.json().item;
    expect(copy).toMatchObject({ name: 'Source', parent_id: f.a2.id, item_type: 2 });

    const items = await tree();
    const innerCopy = items.find((i) => i.parent_id === copy.id && i.item_type === 2)!;
    expect(innerCopy).toMatchObject({ name: 'Inner', inherits_access: false });
    const pnpCopies = items.filter(
      (i) => i.item_type === 3 && (i.parent_id === copy.id || i.parent_id === innerCopy.id),
    );
    expect(pnpCopies.map((p) => [p.name, p.status]).sort()).toEqual([
      ['Draft One', 1],
      ['Published One', 1],
    ]);
    // The originals are untouched.
    expect(items.find((i) => i.item_type === 3 && i.id === published.id)!.status).toBe(2);

    const files = await systemRows<{
      pnp_name: string;
      storage_key: string;
      file_id: number;
      status: number;
      draft_stage: number;
    }>(
      t.deps,
      sql`select p.name as pnp_name, f.storage_key, f.id as file_id, d.status::int as status, d.draft_stage::int as draft_stage
            from pnps p join pnp_documents d on d.pnp_id = p.id join stored_files f on f.id = d.file_id
           where p.id in (${pnpCopies[0]!.id}, ${pnpCopies[1]!.id}) order by p.name`,
    );
    expect(files.map((r) => [r.pnp_name, r.status, r.draft_stage])).toEqual([
      ['Draft One', 1, 2],
      ['Published One', 1, 2],
    ]);
    expect(files.map((r) => r.file_id)).not.toContain(published.fileId);
    expect(files.map((r) => r.file_id)).not.toContain(draft.fileId);
    expect((await t.deps.files.get(files[1]!.storage_key)).toString()).toBe('published bytes');
    expect((await t.deps.files.get(files[0]!.storage_key)).toString()).toBe('draft bytes');

    const participants = (
      await owner.get(`/api/o/${f.org.id}/access/fetch_participants?object_type=2&object_id=${innerCopy.id}`)
    ).json();
    expect(participants.inherits_access).toBe(false);
    expect(participants.participants.reviewers.map((p: { name: string }) => p.name)).toEqual([f.staff.name]);

    const logs = (await owner.get(url(`/${copy.id}/change_logs`))).json().change_logs;
    expect(logs[0]).toMatchObject({ action_name: 'Copy', source_name: 'Binder A / Source' });
  });

  it('copies a single P&P into a folder as a new Draft', async () => {
    const pnp = await createTestPnp(t.deps, f.org.id, f.a1.id, { name: 'Lonely', status: 2 });
    const res = await owner.post(url(), {
      item: { copy_of: { item_type: 3, id: pnp.id }, parent_id: f.a2.id, position: 0 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().item).toMatchObject({ item_type: 3, name: 'Lonely', parent_id: f.a2.id, status: 1 });
    const firstChild = (await tree()).find((i) => i.parent_id === f.a2.id)!;
    expect(firstChild).toMatchObject({ item_type: 3, id: res.json().item.id });
  });

  it('copies a binder to the top level for admins only, with a new name when given', async () => {
    const res = await admin.post(url(), {
      item: { copy_of: { item_type: 1, id: f.binderA.id }, parent_id: null, name: 'Binder A (copy)' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().item).toMatchObject({ item_type: 1, parent_id: null, name: 'Binder A (copy)' });
    expect(
      (await owner.post(url(), { item: { copy_of: { item_type: 1, id: f.binderA.id }, parent_id: null } })).statusCode,
    ).toBe(403);
  });

  it('names a copy placed beside its source "(copy)", then "(copy 2)"; a name given must still be free', async () => {
    const source = (
      await admin.post(url(), { item: { item_type: 2, name: 'Beside Source', parent_id: f.binderA.id } })
    ).json().item;
    const copyBeside = () =>
      admin.post(url(), { item: { copy_of: { item_type: 2, id: source.id }, parent_id: f.binderA.id } });
    const first = await copyBeside();
    expect(first.statusCode).toBe(201);
    expect(first.json().item).toMatchObject({ name: 'Beside Source (copy)', parent_id: f.binderA.id });
    expect((await copyBeside()).json().item.name).toBe('Beside Source (copy 2)');
    // Into another binder or folder where the name is free, the copy keeps it.
    const elsewhere = await admin.post(url(), {
      item: { copy_of: { item_type: 2, id: source.id }, parent_id: f.a2.id },
    });
    expect(elsewhere.json().item.name).toBe('Beside Source');
    const named = await admin.post(url(), {
      item: { copy_of: { item_type: 2, id: source.id }, parent_id: f.binderA.id, name: 'beside source (COPY)' },
    });
    expect(named.statusCode).toBe(422);
    expect(named.json().errors).toEqual(['A binder or folder named "beside source (COPY)" already exists here.']);
  });

  it('refuses invalid copies with 422 and foreign or unowned ones with 404/403', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [
        { copy_of: { item_type: 2, id: f.a1.id }, parent_id: f.a1a.id },
        /cannot be copied into itself or one of its own folders/,
      ],
      [{ copy_of: { item_type: 2, id: f.a1.id }, parent_id: null }, /A folder must be inside/],
      [{ copy_of: { item_type: 1, id: f.a1.id }, parent_id: f.a2.id }, /does not match/],
      [{ copy_of: { item_type: 2, id: f.a1.id } }, /Parent id is required for a copy/],
      [{ copy_of: { item_type: 2, id: f.a1.id }, parent_id: f.a2.id, name: '<x>' }, /Name must not contain < or >\./],
      [{ copy_of: { item_type: 2, id: f.a1.id }, parent_id: f.a2.id, item_type: 2 }, /leave item type out/],
    ];
    for (const [item, message] of cases) {
      const res = await admin.post(url(), { item });
      expect(res.statusCode, JSON.stringify(item)).toBe(422);
      expect(res.json().errors.join(' ')).toMatch(message);
    }
    const other = await createOrg(t.deps);
    const foreign = await createContainer(t.deps, other.id, { name: 'Foreign' });
    expect(
      (await admin.post(url(), { item: { copy_of: { item_type: 1, id: foreign.id }, parent_id: null } })).statusCode,
    ).toBe(404);
    // Binder B is not the owner's to see: as a destination it does not exist (422), as a source 404.
    const intoHidden = await owner.post(url(), {
      item: { copy_of: { item_type: 2, id: f.a1.id }, parent_id: f.b1.id },
    });
    expect(intoHidden.statusCode).toBe(422);
    expect(intoHidden.json().errors).toEqual(['The destination binder or folder does not exist in this organization.']);
    const fromHidden = await owner.post(url(), {
      item: { copy_of: { item_type: 2, id: f.b1.id }, parent_id: f.a1.id },
    });
    expect(fromHidden.statusCode).toBe(404);
    expect(fromHidden.body).not.toContain(f.b1.name);
    expect(
      (await t.anonymous().post(url(), { item: { copy_of: { item_type: 2, id: f.a1.id }, parent_id: f.a2.id } }))
        .statusCode,
    ).toBe(401);
  });
});
