import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPANTS_CHANGED_MESSAGE } from '../../../shared/api/access';
import { createContainer, createUser, grant, type TestUser } from '../../test/factories';
import { createTestPnp, createTreeFixture, type TreeFixture } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

/**
 * The access editor's two refusals:
 *
 * - a change made from participants someone else has changed since it read them (409): every change
 *   sends the participants_version it read, as every other editor sends its lock version;
 * - a Reset to Parent that would take the node away from a caller who is not an admin (422): the
 *   parent's participants (names and e-mails of a binder they may not read) never reach them.
 */
let t: TestApp;
let f: TreeFixture;
let admin: Agent;
let secondAdmin: Agent;
let bea: Agent;
let ann: Agent;
let stan: Agent;
let carl: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTreeFixture(t.deps);
  const other = await createUser(t.deps, f.org.id, { isAdmin: true, firstName: 'Otto', lastName: 'Admin' });
  carl = await createUser(t.deps, f.org.id, { firstName: 'Carl', lastName: 'Colleague' });
  admin = await t.signIn(f.admin.username, f.admin.password);
  secondAdmin = await t.signIn(other.username, other.password);
  bea = await t.signIn(f.owner.username, f.owner.password);
  ann = await t.signIn(f.author.username, f.author.password);
  stan = await t.signIn(f.stranger.username, f.stranger.password);
});
afterAll(async () => t.close());

const base = () => `/api/o/${f.org.id}/access`;
const user = (u: { id: number }) => ({ type: 'User', id: u.id });
const fetchP = (agent: Agent, type: number, id: number) =>
  agent.get(`${base()}/fetch_participants?object_type=${type}&object_id=${id}`);
/** The participants_version `agent` reads now. */
const versionSeenBy = async (agent: Agent, type: number, id: number): Promise<string> => {
  const read = await fetchP(agent, type, id);
  expect(read.statusCode, read.body).toBe(200);
  return read.json().participants_version as string;
};
const put = (agent: Agent, id: number, body: Record<string, unknown>) => agent.put(`${base()}/${id}`, body);
const reset = (agent: Agent, id: number, body: Record<string, unknown>) =>
  agent.post(`${base()}/${id}/reset_to_parent`, body);
const namesIn = async (type: number, id: number, key: string): Promise<string[]> =>
  (await fetchP(admin, type, id)).json().participants[key].map((p: { name: string }) => p.name);
const logsOf = async (id: number): Promise<Array<{ action_name: string }>> =>
  (await admin.get(`/api/o/${f.org.id}/containers/${id}/change_logs`)).json().change_logs;

/** A folder of binder A with its own participants: Bea owns it, Ann writes in it. */
async function ownFolder(name: string): Promise<{ id: number; name: string }> {
  const folder = await createContainer(t.deps, f.org.id, { parentId: f.binderA.id, name: `${name} ${Date.now()}` });
  await grant(t.deps, f.org.id, { containerId: folder.id }, { userId: f.owner.id }, 1);
  await grant(t.deps, f.org.id, { containerId: folder.id }, { userId: f.author.id }, 2);
  return folder;
}
const ownLists = () => ({ owners: [user(f.owner)], authors: [user(f.author)] });

