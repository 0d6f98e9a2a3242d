import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createStaff, createTwoOrgs, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  // No reviewers, one approval step: Authoring -> Approving: Step 1 -> Publishing.
  w = await createWorkflowOrg(t.deps, { reviewers: false, steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

interface TaskView {
  id: number;
  kind: string;
  status: number;
  user_id: number;
  user_name: string;
  for_user_name: string | null;
  pnp_id: number;
  stage_label: string | null;
  actions: string[];
}
interface DelegationView {
  user_id: number;
  user_name: string;
  delegate_id: number;
  delegate_name: string;
  starts_at: string;
  ends_at: string;
  active: boolean;
  created_by_name: string | null;
}

const SELF = '/api/self/delegation';
const adminUrl = (userId: number, orgId = w.org.id) => `/api/o/${orgId}/users/${userId}/delegation`;
const tasksUrl = (suffix = '') => `/api/o/${w.org.id}/tasks${suffix}`;
const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
const window = (delegateId: number, fromMs = -HOUR, untilMs = 2 * DAY) => ({
  delegation: { delegate_id: delegateId, starts_at: at(fromMs), ends_at: at(untilMs) },
});

const listOpen = async (agent: Agent): Promise<TaskView[]> => {
  const res = await agent.get(tasksUrl('?status=1&per_page=100'));
  expect(res.statusCode).toBe(200);
  return res.json<{ tasks: TaskView[] }>().tasks;
};
const tasksOf = async (agent: Agent, pnpId: number) => (await listOpen(agent)).filter((x) => x.pnp_id === pnpId);
const act = (agent: Agent, id: number, body: Record<string, unknown>) => agent.put(tasksUrl(`/${id}`), body);
const rows = <T>(query: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, query));

/** A new draft submitted by its author: it waits in Approving: Step 1 for approver1. */
async function draftForApproval(name = `Policy ${Math.random().toString(16).slice(2, 8)}`) {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, name);
  const d = { pnpId: created.pnp.id, docId: created.pnp_document.id, name };
  const author = (await tasksOf(a.author, d.pnpId)).find((x) => x.kind === 'Author');
  expect((await act(a.author, author!.id, { task_action: 'Submit' })).statusCode).toBe(200);
  return d;
}

const stageOf = async (docId: number) =>
  (await rows<{ draft_stage: number | null }>(sql`select draft_stage from pnp_documents where id = ${docId}`))[0]!
    .draft_stage;

afterEach(async () => {
  // Each test sets its own windows; none outlives it.
  await rows(sql`delete from delegations where org_id = ${w.org.id}`);
});

describe('self/delegation and users/{id}/delegation: who may call', () => {
  it('401 without a session', async () => {
    const anon = t.anonymous();
    expect((await anon.get(SELF)).statusCode).toBe(401);
    expect((await anon.put(SELF, window(w.outsider.id))).statusCode).toBe(401);
    expect((await anon.delete(SELF)).statusCode).toBe(401);
    expect((await anon.get(`${SELF}/candidates`)).statusCode).toBe(401);
    expect((await anon.get(adminUrl(w.approver1.id))).statusCode).toBe(401);
    expect((await anon.put(adminUrl(w.approver1.id), window(w.outsider.id))).statusCode).toBe(401);
    expect((await anon.delete(adminUrl(w.approver1.id))).statusCode).toBe(401);
  });

  it('403 for provider staff, and for someone else’s window unless an org admin', async () => {
    const staff = await createStaff(t.deps);
    const agent = await t.signIn(staff.username, staff.password);
    expect((await agent.get(SELF)).statusCode).toBe(403);
    expect((await agent.put(SELF, window(w.outsider.id))).statusCode).toBe(403);
    for (const res of [
      await a.author.get(adminUrl(w.approver1.id)),
      await a.author.put(adminUrl(w.approver1.id), window(w.outsider.id)),
      await a.author.delete(adminUrl(w.approver1.id)),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ errors: string[] }>().errors).toEqual(['Only organization administrators can do this.']);
    }
  });

  it('404 for another organisation’s user or no such user, naming nothing', async () => {
    const { userB, orgB } = await createTwoOrgs(t.deps);
    for (const res of [
      await a.admin.get(adminUrl(userB.id)),
      await a.admin.put(adminUrl(userB.id), window(w.outsider.id)),
      await a.admin.delete(adminUrl(userB.id)),
      await a.admin.get(adminUrl(2_000_000_000)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ errors: string[] }>().errors).toEqual(['The user was not found.']);
    }
    expect((await a.admin.get(adminUrl(w.approver1.id, orgB.id))).statusCode).toBe(404);
  });
});

