import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createStaff, createTwoOrgs } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

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
  kind_label: string;
  status: number;
  status_label: string;
  pnp_id: number;
  pnp_name: string;
  pnp_document_id: number | null;
  stage_label: string | null;
  due_dt: string | null;
  actions: string[];
  origination_dt: string | null;
  effective_dt: string | null;
  review_dt: string | null;
  reminder_dt: string | null;
}

const url = (suffix = '') => `/api/o/${w.org.id}/tasks${suffix}`;
const list = async (agent: Agent, query = 'status=1&per_page=100') => {
  const res = await agent.get(url(`?${query}`));
  expect(res.statusCode).toBe(200);
  return res.json<{ tasks: TaskView[]; total: number; total_capped?: boolean; page: number; per_page: number }>();
};
const taskOf = async (agent: Agent, pnpId: number, kind: string) =>
  (await list(agent)).tasks.find((x) => x.pnp_id === pnpId && x.kind === kind);
const act = (agent: Agent, id: number, body: Record<string, unknown>) => agent.put(url(`/${id}`), body);

async function newDraft(name = `Policy ${Math.random().toString(16).slice(2, 8)}`) {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, name);
  return { pnpId: created.pnp.id, docId: created.pnp_document.id, name };
}

/** A draft taken to Publishing through the tasks: the author submits, the approver approves. */
async function draftInPublishing() {
  const d = await newDraft();
  const authorTask = await taskOf(a.author, d.pnpId, 'Author');
  expect((await act(a.author, authorTask!.id, { task_action: 'Submit' })).statusCode).toBe(200);
  const approve = await taskOf(a.approver1, d.pnpId, 'Approve');
  expect((await act(a.approver1, approve!.id, { task_action: 'Approve' })).statusCode).toBe(200);
  return d;
}

async function published() {
  const d = await draftInPublishing();
  const publish = await taskOf(a.binderOwner, d.pnpId, 'Publish');
  const res = await act(a.binderOwner, publish!.id, { task_action: 'Publish', effective_date: '2026-01-15' });
  expect(res.statusCode).toBe(200);
  return d;
}

const rows = <T>(query: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, query));

