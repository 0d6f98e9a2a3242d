import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createContainer, createGroup, createOrg, createUser, grant, type TestUser } from '../../test/factories';
import { pdfOf, postForm } from '../../test/pnp-factories';

/**
 * Product rules: a policy owner may create a P&P wherever they hold a role, Audience included; a new
 * P&P is a Draft, seen only by its Owner, Authors, Reviewers and Approvers. The creator must be able
 * to open what they created, and nobody else's access may change.
 */
let t: TestApp;
let orgId: number;
let binderId: number;
let folderId: number;
let policyOwner: TestUser;
let author: TestUser;
let reader: TestUser;
let groupReader: TestUser;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.deps);
  orgId = org.id;
  policyOwner = await createUser(t.deps, orgId, { isPolicyOwner: true, firstName: 'Pat', lastName: 'Policy' });
  author = await createUser(t.deps, orgId, { firstName: 'Ann', lastName: 'Author' });
  reader = await createUser(t.deps, orgId, { firstName: 'Rob', lastName: 'Reader' });
  groupReader = await createUser(t.deps, orgId, { firstName: 'Gil', lastName: 'Grouped' });
  const group = await createGroup(t.deps, orgId, [groupReader.id]);
  groupId = group.id;
  const binder = await createContainer(t.deps, orgId);
  const folder = await createContainer(t.deps, orgId, { parentId: binder.id });
  folderId = folder.id;
  binderId = binder.id;
  await grant(t.deps, orgId, { containerId: binder.id }, { userId: author.id }, 2);
  await grant(t.deps, orgId, { containerId: binder.id }, { userId: policyOwner.id }, 5);
  await grant(t.deps, orgId, { containerId: binder.id }, { userId: reader.id }, 5);
  await grant(t.deps, orgId, { containerId: binder.id }, { groupId }, 5);
});
afterAll(async () => t.close());

async function create(agent: Awaited<ReturnType<TestApp['signIn']>>, name: string, participants?: unknown[]) {
  const bytes = await pdfOf(name, ['Wash hands before and after every patient contact.']);
  return postForm(
    agent,
    `/api/o/${orgId}/pnps`,
    {
      pnp: JSON.stringify({ name, container_id: folderId, ...(participants ? { participants } : {}) }),
      document: '{}',
    },
    [{ field: 'file', name: `${name}.pdf`, type: 'application/pdf', bytes }],
  );
}

interface ParticipantRow {
  role: number;
  user_id: number | null;
  group_id: number | null;
  inherited: boolean;
}
const rolesOf = (body: unknown): ParticipantRow[] =>
  (body as { pnp: { assignments: { roles: ParticipantRow[] } } }).pnp.assignments.roles;

describe('POST pnps by a policy owner who is only Audience in the folder', () => {
  it('creates the Draft with participants of its own: the folder’s, and the creator as Owner', async () => {
    const pat = await t.signIn(policyOwner.username, policyOwner.password);
    const res = await create(pat, 'Hand hygiene by Pat');
    expect(res.statusCode).toBe(201);
    const pnpId = res.json<{ pnp: { id: number } }>().pnp.id;

    const opened = await pat.get(`/api/o/${orgId}/pnps/${pnpId}`);
    expect(opened.statusCode).toBe(200);
    const roles = rolesOf(opened.json());
    const own = roles.map((p) => ({ role: p.role, user_id: p.user_id, group_id: p.group_id }));
    expect(roles.every((p) => !p.inherited)).toBe(true);
    expect(own).toEqual(
      expect.arrayContaining([
        { role: 1, user_id: policyOwner.id, group_id: null },
        { role: 2, user_id: author.id, group_id: null },
        { role: 5, user_id: policyOwner.id, group_id: null },
        { role: 5, user_id: reader.id, group_id: null },
        { role: 5, user_id: null, group_id: groupId },
      ]),
    );
    expect(own).toHaveLength(5);

    // The folder's Author still works on it; a reader still may not see a Draft.
    const ann = await t.signIn(author.username, author.password);
    expect((await ann.get(`/api/o/${orgId}/pnps/${pnpId}`)).statusCode).toBe(200);
    const rob = await t.signIn(reader.username, reader.password);
    expect((await rob.get(`/api/o/${orgId}/pnps/${pnpId}`)).statusCode).toBe(404);
  });

  it('adds the creator as Owner to participants they chose without themselves', async () => {
    const pat = await t.signIn(policyOwner.username, policyOwner.password);
    const res = await create(pat, 'Sharps by Pat', [
      { user_id: author.id, role: 1 },
      { group_id: groupId, role: 5 },
    ]);
    expect(res.statusCode).toBe(201);
    const pnpId = res.json<{ pnp: { id: number } }>().pnp.id;
    const roles = rolesOf((await pat.get(`/api/o/${orgId}/pnps/${pnpId}`)).json());
    expect(roles.map((p) => [p.role, p.user_id, p.group_id]).sort()).toEqual(
      [
        [1, author.id, null],
        [1, policyOwner.id, null],
        [5, null, groupId],
      ].sort(),
    );
  });

  it('leaves a P&P inheriting when the creator works where it goes (an Author there)', async () => {
    const worker = await createUser(t.deps, orgId, { isPolicyOwner: true, firstName: 'Wes', lastName: 'Worker' });
    await grant(t.deps, orgId, { containerId: binderId }, { userId: worker.id }, 2);
    const wes = await t.signIn(worker.username, worker.password);
    const res = await create(wes, 'Falls by Wes');
    expect(res.statusCode).toBe(201);
    const roles = rolesOf((await wes.get(`/api/o/${orgId}/pnps/${res.json<{ pnp: { id: number } }>().pnp.id}`)).json());
    expect(roles.some((p) => p.user_id === worker.id && p.role === 2)).toBe(true);
    expect(roles.every((p) => p.inherited)).toBe(true);
  });
});