describe('PUT self/delegation: what a person may set', () => {
  const errorsOf = async (body: unknown, agent: Agent = a.approver1) => {
    const res = await agent.put(SELF, body as Record<string, unknown>);
    expect(res.statusCode).toBe(422);
    return res.json<{ errors: string[] }>().errors;
  };

  it('422 with the reasons in words: shape, dates, order, past, oneself, a stranger or an inactive user', async () => {
    expect(await errorsOf({})).toEqual(['Delegation is required.']);
    expect(await errorsOf({ delegation: { delegate_id: w.outsider.id, starts_at: 'tomorrow', ends_at: '' } })).toEqual(
      expect.arrayContaining(['Away from must be a date and time.', 'Away until is required.']),
    );
    expect(await errorsOf(window(w.outsider.id, DAY, HOUR))).toEqual(['Away until must be after Away from.']);
    expect(await errorsOf(window(w.outsider.id, -3 * DAY, -DAY))).toEqual(['Away until must be in the future.']);
    expect(await errorsOf(window(w.outsider.id, 0, 400 * DAY))).toEqual(['An away window can last at most a year.']);
    expect(await errorsOf(window(w.approver1.id))).toEqual(['Your tasks cannot go to yourself: choose someone else.']);
    const { userB } = await createTwoOrgs(t.deps);
    const inactive = await createUser(t.deps, w.org.id, { status: 2 });
    for (const id of [userB.id, inactive.id, 2_000_000_000]) {
      expect(await errorsOf(window(id))).toEqual([
        'Choose an active user of your organization for the tasks to go to.',
      ]);
    }
    expect((await a.approver1.get(SELF)).json()).toEqual({ delegation: null });
  });

  it('sets, replaces, reads and clears one’s own window; an admin sets someone’s for them', async () => {
    expect((await a.approver1.get(SELF)).json()).toEqual({ delegation: null });
    const set = await a.approver1.put(SELF, window(w.outsider.id, DAY, 3 * DAY));
    expect(set.statusCode).toBe(200);
    expect(set.json<{ delegation: DelegationView }>().delegation).toMatchObject({
      user_id: w.approver1.id,
      user_name: 'Al First',
      delegate_id: w.outsider.id,
      delegate_name: 'Oz Outsider',
      active: false,
      created_by_name: 'Al First',
    });
    // Setting it again replaces it: one window per person, never two overlapping.
    const replaced = await a.approver1.put(SELF, window(w.reader.id));
    expect(replaced.json<{ delegation: DelegationView }>().delegation).toMatchObject({
      delegate_name: 'Rob Reader',
      active: true,
    });
    expect((await rows(sql`select 1 from delegations where user_id = ${w.approver1.id}`)).length).toBe(1);
    expect((await a.approver1.delete(SELF)).statusCode).toBe(204);
    expect((await a.approver1.get(SELF)).json()).toEqual({ delegation: null });

    const byAdmin = await a.admin.put(adminUrl(w.approver2.id), window(w.outsider.id));
    expect(byAdmin.statusCode).toBe(200);
    const seen = (await a.approver2.get(SELF)).json<{ delegation: DelegationView }>().delegation;
    expect(seen).toMatchObject({ delegate_name: 'Oz Outsider', created_by_name: 'Olive Admin', active: true });
    expect((await a.admin.get(adminUrl(w.approver2.id))).json()).toEqual({ delegation: seen });
    expect((await a.admin.delete(adminUrl(w.approver2.id))).statusCode).toBe(204);
    expect((await a.approver2.get(SELF)).json()).toEqual({ delegation: null });
  });

  it('an ended window reads as none', async () => {
    // Sessions sign out after 30 idle minutes: the clock moves less than that.
    await a.approver1.put(SELF, window(w.outsider.id, -5 * MINUTE, 10 * MINUTE));
    t.clock.advance(20 * MINUTE);
    try {
      expect((await a.approver1.get(SELF)).json()).toEqual({ delegation: null });
    } finally {
      t.clock.advance(-20 * MINUTE);
    }
  });

  it('candidates: the organisation’s active users, never oneself, searchable', async () => {
    const res = await a.approver1.get(`${SELF}/candidates`);
    expect(res.statusCode).toBe(200);
    const names = res.json<{ candidates: Array<{ id: number; name: string }> }>().candidates.map((c) => c.name);
    expect(names).toContain('Oz Outsider');
    expect(names).not.toContain('Al First');
    const found = (await a.approver1.get(`${SELF}/candidates?q=outs`)).json<{ candidates: Array<{ name: string }> }>();
    expect(found.candidates.map((c) => c.name)).toEqual(['Oz Outsider']);
  });
});

