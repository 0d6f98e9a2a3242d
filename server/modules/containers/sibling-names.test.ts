import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../../shared/domain/limits';
import { createOrg, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { docxOf, postForm } from '../../test/pnp-factories';

let t: TestApp;
let orgId: number;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.deps);
  orgId = org.id;
  const user = await createUser(t.deps, org.id, { isAdmin: true, isPolicyOwner: true });
  admin = await t.signIn(user.username, user.password);
});
afterAll(async () => t.close());

const url = (path = '') => `/api/o/${orgId}/containers${path}`;
interface Node {
  id: number;
  lock_version: number;
  name: string;
}
async function create(name: string, parentId: number | null = null): Promise<Node> {
  const res = await admin.post(url(), {
    item: { item_type: parentId === null ? 1 : 2, name, ...(parentId ? { parent_id: parentId } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`create ${name}: ${res.statusCode} ${res.body}`);
  return res.json().item as Node;
}
const refusedAsDuplicate = (res: { statusCode: number; json(): { errors: string[] } }, name: string) => {
  expect(res.statusCode).toBe(422);
  expect(res.json().errors).toEqual([`A binder or folder named "${name}" already exists here.`]);
};

describe('sibling binders and folders may not share a name, ignoring case', () => {
  it('refuses a new binder or folder named like a sibling', async () => {
    const binder = await create('Clinical Care');
    refusedAsDuplicate(await admin.post(url(), { item: { item_type: 1, name: 'clinical care' } }), 'clinical care');
    await create('Forms', binder.id);
    refusedAsDuplicate(
      await admin.post(url(), { item: { item_type: 2, name: ' FORMS', parent_id: binder.id } }),
      'FORMS',
    );
    // The same name elsewhere is fine.
    const other = await create('Nursing');
    expect((await create('Forms', other.id)).name).toBe('Forms');
  });

  it('refuses a rename to a sibling’s name, but lets a node change the case of its own', async () => {
    const binder = await create('Pharmacy');
    await create('Controlled Drugs', binder.id);
    const folder = await create('Dispensing', binder.id);
    const clash = await admin.put(url(`/${folder.id}`), {
      item: { name: 'CONTROLLED drugs', lock_version: folder.lock_version },
    });
    refusedAsDuplicate(clash, 'CONTROLLED drugs');
    const recase = await admin.put(url(`/${folder.id}`), {
      item: { name: 'DISPENSING', lock_version: folder.lock_version },
    });
    expect(recase.statusCode).toBe(200);
  });

  it('refuses a move next to a sibling of the same name', async () => {
    const from = await create('Radiology');
    const to = await create('Imaging');
    await create('Safety', to.id);
    const moving = await create('safety', from.id);
    refusedAsDuplicate(
      await admin.put(url(`/${moving.id}`), { item: { parent_id: to.id, lock_version: moving.lock_version } }),
      'safety',
    );
  });

  it('refuses a copy named as a sibling is; one not named beside its source takes a free "(copy)" name', async () => {
    const binder = await create('Surgery');
    const folder = await create('Checklists', binder.id);
    const copy = { item_type: 2, id: folder.id };
    refusedAsDuplicate(
      await admin.post(url(), { item: { copy_of: copy, parent_id: binder.id, name: 'CHECKLISTS' } }),
      'CHECKLISTS',
    );
    const unnamed = await admin.post(url(), { item: { copy_of: copy, parent_id: binder.id } });
    expect(unnamed.statusCode).toBe(201);
    expect(unnamed.json().item.name).toBe('Checklists (copy)');
  });
});

describe(`one limit for names: ${NAME_MAX_LENGTH} characters`, () => {
  const long = 'N'.repeat(NAME_MAX_LENGTH + 1);
  const message = `Name must be at most ${NAME_MAX_LENGTH} characters.`;

  it('binders and folders', async () => {
    const res = await admin.post(url(), { item: { item_type: 1, name: long } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join(' ')).toContain(message);
    expect((await create('B'.repeat(NAME_MAX_LENGTH))).name).toHaveLength(NAME_MAX_LENGTH);
  });

  it('P&Ps, created from a file (multipart) and renamed (JSON)', async () => {
    const binder = await create('Limits');
    const created = await postForm(
      admin,
      `/api/o/${orgId}/pnps`,
      { pnp: JSON.stringify({ name: long, container_id: binder.id }), document: '{}' },
      [{ name: 'policy.docx', bytes: await docxOf('Policy', ['Text.']) }],
    );
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.join(' ')).toContain(message);
    const ok = await postForm(
      admin,
      `/api/o/${orgId}/pnps`,
      { pnp: JSON.stringify({ name: 'Short name', container_id: binder.id }), document: '{}' },
      [{ name: 'policy.docx', bytes: await docxOf('Policy', ['Text.']) }],
    );
    expect(ok.statusCode).toBe(201);
    const renamed = await admin.put(`/api/o/${orgId}/pnps/${ok.json().pnp.id}`, { pnp: { name: long } });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.join(' ')).toContain(message);
  });
});
