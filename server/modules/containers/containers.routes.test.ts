import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser } from '../../test/factories';
import { createTestPnp, createTreeFixture, type TreeFixture } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let f: TreeFixture;
let admin: Agent;
let owner: Agent;
let author: Agent;
let audience: Agent;
let stranger: Agent;
const url = (path = '') => `/api/o/${f.org.id}/containers${path}`;
const names = (body: { items: Array<{ name: string }> }) => body.items.map((i) => i.name);

beforeAll(async () => {
  t = await createTestApp();
  f = await createTreeFixture(t.deps);
  const signIn = (u: { username: string; password: string }) => t.signIn(u.username, u.password);
  admin = await signIn(f.admin);
  owner = await signIn(f.owner);
  author = await signIn(f.author);
  audience = await signIn(f.audience);
  stranger = await signIn(f.stranger);
});
afterAll(async () => t.close());

describe('GET containers', () => {
  it('needs a session', async () => {
    expect((await t.anonymous().get(url())).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's id in the path", async () => {
    const other = await createOrg(t.deps);
    expect((await admin.get(`/api/o/${other.id}/containers`)).statusCode).toBe(404);
  });

  it('gives an admin the whole tree with bypass_val, in position order, with P&Ps as item type 3', async () => {
    const draft = await createTestPnp(t.deps, f.org.id, f.b1.id, { name: 'Draft in B1' });
    const res = await admin.get(url('?bypass_val=true'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const binders = body.items.filter((i: { item_type: number }) => i.item_type === 1);
    expect(binders.map((b: { name: string }) => b.name)).toEqual(['Binder A', 'Binder B']);
    // Tree order: each node right after its parent's earlier children, binders in position order.
    expect(names(body).slice(0, 4)).toEqual(['Binder A', 'Folder A1', 'Folder A1a', 'Folder A2']);
    expect(
      body.items.find((i: { id: number; item_type: number }) => i.item_type === 3 && i.id === draft.id),
    ).toMatchObject({
      name: 'Draft in B1',
      status: 1,
      parent_id: f.b1.id,
      abilities: { manage: true },
    });
    expect(body.abilities).toEqual({ create_binder: true });
  });

  it('without bypass_val filters by the caller’s own roles, admins included', async () => {
    const body = (await admin.get(url())).json();
    expect(body.items).toEqual([]);
  });

  it('refuses bypass_val to anyone but an admin, and bad values with 422', async () => {
    expect((await owner.get(url('?bypass_val=true'))).statusCode).toBe(403);
    const bad = await admin.get(url('?bypass_val=maybe'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatch(/true or false/);
  });

  it('shows a binder owner their binder, manageable, and nothing of binder B', async () => {
    const body = (await owner.get(url())).json();
    expect(names(body)).toEqual(expect.arrayContaining(['Binder A', 'Folder A1', 'Folder A1a', 'Folder A2']));
    expect(names(body)).not.toContain('Binder B');
    expect(body.items.every((i: { abilities: { manage: boolean } }) => i.abilities.manage)).toBe(true);
    expect(body.abilities.create_binder).toBe(false);
  });

  it('hides drafts from Audience but shows published P&Ps; Authors see both', async () => {
    const draft = await createTestPnp(t.deps, f.org.id, f.a2.id, { name: 'Draft in A2' });
    const published = await createTestPnp(t.deps, f.org.id, f.a2.id, { name: 'Published in A2', status: 2 });
    const audienceNames = names((await audience.get(url())).json());
    expect(audienceNames).toContain(published.name);
    expect(audienceNames).not.toContain(draft.name);
    const authorBody = (await author.get(url())).json();
    expect(names(authorBody)).toEqual(expect.arrayContaining([published.name, draft.name]));
    expect(authorBody.items.every((i: { abilities: { manage: boolean } }) => !i.abilities.manage)).toBe(true);
  });

  it('shows only the path to a P&P a user holds a role on directly, marked as path only', async () => {
    const [{ grant }] = await Promise.all([import('../../test/factories')]);
    const pnp = await createTestPnp(t.deps, f.org.id, f.b1.id, {
      name: 'Stan’s P&P',
      status: 2,
      inheritsAccess: false,
    });
    await grant(t.deps, f.org.id, { pnpId: pnp.id }, { userId: f.stranger.id }, 5);
    const body = (await stranger.get(url())).json();
    expect(names(body)).toEqual(['Binder B', 'Folder B1', 'Stan’s P&P']);
    expect(body.items.find((i: { name: string }) => i.name === 'Binder B').has_role).toBe(false);
  });
});

describe('POST containers (create)', () => {
  it('lets an admin create a binder at the end, logged as Create', async () => {
    const res = await admin.post(url(), { item: { item_type: 1, name: '  New Binder  ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().item).toMatchObject({ name: 'New Binder', item_type: 1, parent_id: null, lock_version: 0 });
    const logs = (await admin.get(url(`/${res.json().item.id}/change_logs`))).json().change_logs;
    expect(logs[0]).toMatchObject({ action_name: 'Create', object_type: 'Binder', object_name: 'New Binder' });
  });

  it('lets a binder owner create a folder inside their binder at a given position', async () => {
    const res = await owner.post(url(), {
      item: { item_type: 2, name: 'First Folder', parent_id: f.binderA.id, position: 0 },
    });
    expect(res.statusCode).toBe(201);
    const tree = (await owner.get(url())).json();
    const children = tree.items.filter(
      (i: { parent_id: number; item_type: number }) => i.parent_id === f.binderA.id && i.item_type !== 3,
    );
    expect(children[0].name).toBe('First Folder');
    expect(children.map((c: { position: number }) => c.position)).toEqual(children.map((_: unknown, i: number) => i));
  });

  it('refuses binders to non-admins and folders outside the owner’s subtree (403, or 422 unseen)', async () => {
    expect((await owner.post(url(), { item: { item_type: 1, name: 'Mine' } })).statusCode).toBe(403);
    // Binder B is not the owner's to see: it is answered like a parent that does not exist.
    const outside = await owner.post(url(), { item: { item_type: 2, name: 'Nope', parent_id: f.binderB.id } });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual(['The destination binder or folder does not exist in this organization.']);
    expect(
      (await author.post(url(), { item: { item_type: 2, name: 'Nope', parent_id: f.binderA.id } })).statusCode,
    ).toBe(403);
  });

  it('refuses bad names and shapes with 422 sentences', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ item_type: 1, name: '   ' }, /Name is required/],
      [{ item_type: 1, name: 'x'.repeat(256) }, /at most 255 characters/],
      [{ item_type: 1, name: 'Bad <b>name</b>' }, /Name must not contain < or >\./],
      [{ item_type: 2, name: 'Orphan' }, /needs a parent/],
      [{ item_type: 1, name: 'Nested', parent_id: f.binderA.id }, /top level/],
      [{ item_type: 5, name: 'Odd' }, /Item type must be 1 \(binder\) or 2 \(folder\)/],
      [{ name: 'No type' }, /Item type is required/],
      [{ item_type: 1, name: 'Extra', colour: 'red' }, /Unknown field/],
    ];
    for (const [item, message] of cases) {
      const res = await admin.post(url(), { item });
      expect(res.statusCode, JSON.stringify(item)).toBe(422);
      expect(res.json().errors.join(' ')).toMatch(message);
    }
  });

  it('refuses a parent from another organisation as a destination that does not exist (422)', async () => {
    const other = await createOrg(t.deps);
    const { createContainer } = await import('../../test/factories');
    const foreign = await createContainer(t.deps, other.id);
    const res = await admin.post(url(), { item: { item_type: 2, name: 'Across', parent_id: foreign.id } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/does not exist in this organization/);
  });
});

describe('PUT containers/{id} (rename)', () => {
  it('renames with the current lock version, logs Rename, and refuses a stale one with 409', async () => {
    const created = (
      await admin.post(url(), { item: { item_type: 2, name: 'Old Name', parent_id: f.binderA.id } })
    ).json().item;
    const res = await owner.put(url(`/${created.id}`), {
      item: { name: 'New Name', lock_version: created.lock_version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ name: 'New Name', lock_version: created.lock_version + 1 });
    const stale = await admin.put(url(`/${created.id}`), {
      item: { name: 'Other Name', lock_version: created.lock_version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual(['This item was changed by someone else. Refresh and try again.']);
    const logs = (await admin.get(url(`/${created.id}/change_logs`))).json().change_logs;
    expect(logs[0]).toMatchObject({ action_name: 'Rename', deltas: { changed: { name: ['Old Name', 'New Name'] } } });
  });

  it('refuses a rename to someone who does not own the node (403), bad input (422), unknown ids (404)', async () => {
    // Folder B1 is not the owner's to see: 404, like an id that does not exist.
    expect((await owner.put(url(`/${f.b1.id}`), { item: { name: 'Mine now', lock_version: 0 } })).statusCode).toBe(404);
    expect((await author.put(url(`/${f.a1.id}`), { item: { name: 'Mine now', lock_version: 0 } })).statusCode).toBe(
      403,
    );
    const bad = await admin.put(url(`/${f.a1.id}`), { item: { name: '<script>' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContain('Name must not contain < or >.');
    expect(bad.json().errors.join(' ')).toMatch(/Lock version is required/);
    expect((await admin.put(url('/2147483000'), { item: { name: 'Ghost', lock_version: 0 } })).statusCode).toBe(404);
    expect((await admin.put(url('/abc'), { item: { name: 'Ghost', lock_version: 0 } })).statusCode).toBe(422);
  });
});

describe('DELETE containers/{id}', () => {
  it('asks for confirmation when not empty, saying what it holds, then deletes drafts with it', async () => {
    const folder = (await owner.post(url(), { item: { item_type: 2, name: 'Doomed', parent_id: f.binderA.id } })).json()
      .item;
    const sub = (await owner.post(url(), { item: { item_type: 2, name: 'Doomed Sub', parent_id: folder.id } })).json()
      .item;
    const draft = await createTestPnp(t.deps, f.org.id, sub.id, { name: 'Doomed Draft' });
    const summary = (await owner.get(url(`/${folder.id}/summary`))).json();
    expect(summary).toMatchObject({ folders: 1, pnps: 1, blocking_pnps: [] });
    const ask = await owner.delete(url(`/${folder.id}`));
    expect(ask.statusCode).toBe(422);
    expect(ask.json()).toMatchObject({
      custom_error: 'confirmation_required',
      errors: ['This folder is not empty: it holds 1 folder and 1 P&P. Confirm to delete it with everything inside.'],
    });
    expect((await owner.delete(url(`/${folder.id}?confirm=true`))).statusCode).toBe(204);
    const tree = (await admin.get(url('?bypass_val=true'))).json();
    expect(names(tree)).not.toContain('Doomed');
    expect(names(tree)).not.toContain(draft.name);
    expect((await admin.get(url(`/${folder.id}/change_logs`))).statusCode).toBe(404);
  });

  it('refuses to delete a container holding published P&Ps, naming them', async () => {
    const folder = (
      await admin.post(url(), { item: { item_type: 2, name: 'Has Published', parent_id: f.binderB.id } })
    ).json().item;
    await createTestPnp(t.deps, f.org.id, folder.id, { name: 'Live Policy', status: 2 });
    const res = await admin.delete(url(`/${folder.id}?confirm=true`));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/published or retired P&Ps, which cannot be deleted: Live Policy/);
  });

  it('names the first 50 published P&Ps that block a delete and says how many more there are', async () => {
    const folder = (
      await admin.post(url(), { item: { item_type: 2, name: 'Many Published', parent_id: f.binderB.id } })
    ).json().item;
    for (let i = 0; i < 52; i += 1) {
      await createTestPnp(t.deps, f.org.id, folder.id, { name: `Live ${String(i).padStart(2, '0')}`, status: 2 });
    }
    const summary = (await admin.get(url(`/${folder.id}/summary`))).json();
    expect(summary.blocking_pnps).toHaveLength(50);
    expect(summary.blocking_total).toBe(52);
    const res = await admin.delete(url(`/${folder.id}?confirm=true`));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/cannot be deleted: Live 00, Live 01, .*, Live 49 and 2 more\. Move them/);
  });

  it('deletes an empty folder without confirmation; refuses binders to owners and anything to others', async () => {
    const folder = (await owner.post(url(), { item: { item_type: 2, name: 'Empty', parent_id: f.binderA.id } })).json()
      .item;
    expect((await author.delete(url(`/${folder.id}`))).statusCode).toBe(403);
    expect((await owner.delete(url(`/${folder.id}?lock_version=${folder.lock_version + 5}`))).statusCode).toBe(409);
    expect((await owner.delete(url(`/${folder.id}`))).statusCode).toBe(204);
    const binder = await owner.delete(url(`/${f.binderA.id}?confirm=true`));
    expect(binder.statusCode).toBe(403);
    expect(binder.json().errors[0]).toMatch(/Only organization administrators can delete binders/);
    expect((await admin.delete(url('/2147483000'))).statusCode).toBe(404);
  });

  it('refuses an owner a subtree holding a folder that overrides access without them', async () => {
    const { grant } = await import('../../test/factories');
    const folder = (await owner.post(url(), { item: { item_type: 2, name: 'Mixed', parent_id: f.binderA.id } })).json()
      .item;
    const locked = (
      await owner.post(url(), { item: { item_type: 2, name: 'Locked Away', parent_id: folder.id } })
    ).json().item;
    await grant(t.deps, f.org.id, { containerId: locked.id }, { userId: f.author.id }, 1);
    const res = await owner.delete(url(`/${folder.id}?confirm=true`));
    expect(res.statusCode).toBe(403);
    // The owner may not see the folder that overrides access without them: it is counted, not named.
    expect((await owner.get(url(`/${locked.id}`))).statusCode).toBe(404);
    expect(res.json().errors).toEqual([
      'You are not an owner of everything in Mixed: it holds 1 folder you cannot see.',
    ]);
  });

  it('names the first 20 folders the owner sees but does not own, says how many more, and never names one they cannot see', async () => {
    const { grant } = await import('../../test/factories');
    const folder = (
      await owner.post(url(), { item: { item_type: 2, name: 'Crowded', parent_id: f.binderA.id } })
    ).json().item;
    for (let i = 0; i < 22; i += 1) {
      const locked = (
        await owner.post(url(), {
          item: { item_type: 2, name: `Locked ${String(i).padStart(2, '0')}`, parent_id: folder.id },
        })
      ).json().item;
      // Owned by the author; the owner stays in its audience, so sees it without owning it.
      await grant(t.deps, f.org.id, { containerId: locked.id }, { userId: f.author.id }, 1);
      await grant(t.deps, f.org.id, { containerId: locked.id }, { userId: f.owner.id }, 5);
    }
    const hidden = (
      await owner.post(url(), { item: { item_type: 2, name: 'Hidden Away', parent_id: folder.id } })
    ).json().item;
    await grant(t.deps, f.org.id, { containerId: hidden.id }, { userId: f.author.id }, 1);
    const res = await owner.delete(url(`/${folder.id}?confirm=true`));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).not.toMatch(/Hidden Away/);
    expect(res.json().errors[0]).toMatch(
      /not an owner of everything in Crowded: Locked 00, .*, Locked 19 and 2 more; it also holds 1 folder you cannot see\.$/,
    );
  });
});

describe('GET pnps/{pnpId}/containers', () => {
  it('answers the path of a visible P&P, and 404 alike for one the caller may not see and for unknown ids', async () => {
    const pnp = await createTestPnp(t.deps, f.org.id, f.a1a.id, { name: 'Deep Policy', status: 2 });
    const res = await audience.get(`/api/o/${f.org.id}/pnps/${pnp.id}/containers`);
    expect(res.statusCode).toBe(200);
    expect(res.json().containers.map((c: { name: string }) => c.name)).toEqual(['Binder A', 'Folder A1', 'Folder A1a']);
    const hidden = await stranger.get(`/api/o/${f.org.id}/pnps/${pnp.id}/containers`);
    const missing = await admin.get(`/api/o/${f.org.id}/pnps/2147483000/containers`);
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(missing.json().errors);
    expect(hidden.body).not.toContain('Deep Policy');
    expect((await t.anonymous().get(`/api/o/${f.org.id}/pnps/${pnp.id}/containers`)).statusCode).toBe(401);
  });
});

describe('change logs and summary of a container', () => {
  it('are for managers only', async () => {
    expect((await author.get(url(`/${f.a1.id}/change_logs`))).statusCode).toBe(403);
    expect((await author.get(url(`/${f.a1.id}/summary`))).statusCode).toBe(403);
    expect((await owner.get(url(`/${f.a1.id}/change_logs`))).statusCode).toBe(200);
  });

  it('answer 404 with no name, exactly like an id that does not exist, to those who may not see the container', async () => {
    for (const what of ['summary', 'change_logs']) {
      const hidden = await stranger.get(url(`/${f.a1.id}/${what}`));
      const missing = await stranger.get(url(`/2147483000/${what}`));
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().errors).toEqual(missing.json().errors);
      expect(hidden.body).not.toContain(f.a1.name);
    }
  });

  it('are invisible to other organisations', async () => {
    const other = await createOrg(t.deps);
    const outsider = await createUser(t.deps, other.id, { isAdmin: true });
    const agent = await t.signIn(outsider.username, outsider.password);
    expect((await agent.get(`/api/o/${other.id}/containers/${f.a1.id}/change_logs`)).statusCode).toBe(404);
    expect((await agent.get(`/api/o/${other.id}/containers/${f.a1.id}/summary`)).statusCode).toBe(404);
    expect((await agent.delete(`/api/o/${other.id}/containers/${f.a1.id}?confirm=true`)).statusCode).toBe(404);
  });
});