/** The daily job's 'Start Review or Extend' reminder (another module makes it): inserted as it would. */
async function pendingRevision(pnpId: number, docId: number, userId: number, dueDt: string | null = null) {
  const [row] = await rows<{ id: number }>(
    sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id, due_dt)
        values (${w.org.id}, ${userId}, 'PendingRevision', ${pnpId}, ${docId}, ${dueDt}) returning id`,
  );
  return row!.id;
}

describe('GET and PUT tasks: who may call', () => {
  it('401 without a session', async () => {
    expect((await t.anonymous().get(url())).statusCode).toBe(401);
    expect((await t.anonymous().put(url('/1'), { task_action: 'Approve' })).statusCode).toBe(401);
  });

  it('403 for provider staff (tasks are an organisation user’s)', async () => {
    const staff = await createStaff(t.deps);
    const agent = await t.signIn(staff.username, staff.password);
    expect((await agent.get(url())).statusCode).toBe(403);
    expect((await agent.put(url('/1'), { task_action: 'Approve' })).statusCode).toBe(403);
  });

  it('404 for another person’s task, another organisation’s id, or no such task, naming nothing', async () => {
    const d = await newDraft('Secret Policy Name');
    const authorTask = await taskOf(a.author, d.pnpId, 'Author');
    for (const res of [
      await a.approver1.get(url(`/${authorTask!.id}`)),
      await act(a.approver1, authorTask!.id, { task_action: 'Submit' }),
      await act(a.author, 2_000_000_000, { task_action: 'Submit' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret Policy Name');
    }
    const { orgB } = await createTwoOrgs(t.deps);
    const res = await a.author.put(`/api/o/${orgB.id}/tasks/${authorTask!.id}`, { task_action: 'Submit' });
    expect(res.statusCode).toBe(404);
    expect((await a.author.get(`/api/o/${orgB.id}/tasks`)).statusCode).toBe(404);
  });
});

describe('GET tasks', () => {
  it('lists the caller’s open tasks with what the screen needs, and filters by kind', async () => {
    const d = await newDraft('Hand Hygiene Tasks');
    const page = await list(a.author, 'status=1&kind=Author&per_page=100');
    const mine = page.tasks.find((x) => x.pnp_id === d.pnpId);
    expect(mine).toMatchObject({
      kind: 'Author',
      kind_label: 'Author',
      status: 1,
      status_label: 'Open',
      pnp_name: 'Hand Hygiene Tasks',
      pnp_document_id: d.docId,
      stage_label: 'Authoring',
      actions: ['Submit'],
    });
    expect(page.tasks.every((x) => x.kind === 'Author' && x.status === 1)).toBe(true);
    expect((await list(a.author, 'kind=Approve')).tasks.some((x) => x.pnp_id === d.pnpId)).toBe(false);
    expect((await list(a.reader)).tasks.some((x) => x.pnp_id === d.pnpId)).toBe(false);
  });

  it('pages newest first and reports the total', async () => {
    const user = w.outsider;
    const d = await newDraft();
    for (let i = 0; i < 3; i += 1) {
      await rows(sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id, status, created_at)
                     values (${w.org.id}, ${user.id}, 'Review', ${d.pnpId}, ${d.docId}, 3,
                             now() - make_interval(days => ${i}))`);
    }
    const first = await list(a.outsider, 'per_page=2&page=1');
    const second = await list(a.outsider, 'per_page=2&page=2');
    expect(first).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.tasks).toHaveLength(2);
    expect(second.tasks).toHaveLength(1);
    expect(second.total).toBe(3);
    expect(new Set([...first.tasks, ...second.tasks].map((x) => x.id)).size).toBe(3);
    expect((await list(a.outsider, 'per_page=2&page=3')).tasks).toEqual([]);
  });

  it('filters by due date: overdue and due within N days', async () => {
    const d = await published();
    const now = t.deps.clock.now();
    const day = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const overdue = await pendingRevision(d.pnpId, d.docId, w.policyOwner.id, day(-2));
    const soon = await pendingRevision(d.pnpId, d.docId, w.author.id, day(5));
    const ids = async (agent: Agent, q: string) => (await list(agent, q)).tasks.map((x) => x.id);
    expect(await ids(a.policyOwner, 'due=overdue&per_page=100')).toContain(overdue);
    expect(await ids(a.author, 'due=overdue&per_page=100')).not.toContain(soon);
    expect(await ids(a.author, 'due=within&days=7&per_page=100')).toContain(soon);
    expect(await ids(a.author, 'due=within&days=3&per_page=100')).not.toContain(soon);
    const row = (await list(a.author, 'kind=PendingRevision&per_page=100')).tasks.find((x) => x.id === soon);
    expect(row).toMatchObject({
      kind_label: 'Start Review or Extend',
      due_dt: day(5),
      actions: ['StartReview', 'Extend'],
    });
  });

  it('counts ten pages past the page shown and never past 10,000: total_capped', async () => {
    const user = w.reader;
    const d = await newDraft();
    await rows(sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id, status)
                   select ${w.org.id}, ${user.id}, 'Review', ${d.pnpId}, ${d.docId}, 3 from generate_series(1, 10001)`);
    const page = await list(a.reader, 'status=3&per_page=5');
    expect(page).toMatchObject({ total: 50, total_capped: true });
    expect(page.tasks).toHaveLength(5);
    // The fourth page of 5 (rows 16-20) reaches 15 + 50.
    expect(await list(a.reader, 'status=3&per_page=5&page=4')).toMatchObject({ total: 65, total_capped: true });
    // The 95th page of 100 would reach 10,400: the ceiling holds.
    const far = await list(a.reader, 'status=3&per_page=100&page=95');
    expect(far).toMatchObject({ total: 10_000, total_capped: true });
    expect(far.tasks).toHaveLength(100);
  });

  it('422 for a bad filter, with the errors list', async () => {
    for (const q of ['kind=Nap', 'status=9', 'per_page=0', 'per_page=101', 'page=0', 'due=soon', 'days=-1']) {
      const res = await a.author.get(url(`?${q}`));
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors.length, q).toBeGreaterThan(0);
    }
  });
});

describe('PUT tasks/{id}', () => {
  it('takes a draft from Authoring to Active through its tasks, each closing as it is done', async () => {
    const d = await newDraft();
    const authorTask = await taskOf(a.author, d.pnpId, 'Author');
    const ownerAuthor = await taskOf(a.policyOwner, d.pnpId, 'Author');
    let res = await act(a.author, authorTask!.id, { task_action: 'Submit' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      task: { id: authorTask!.id, status: 2, status_label: 'Completed' },
      next: null,
    });
    // The stage was left: the other author's task is closed, not left open.
    expect(await taskOf(a.policyOwner, d.pnpId, 'Author')).toBeUndefined();
    const closed = (await list(a.policyOwner, 'status=3&per_page=100')).tasks.find((x) => x.id === ownerAuthor!.id);
    expect(closed).toMatchObject({ status_label: 'Closed', actions: [] });

    const approve = await taskOf(a.approver1, d.pnpId, 'Approve');
    expect(approve).toMatchObject({ stage_label: 'Approving: Step 1', actions: ['Approve', 'Decline'] });
    res = await act(a.approver1, approve!.id, { task_action: 'Approve', comment: 'Looks right.' });
    expect(res.statusCode).toBe(200);
    expect(await taskOf(a.approver1, d.pnpId, 'Approve')).toBeUndefined();

    const publish = await taskOf(a.binderOwner, d.pnpId, 'Publish');
    expect(publish).toMatchObject({ stage_label: 'Publishing', actions: ['Publish', 'SendToAuthors'] });
    res = await act(a.binderOwner, publish!.id, {
      task_action: 'Publish',
      effective_date: '2026-02-01',
      review_dt: '2028-01-01',
      reminder_dt: '2027-11-01',
    });
    expect(res.statusCode).toBe(200);
    const doc = (await a.admin.get(`/api/o/${w.org.id}/pnp_documents/${d.docId}?pnp_id=${d.pnpId}`)).json()
      .pnp_document;
    expect(doc).toMatchObject({
      status: 2,
      effective_dt: '2026-02-01',
      review_dt: '2028-01-01',
      reminder_dt: '2027-11-01',
    });
    // Its reminder date is still ahead: no 'Start Review or Extend' yet, and every stage task is done.
    const open = await rows<{ n: number }>(
      sql`select count(*)::int as n from tasks where document_id = ${d.docId} and status = 1`,
    );
    expect(open[0]!.n).toBe(0);
  });

  it("a Publish task carries its version's origination date, the earliest effective date it may take", async () => {
    const d = await newDraft();
    const edited = await a.author.put(`/api/o/${w.org.id}/pnp_documents/${d.docId}`, {
      pnp_id: d.pnpId,
      document: { origination_dt: '2026-03-01' },
    });
    expect(edited.statusCode).toBe(200);
    await act(a.author, (await taskOf(a.author, d.pnpId, 'Author'))!.id, { task_action: 'Submit' });
    await act(a.approver1, (await taskOf(a.approver1, d.pnpId, 'Approve'))!.id, { task_action: 'Approve' });
    expect(await taskOf(a.binderOwner, d.pnpId, 'Publish')).toMatchObject({
      origination_dt: '2026-03-01',
      effective_dt: null,
    });
  });

  it('Decline sends the draft back to Authoring with the comment; a decline needs one', async () => {
    const d = await newDraft();
    await act(a.author, (await taskOf(a.author, d.pnpId, 'Author'))!.id, { task_action: 'Submit' });
    const approve = await taskOf(a.approver1, d.pnpId, 'Approve');
    let res = await act(a.approver1, approve!.id, { task_action: 'Decline' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['A comment is required to decline.']);
    res = await act(a.approver1, approve!.id, { task_action: 'Decline', comment: 'Section 2 is out of date.' });
    expect(res.statusCode).toBe(200);
    expect(await taskOf(a.author, d.pnpId, 'Author')).toMatchObject({ stage_label: 'Authoring' });
    const history = (await a.author.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${d.pnpId}`)).json()
      .workflow_history as { comment: string | null }[];
    expect(history.some((h) => h.comment === 'Section 2 is out of date.')).toBe(true);
  });

  it('SendToAuthors sends a draft in Publishing back to Authoring and says where it is', async () => {
    const d = await draftInPublishing();
    const publish = await taskOf(a.binderOwner, d.pnpId, 'Publish');
    const res = await act(a.binderOwner, publish!.id, { task_action: 'SendToAuthors', effective_date: '2026-03-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      task: { status: 2 },
      next: { pnp_id: d.pnpId, pnp_document_id: d.docId },
    });
    expect(await taskOf(a.author, d.pnpId, 'Author')).toMatchObject({ pnp_document_id: d.docId });
  });

  it('Extend moves the review and reminder dates on by the cycle; the other reminders close', async () => {
    const d = await published();
    const before = (await a.admin.get(`/api/o/${w.org.id}/pnp_documents/${d.docId}?pnp_id=${d.pnpId}`)).json()
      .pnp_document;
    expect(before).toMatchObject({ review_dt: '2027-01-15', reminder_dt: '2026-12-16' });
    const mine = await pendingRevision(d.pnpId, d.docId, w.binderOwner.id);
    const theirs = await pendingRevision(d.pnpId, d.docId, w.author.id);
    const res = await act(a.binderOwner, mine, { task_action: 'Extend' });
    expect(res.statusCode).toBe(200);
    expect(res.json().task).toMatchObject({ status: 2, review_dt: '2028-01-15', reminder_dt: '2027-12-16' });
    const statuses = await rows<{ id: number; status: number }>(
      sql`select id, status from tasks where id in (${mine}, ${theirs}) order by id`,
    );
    expect(statuses).toEqual([
      { id: mine, status: 2 },
      { id: theirs, status: 3 },
    ]);
  });

  it('Start Review makes a revision draft in Authoring and says where it is', async () => {
    const d = await published();
    const id = await pendingRevision(d.pnpId, d.docId, w.policyOwner.id);
    const res = await act(a.policyOwner, id, { task_action: 'StartReview' });
    expect(res.statusCode).toBe(200);
    const next = res.json().next as { pnp_id: number; pnp_document_id: number };
    expect(next.pnp_id).toBe(d.pnpId);
    expect(next.pnp_document_id).not.toBe(d.docId);
    expect(await taskOf(a.author, d.pnpId, 'Author')).toMatchObject({
      pnp_document_id: next.pnp_document_id,
      stage_label: 'Authoring',
    });
  });

  it('409 for a task already done, 422 for an action its kind does not take or bad input', async () => {
    const d = await newDraft();
    const authorTask = await taskOf(a.author, d.pnpId, 'Author');
    let res = await act(a.author, authorTask!.id, { task_action: 'Approve' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['A Author task is answered with Submit, not Approve.']);
    for (const body of [
      {},
      { task_action: 'Nap' },
      { task_action: 'Submit', extra: 1 },
      { task_action: 'Submit', review_cycle_years: 7 },
    ]) {
      res = await act(a.author, authorTask!.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    expect((await act(a.author, authorTask!.id, { task_action: 'Submit' })).statusCode).toBe(200);
    res = await act(a.author, authorTask!.id, { task_action: 'Submit' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['This task is already completed.']);

    const owner = (await list(a.policyOwner, 'status=3&per_page=100')).tasks.find(
      (x) => x.pnp_id === d.pnpId && x.kind === 'Author',
    );
    res = await act(a.policyOwner, owner!.id, { task_action: 'Submit' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['This task was closed: its stage was left another way.']);
  });

  it('422 for Publish without its date, with the workflow’s own message for a bad one', async () => {
    const d = await draftInPublishing();
    const publish = await taskOf(a.binderOwner, d.pnpId, 'Publish');
    let res = await act(a.binderOwner, publish!.id, { task_action: 'Publish' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Effective Date is required.']);
    res = await act(a.binderOwner, publish!.id, { task_action: 'Publish', effective_date: '2026-13-45' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.length).toBeGreaterThan(0);
    expect(await taskOf(a.binderOwner, d.pnpId, 'Publish')).toMatchObject({ status: 1 });
  });

  it('an Acknowledge task is acknowledged on the document, not here', async () => {
    const d = await published();
    const [row] = await rows<{ id: number }>(
      sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id)
          values (${w.org.id}, ${w.reader.id}, 'Acknowledge', ${d.pnpId}, ${d.docId}) returning id`,
    );
    const listed = (await list(a.reader, 'kind=Acknowledge&per_page=100')).tasks.find((x) => x.id === row!.id);
    expect(listed).toMatchObject({ kind_label: 'Acknowledge', pnp_document_id: d.docId, actions: [] });
    const res = await act(a.reader, row!.id, { task_action: 'Approve' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      'Open the document to acknowledge it: the Acknowledge button is on the document.',
    ]);
  });

  it('403 from the workflow when the task’s holder may not take the action on a P&P they see', async () => {
    const d = await published();
    const revision = await a.policyOwner.post(
      `/api/o/${w.org.id}/pnp_documents/${d.docId}/start_revision?pnp_id=${d.pnpId}`,
      {},
    );
    const draftId = revision.json().pnp_document.id as number;
    // A stale Approve task held by a reader (Audience): they see the P&P, not its draft.
    const [row] = await rows<{ id: number }>(
      sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id, approval_step)
          values (${w.org.id}, ${w.reader.id}, 'Approve', ${d.pnpId}, ${draftId}, 1) returning id`,
    );
    const res = await act(a.reader, row!.id, { task_action: 'Approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toHaveLength(1);
    expect(await taskOf(a.reader, d.pnpId, 'Approve')).toMatchObject({ status: 1 });
  });
});