describe('delegation while away: routing, acting for, the end', () => {
  it('a new task during the window reaches the delegate too (notified), labelled for the away user', async () => {
    await a.approver1.put(SELF, window(w.outsider.id));
    const d = await draftForApproval();
    const own = await tasksOf(a.approver1, d.pnpId);
    expect(own).toMatchObject([{ kind: 'Approve', user_name: 'Al First', for_user_name: null }]);
    const held = await tasksOf(a.outsider, d.pnpId);
    expect(held).toMatchObject([
      { kind: 'Approve', user_id: w.approver1.id, for_user_name: 'Al First', stage_label: 'Approving: Step 1' },
    ]);
    expect(held[0]!.actions).toEqual(['Approve', 'Decline']);
    const notes = await rows<{ message: string }>(
      sql`select message from notifications where user_id = ${w.outsider.id} and message = ${`Approve '${d.name}' (step 1)`}`,
    );
    expect(notes).toHaveLength(1);
  });

  it('the delegate approves for the away approver: both tasks close, the history says who for whom', async () => {
    await a.approver1.put(SELF, window(w.outsider.id));
    const d = await draftForApproval();
    const [held] = await tasksOf(a.outsider, d.pnpId);
    const res = await act(a.outsider, held!.id, { task_action: 'Approve', comment: 'Covering for Al.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ task: TaskView }>().task).toMatchObject({ status: 2, for_user_name: 'Al First' });
    expect(await stageOf(d.docId)).toBe(5);
    expect(await tasksOf(a.approver1, d.pnpId)).toEqual([]);
    const states = await rows<{ user_id: number; status: number; completed_by: number }>(
      sql`select user_id, status, completed_by from tasks where document_id = ${d.docId} and kind = 'Approve' order by id`,
    );
    expect(states).toEqual([
      { user_id: w.approver1.id, status: 2, completed_by: w.outsider.id },
      { user_id: w.outsider.id, status: 2, completed_by: w.outsider.id },
    ]);
    const history = (await a.author.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${d.pnpId}`)).json<{
      workflow_histories?: unknown[];
    }>();
    expect(JSON.stringify(history)).toContain('Oz Outsider for Al First');
    const [approval] = await rows<{ actor_id: number; actor_name: string; on_behalf_of_id: number }>(
      sql`select actor_id, actor_name, on_behalf_of_id from workflow_history
           where document_id = ${d.docId} and action = 'Approve'`,
    );
    expect(approval).toEqual({
      actor_id: w.outsider.id,
      actor_name: 'Oz Outsider for Al First',
      on_behalf_of_id: w.approver1.id,
    });
    const [log] = await rows<{ created_by_user: string; created_by_user_id: number }>(
      sql`select created_by_user, created_by_user_id from change_logs
           where object_type = 'PnpDocument' and object_id = ${d.docId} and action_name = 'Approve'`,
    );
    expect(log).toEqual({ created_by_user: 'Oz Outsider for Al First', created_by_user_id: w.outsider.id });
    // The approval signed off the approver's slot: approving again as Al is refused.
    const again = await a.approver1.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, {
      action: 'approve',
    });
    expect(again.statusCode).toBe(422);
  });

  it('the away user may still act: their action closes the delegate’s copy (one action per slot)', async () => {
    await a.approver1.put(SELF, window(w.outsider.id));
    const d = await draftForApproval();
    const [own] = await tasksOf(a.approver1, d.pnpId);
    expect((await act(a.approver1, own!.id, { task_action: 'Approve' })).statusCode).toBe(200);
    expect(await tasksOf(a.outsider, d.pnpId)).toEqual([]);
    const [approval] = await rows<{ actor_name: string; on_behalf_of_id: number | null }>(
      sql`select actor_name, on_behalf_of_id from workflow_history where document_id = ${d.docId} and action = 'Approve'`,
    );
    expect(approval).toEqual({ actor_name: 'Al First', on_behalf_of_id: null });
  });

  it('open tasks from before the window are the delegate’s to see and take while it lasts', async () => {
    const d = await draftForApproval();
    expect(await tasksOf(a.outsider, d.pnpId)).toEqual([]);
    // A window starting later: nothing yet; once it starts, the approver's open task shows for them.
    await a.approver1.put(SELF, window(w.outsider.id, 5 * MINUTE, DAY));
    expect(await tasksOf(a.outsider, d.pnpId)).toEqual([]);
    t.clock.advance(10 * MINUTE);
    try {
      const [seen] = await tasksOf(a.outsider, d.pnpId);
      expect(seen).toMatchObject({ kind: 'Approve', user_id: w.approver1.id, for_user_name: 'Al First' });
      expect((await a.outsider.get(tasksUrl(`/${seen!.id}`))).statusCode).toBe(200);
      const res = await act(a.outsider, seen!.id, { task_action: 'Decline', comment: 'Wrong ward named.' });
      expect(res.statusCode).toBe(200);
      expect(await stageOf(d.docId)).toBe(2);
      const [decline] = await rows<{ actor_name: string }>(
        sql`select actor_name from workflow_history where document_id = ${d.docId} and action = 'Decline'`,
      );
      expect(decline!.actor_name).toBe('Oz Outsider for Al First');
    } finally {
      t.clock.advance(-10 * MINUTE);
    }
  });

  it('it ends by itself: the copy closes, nothing routes any more, and the delegate can no longer act', async () => {
    await a.approver1.put(SELF, window(w.outsider.id, -5 * MINUTE, 10 * MINUTE));
    const d = await draftForApproval();
    const [held] = await tasksOf(a.outsider, d.pnpId);
    expect(held).toBeDefined();
    t.clock.advance(20 * MINUTE);
    try {
      expect(await tasksOf(a.outsider, d.pnpId)).toEqual([]);
      const [copy] = await rows<{ status: number }>(sql`select status from tasks where id = ${held!.id}`);
      expect(copy!.status).toBe(3);
      expect(await tasksOf(a.approver1, d.pnpId)).toMatchObject([{ kind: 'Approve', status: 1 }]);
      const late = await act(a.outsider, held!.id, { task_action: 'Approve' });
      expect(late.statusCode).toBe(409);
      // The approver's own task is no longer the delegate's to see or take.
      const [own] = await tasksOf(a.approver1, d.pnpId);
      expect((await act(a.outsider, own!.id, { task_action: 'Approve' })).statusCode).toBe(404);
      // A new task after the end stays with the approver alone.
      const e = await draftForApproval();
      expect(await tasksOf(a.outsider, e.pnpId)).toEqual([]);
      expect(await tasksOf(a.approver1, e.pnpId)).toHaveLength(1);
    } finally {
      t.clock.advance(-20 * MINUTE);
    }
  });

  it('clearing the window closes the delegate’s copies at once', async () => {
    await a.approver1.put(SELF, window(w.outsider.id));
    const d = await draftForApproval();
    expect(await tasksOf(a.outsider, d.pnpId)).toHaveLength(1);
    expect((await a.approver1.delete(SELF)).statusCode).toBe(204);
    expect(await tasksOf(a.outsider, d.pnpId)).toEqual([]);
    expect(await tasksOf(a.approver1, d.pnpId)).toHaveLength(1);
  });

  it('acknowledgements stay personal: an Acknowledge task is not routed nor shown to the delegate', async () => {
    await a.reader.put(SELF, window(w.outsider.id));
    const d = await draftForApproval();
    await rows(
      sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id, created_at)
          values (${w.org.id}, ${w.reader.id}, 'Acknowledge', ${d.pnpId}, ${d.docId}, ${t.clock.now().toISOString()}::timestamptz)`,
    );
    expect(await tasksOf(a.outsider, d.pnpId)).toEqual([]);
    expect((await tasksOf(a.reader, d.pnpId)).map((x) => x.kind)).toEqual(['Acknowledge']);
  });

  it('the document’s approve on behalf: a delegate in an active window may, anyone else may not', async () => {
    const d = await draftForApproval();
    const post = (agent: Agent) =>
      agent.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, {
        action: 'approve',
        on_behalf_of_user_id: w.approver1.id,
      });
    // The author sees the draft but approves for no one: only a manager or a delegate may.
    const refused = await post(a.author);
    expect(refused.statusCode).toBe(403);
    await a.approver1.put(SELF, window(w.author.id));
    const res = await post(a.author);
    expect(res.statusCode).toBe(200);
    expect(await stageOf(d.docId)).toBe(5);
    const [approval] = await rows<{ actor_name: string; on_behalf_of_id: number }>(
      sql`select actor_name, on_behalf_of_id from workflow_history where document_id = ${d.docId} and action = 'Approve'`,
    );
    expect(approval).toEqual({ actor_name: 'Ann Author for Al First', on_behalf_of_id: w.approver1.id });
  });

  it('a delegate who holds no role on the P&P approves through the document too: the step stands, no version comes back', async () => {
    const d = await draftForApproval();
    await a.approver1.put(SELF, window(w.outsider.id));
    const res = await a.outsider.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, {
      action: 'approve',
      on_behalf_of_user_id: w.approver1.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pnp_document: null });
    expect(await stageOf(d.docId)).toBe(5);
  });
});
