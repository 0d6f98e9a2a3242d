import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNP_CHANGED_MESSAGE } from '../../../shared/api/pnps';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { putAccess } from '../../test/access-calls';

/**
 * A P&P's participants saved from its Assignments screen replace every one of them: a save made from
 * what the editor read before someone else changed them (in the access editor, or by a bulk
 * reassignment) would silently undo that change. The screen sends the lock version it opened, and
 * every change of the P&P's own participants moves it on, so such a save is refused (409).
 */
let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

const user = (id: number) => [{ type: 'User', id }];
const participants = (owner: number, reviewer: number) => ({
  owners: user(owner),
  authors: user(w.author.id),
  reviewers: user(reviewer),
  approvers: [],
});
/** The same people as the P&P settings' list (PUT pnps/{id}). */
const listOf = (owner: number, reviewer: number) => [
  { user_id: owner, role: 1 },
  { user_id: w.author.id, role: 2 },
  { user_id: reviewer, role: 3 },
];
const pnpUrl = (id: number) => `/api/o/${w.org.id}/pnps/${id}`;

/** A P&P with participants of its own (Bo owns it, Rae reviews it), and the lock version an editor reads. */
async function ownParticipants(name: string): Promise<{ id: number; opened: number }> {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `${name} ${Date.now()}`);
  const id = created.pnp.id;
  const set = await a.admin.put(pnpUrl(id), { pnp: { participants: listOf(w.binderOwner.id, w.reviewer.id) } });
  expect(set.statusCode, set.body).toBe(200);
  const read = await a.admin.get(pnpUrl(id));
  return { id, opened: read.json().pnp.lock_version as number };
}

const reviewersOf = async (id: number): Promise<number[]> =>
  (await a.admin.get(pnpUrl(id)))
    .json()
    .pnp.assignments.roles.filter((r: { role: number; inherited: boolean }) => r.role === 3 && !r.inherited)
    .map((r: { user_id: number }) => r.user_id);

describe('PUT pnps/{id} with participants, after someone else changed them', () => {
  it('is refused when the access editor changed them meanwhile, and keeps that change', async () => {
    const pnp = await ownParticipants('Access Meanwhile');
    const meanwhile = await putAccess(a.admin, `/api/o/${w.org.id}/access/${pnp.id}`, {
      object_type: 3,
      participants: participants(w.binderOwner.id, w.approver1.id),
    });
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);

    const stale = await a.admin.put(pnpUrl(pnp.id), {
      pnp: { participants: listOf(w.binderOwner.id, w.reviewer.id), lock_version: pnp.opened },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([PNP_CHANGED_MESSAGE]);
    expect(await reviewersOf(pnp.id)).toEqual([w.approver1.id]);
  });

  it('is refused when a bulk reassignment moved one of them meanwhile', async () => {
    const pnp = await ownParticipants('Reassigned Meanwhile');
    const reassigned = await a.admin.post(`/api/o/${w.org.id}/user_bulk_assign/update`, {
      reassignment_type: 'reassign',
      source: { type: 'User', id: w.reviewer.id },
      targets: [{ type: 'User', id: w.approver2.id }],
      selected_roles: [3],
      selectedContainers: [{ item_type: 3, id: pnp.id }],
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(await reviewersOf(pnp.id)).toEqual([w.approver2.id]);

    const stale = await a.admin.put(pnpUrl(pnp.id), {
      pnp: { participants: listOf(w.binderOwner.id, w.reviewer.id), lock_version: pnp.opened },
    });
    expect(stale.statusCode).toBe(409);
    expect(await reviewersOf(pnp.id)).toEqual([w.approver2.id]);
  });

  it('is saved when nobody changed them since the editor read them', async () => {
    const pnp = await ownParticipants('Nobody Meanwhile');
    const saved = await a.admin.put(pnpUrl(pnp.id), {
      pnp: { participants: listOf(w.binderOwner.id, w.approver1.id), lock_version: pnp.opened },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await reviewersOf(pnp.id)).toEqual([w.approver1.id]);
  });
});