describe('PUT access/{id} from participants someone else changed since', () => {
  it('is refused (409) and keeps their change; saved again from the participants as they are now', async () => {
    const folder = await ownFolder('Shared Folder');
    // Admin 1 opens the folder's participants; Admin 2 adds Carl as Reviewer meanwhile.
    const opened = await versionSeenBy(admin, 2, folder.id);
    const added = await put(secondAdmin, folder.id, {
      object_type: 2,
      participants: { ...ownLists(), reviewers: [user(carl)] },
      participants_version: await versionSeenBy(secondAdmin, 2, folder.id),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().participants_version).not.toBe(opened);

    const logged = (await logsOf(folder.id)).length;
    const stale = await put(admin, folder.id, {
      object_type: 2,
      participants: { ...ownLists(), audience: [{ type: 'Group', id: f.staff.id }] },
      participants_version: opened,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([PARTICIPANTS_CHANGED_MESSAGE]);
    expect(await namesIn(2, folder.id, 'reviewers')).toEqual(['Carl Colleague']);
    expect(await namesIn(2, folder.id, 'audience')).toEqual([]);
    expect(await logsOf(folder.id)).toHaveLength(logged);

    // Reloaded, the same change is saved, and its answer carries the version of the next one.
    const saved = await put(admin, folder.id, {
      object_type: 2,
      participants: { ...ownLists(), reviewers: [user(carl)], audience: [{ type: 'Group', id: f.staff.id }] },
      participants_version: await versionSeenBy(admin, 2, folder.id),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().participants_version).toBe(await versionSeenBy(admin, 2, folder.id));
    const again = await put(admin, folder.id, {
      object_type: 2,
      participants: ownLists(),
      participants_version: saved.json().participants_version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await namesIn(2, folder.id, 'reviewers')).toEqual([]);
  });

  it('is refused for a folder that inherits when the binder it inherits from changed; not for one of its own', async () => {
    const binder = await createContainer(t.deps, f.org.id, { name: `Inherited ${Date.now()}` });
    await grant(t.deps, f.org.id, { containerId: binder.id }, { userId: f.owner.id }, 1);
    const inheriting = await createContainer(t.deps, f.org.id, { parentId: binder.id, name: 'Inheriting' });
    const overriding = await createContainer(t.deps, f.org.id, { parentId: binder.id, name: 'Overriding' });
    await grant(t.deps, f.org.id, { containerId: overriding.id }, { userId: f.owner.id }, 1);
    const inheritingOpened = await versionSeenBy(bea, 2, inheriting.id);
    const overridingOpened = await versionSeenBy(bea, 2, overriding.id);

    // Carl joins the binder: the inheriting folder shows him now, the overriding one does not.
    const binderChanged = await put(admin, binder.id, {
      object_type: 1,
      participants: { owners: [user(f.owner)], reviewers: [user(carl)] },
      participants_version: await versionSeenBy(admin, 1, binder.id),
    });
    expect(binderChanged.statusCode, binderChanged.body).toBe(200);

    // A save from the list Bea saw would give the folder the binder's old people without Carl.
    const stale = await put(bea, inheriting.id, {
      object_type: 2,
      participants: { owners: [user(f.owner)], authors: [user(f.author)] },
      participants_version: inheritingOpened,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([PARTICIPANTS_CHANGED_MESSAGE]);
    expect(await fetchP(admin, 2, inheriting.id).then((r) => r.json().inherits_access)).toBe(true);

    const own = await put(bea, overriding.id, {
      object_type: 2,
      participants: { owners: [user(f.owner)], authors: [user(f.author)] },
      participants_version: overridingOpened,
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('is refused for a P&P whose participants changed since', async () => {
    const pnp = await createTestPnp(t.deps, f.org.id, f.a2.id, { inheritsAccess: false });
    await grant(t.deps, f.org.id, { pnpId: pnp.id }, { userId: f.owner.id }, 1);
    const opened = await versionSeenBy(admin, 3, pnp.id);
    const changed = await put(secondAdmin, pnp.id, {
      object_type: 3,
      participants: { owners: [user(f.owner)], reviewers: [user(carl)] },
      participants_version: opened,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = await put(admin, pnp.id, {
      object_type: 3,
      participants: { owners: [user(f.owner)] },
      participants_version: opened,
    });
    expect(stale.statusCode).toBe(409);
    expect(await namesIn(3, pnp.id, 'reviewers')).toEqual(['Carl Colleague']);
  });
});

describe('POST reset_to_parent from participants someone else changed since', () => {
  it('is refused (409) and drops nothing; done from the participants as they are now', async () => {
    const folder = await ownFolder('Reset Folder');
    const opened = await versionSeenBy(bea, 2, folder.id);
    const added = await put(secondAdmin, folder.id, {
      object_type: 2,
      participants: { ...ownLists(), reviewers: [user(carl)] },
      participants_version: await versionSeenBy(secondAdmin, 2, folder.id),
    });
    expect(added.statusCode, added.body).toBe(200);

    const stale = await reset(bea, folder.id, { object_type: 2, participants_version: opened });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([PARTICIPANTS_CHANGED_MESSAGE]);
    expect((await fetchP(admin, 2, folder.id)).json().inherits_access).toBe(false);
    expect(await namesIn(2, folder.id, 'reviewers')).toEqual(['Carl Colleague']);
    expect((await logsOf(folder.id)).map((l) => l.action_name)).not.toContain('Reset To Parent');

    const fresh = await reset(bea, folder.id, {
      object_type: 2,
      participants_version: await versionSeenBy(bea, 2, folder.id),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ inherits_access: true, inherited_from: { name: 'Binder A' } });
  });
});

describe('a Reset to Parent that would take the node away from the caller', () => {
  /**
   * The reviewer's case: the Executive Binder is Eve's (Bea has no role on it); Bea Folder in it has
   * participants of its own, Bea its Owner.
   */
  async function executiveScene() {
    const eve = await createUser(t.deps, f.org.id, { firstName: 'Eve', lastName: 'Executive' });
    const binder = await createContainer(t.deps, f.org.id, { name: `Executive Binder ${Date.now()}` });
    await grant(t.deps, f.org.id, { containerId: binder.id }, { userId: eve.id }, 1);
    const folder = await createContainer(t.deps, f.org.id, { parentId: binder.id, name: 'Bea Folder' });
    await grant(t.deps, f.org.id, { containerId: folder.id }, { userId: f.owner.id }, 1);
    return { eve, binder, folder };
  }
  const refusal = (kind: string, name: string) =>
    `Reset to Parent would leave you without ownership of ${kind} ${name}: the participants it would inherit from its parent do not make you an Owner, so you could no longer manage it. Ask an owner of the binder or folder above it, or an organization administrator, to reset it.`;

  it('is refused (422) with why and whom to ask, no participant of the parent in the answer, nothing changed', async () => {
    const { eve, binder, folder } = await executiveScene();
    expect((await fetchP(bea, 1, binder.id)).statusCode).toBe(404);
    const opened = await versionSeenBy(bea, 2, folder.id);

    for (const subtree of [false, true]) {
      const res = await reset(bea, folder.id, { object_type: 2, subtree, participants_version: opened });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([refusal('folder', 'Bea Folder')]);
      for (const secret of [eve.name, eve.email, eve.username, binder.name]) expect(res.body).not.toContain(secret);
    }
    const after = (await fetchP(bea, 2, folder.id)).json();
    expect(after).toMatchObject({ inherits_access: false, abilities: { edit: true }, participants_version: opened });
    expect(after.participants.owners.map((p: { name: string }) => p.name)).toEqual(['Bea Binder']);
    expect((await logsOf(folder.id)).map((l) => l.action_name)).not.toContain('Reset To Parent');
  });

  it('is refused when the caller would keep reading the node but no longer manage it', async () => {
    const { binder, folder } = await executiveScene();
    await grant(t.deps, f.org.id, { containerId: binder.id }, { userId: f.owner.id }, 3);
    const res = await reset(bea, folder.id, {
      object_type: 2,
      participants_version: await versionSeenBy(bea, 2, folder.id),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([refusal('folder', 'Bea Folder')]);
    expect((await fetchP(admin, 2, folder.id)).json().inherits_access).toBe(false);
  });

  it('is refused for a P&P Owner whose binder gives them nothing', async () => {
    const pnp = await createTestPnp(t.deps, f.org.id, f.b1.id, { inheritsAccess: false, name: 'Pat Policy' });
    const pat = await createUser(t.deps, f.org.id, { firstName: 'Pat', lastName: 'Owner' });
    await grant(t.deps, f.org.id, { pnpId: pnp.id }, { userId: pat.id }, 1);
    const patAgent = await t.signIn(pat.username, pat.password);
    const res = await reset(patAgent, pnp.id, {
      object_type: 3,
      participants_version: await versionSeenBy(patAgent, 3, pnp.id),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([refusal('P&P', 'Pat Policy')]);
    expect((await fetchP(admin, 3, pnp.id)).json().inherits_access).toBe(false);
  });

  it('is done by an organization administrator, who keeps managing everything', async () => {
    const { eve, folder } = await executiveScene();
    const res = await reset(admin, folder.id, {
      object_type: 2,
      participants_version: await versionSeenBy(admin, 2, folder.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inherits_access: true, abilities: { edit: true } });
    expect(res.json().participants.owners.map((p: { name: string }) => p.name)).toEqual([eve.name]);
  });
});

describe('participants_version: who is refused first, and what it must be', () => {
  it('is read with the participants', async () => {
    expect(await versionSeenBy(admin, 1, f.binderA.id)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 401 to a caller not signed in', async () => {
    const folder = await ownFolder('Anonymous');
    const version = await versionSeenBy(admin, 2, folder.id);
    const anonymous = t.anonymous();
    const body = { object_type: 2, participants: ownLists(), participants_version: version };
    expect((await put(anonymous, folder.id, body)).statusCode).toBe(401);
    expect((await reset(anonymous, folder.id, { object_type: 2, participants_version: version })).statusCode).toBe(401);
  });

  it('answers 403 to a caller who reads the node but may not change it, whatever version they send', async () => {
    const folder = await ownFolder('Read Only');
    const version = await versionSeenBy(ann, 2, folder.id);
    for (const participants_version of [version, '0'.repeat(64)]) {
      expect((await put(ann, folder.id, { object_type: 2, participants: {}, participants_version })).statusCode).toBe(
        403,
      );
      expect((await reset(ann, folder.id, { object_type: 2, participants_version })).statusCode).toBe(403);
    }
  });

  it('answers 404 with no name to a caller who may not see the node, even with its right version', async () => {
    const version = await versionSeenBy(admin, 2, f.b1.id);
    const hidden = await put(stan, f.b1.id, { object_type: 2, participants: {}, participants_version: version });
    const missing = await put(stan, 2147483000, { object_type: 2, participants: {}, participants_version: version });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(missing.json().errors);
    expect(hidden.body).not.toContain(f.b1.name);
    const hiddenReset = await reset(stan, f.b1.id, { object_type: 2, participants_version: version });
    expect(hiddenReset.statusCode).toBe(404);
    expect(hiddenReset.body).not.toContain(f.b1.name);
  });

  it('answers 422 when it is missing or not a version, and changes nothing', async () => {
    const folder = await ownFolder('Malformed');
    const before = await versionSeenBy(admin, 2, folder.id);
    for (const participants_version of [undefined, '', 'abc', 'G'.repeat(64), 12, null]) {
      const body = participants_version === undefined ? {} : { participants_version };
      const refusedPut = await put(admin, folder.id, { object_type: 2, participants: {}, ...body });
      expect(refusedPut.statusCode, JSON.stringify(participants_version)).toBe(422);
      expect(refusedPut.json().errors.join(' ')).toMatch(/Participants version must be the participants_version/);
      const refusedReset = await reset(admin, folder.id, { object_type: 2, ...body });
      expect(refusedReset.statusCode, JSON.stringify(participants_version)).toBe(422);
      expect(refusedReset.json().errors.join(' ')).toMatch(/Participants version must be the participants_version/);
    }
    expect(await versionSeenBy(admin, 2, folder.id)).toBe(before);
  });
});
