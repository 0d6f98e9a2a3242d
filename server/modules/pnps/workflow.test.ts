import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps);
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

const PUBLISH = { action: 'publish', effective_dt: '2026-01-15', review_cycle_years: 1, reminder_days: 30 };

async function newDraft(
  name = `Policy ${Math.random().toString(16).slice(2, 8)}`,
  containerId = w.folder.id,
  orgId = w.org.id,
  agent: Agent = a.policyOwner,
) {
  const created = await createPnpFromDocx(agent, orgId, containerId, name);
  return { pnpId: created.pnp.id, docId: created.pnp_document.id };
}
const act = (agent: Agent, d: { pnpId: number; docId: number }, body: Record<string, unknown>) =>
  agent.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, body);
const view = async (d: { pnpId: number; docId: number }, agent: Agent = a.admin) =>
  (await agent.get(`/api/o/${w.org.id}/pnp_documents/${d.docId}?pnp_id=${d.pnpId}`)).json().pnp_document;

async function counts(pnpId: number) {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    queryRows<{ history: number; logs: number }>(
      tx,
      sql`select (select count(*) from workflow_history where pnp_id = ${pnpId})::int as history,
                 (select count(*) from change_logs where (object_type = 'Pnp' and object_id = ${pnpId})
                    or (object_type = 'PnpDocument' and object_id in (select id from pnp_documents where pnp_id = ${pnpId})))::int as logs`,
    ),
  );
  return row!;
}

async function openTasks(docId: number) {
  return withSystem(t.deps.database.db, (tx) =>
    queryRows<{ user_id: number; kind: string; status: number; approval_step: number | null }>(
      tx,
      sql`select user_id, kind, status, approval_step from tasks where document_id = ${docId} order by id`,
    ),
  );
}

describe('the draft workflow from Authoring to Active', () => {
  it('moves through every stage with the right people, tasks, history and change logs', async () => {
    const d = await newDraft('Hand Hygiene');
    let doc = await view(d);
    expect(doc).toMatchObject({
      status: 1,
      status_label: 'Draft',
      status_colour: 'light orange',
      draft_stage: 2,
      draft_stage_label: 'Authoring',
      version_number: 1,
    });
    const open = (rows: Awaited<ReturnType<typeof openTasks>>) =>
      rows.filter((r) => r.status === 1).map((r) => [r.user_id, r.kind, r.approval_step]);
    expect(open(await openTasks(d.docId))).toEqual([
      [w.author.id, 'Author', null],
      [w.policyOwner.id, 'Author', null],
    ]);
    expect((await view(d, a.author)).abilities).toEqual(['edit_draft', 'upload_file', 'submit']);

    let res = await act(a.author, d, { action: 'submit' });
    expect(res.statusCode).toBe(200);
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 3, draft_stage_label: 'Reviewing' });
    expect(open(await openTasks(d.docId))).toEqual([[w.reviewer.id, 'Review', null]]);
    const tasksAfterSubmit = await openTasks(d.docId);
    expect(tasksAfterSubmit.filter((r) => r.kind === 'Author').map((r) => [r.user_id, r.status])).toEqual([
      [w.author.id, 2],
      [w.policyOwner.id, 3],
    ]);

    res = await act(a.reviewer, d, { action: 'accept_review' });
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 4, approval_step: 1 });
    expect(open(await openTasks(d.docId))).toEqual([[w.approver1.id, 'Approve', 1]]);

    res = await act(a.approver1, d, { action: 'approve' });
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 4, approval_step: 2 });
    expect(open(await openTasks(d.docId))).toEqual([[w.approver2.id, 'Approve', 2]]);

    res = await act(a.approver2, d, { action: 'approve' });
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 5, draft_stage_label: 'Publishing' });
    expect(open(await openTasks(d.docId))).toEqual([[w.binderOwner.id, 'Publish', null]]);

    res = await act(a.binderOwner, d, PUBLISH);
    expect(res.statusCode).toBe(200);
    doc = res.json().pnp_document;
    expect(doc).toMatchObject({
      status: 2,
      status_label: 'Active',
      status_colour: 'light green',
      draft_stage: null,
      effective_dt: '2026-01-15',
      review_dt: '2027-01-15',
      reminder_dt: '2026-12-16',
      review_cycle_years: 1,
      reminder_days: 30,
      version_number: 1,
    });
    expect(doc.pnp).toMatchObject({ status: 2, status_label: 'ACTIVE' });
    expect(open(await openTasks(d.docId))).toEqual([]);

    // Six transitions (create, submit, accept, approve, approve, publish): one history row and one change log each.
    expect(await counts(d.pnpId)).toEqual({ history: 6, logs: 6 });
    const history = (await a.author.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${d.pnpId}`)).json()
      .workflow_history;
    expect(
      history.map(
        (h: { action: string; from_label: string | null; to_label: string }) =>
          `${h.action}: ${h.from_label} -> ${h.to_label}`,
      ),
    ).toEqual([
      'Publish: Publishing -> Active',
      'Approve: Approving: Step 2 -> Publishing',
      'Approve: Approving: Step 1 -> Approving: Step 2',
      'Accept: Reviewing -> Approving: Step 1',
      'Submit: Authoring -> Reviewing',
      'Create: null -> Authoring',
    ]);
    // The reader sees the published version now, and nothing of the workflow.
    expect((await a.reader.get(`/api/o/${w.org.id}/pnp_documents/${d.docId}?pnp_id=${d.pnpId}`)).statusCode).toBe(200);
    expect((await a.reader.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${d.pnpId}`)).statusCode).toBe(
      403,
    );
  });

  it('a reviewer declines with a comment: back to Authoring, sign-offs cleared', async () => {
    const d = await newDraft();
    await act(a.author, d, { action: 'submit' });
    const noComment = await act(a.reviewer, d, { action: 'decline_review' });
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().errors).toEqual(['A comment is required to decline.']);
    const res = await act(a.reviewer, d, { action: 'decline_review', comment: 'Add the monitoring section.' });
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 2 });
    const history = (await a.author.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${d.pnpId}`)).json()
      .workflow_history;
    expect(history[0]).toMatchObject({
      action: 'Decline',
      comment: 'Add the monitoring section.',
      from_label: 'Reviewing',
      to_label: 'Authoring',
    });
    const logs = (await a.author.get(`/api/o/${w.org.id}/pnps/${d.pnpId}/change_logs`)).json().change_logs;
    expect(logs[0]).toMatchObject({
      action_name: 'Decline',
      deltas: { comment: 'Add the monitoring section.', changed: { draft_stage: ['Reviewing', 'Authoring'] } },
    });
  });

  it('an approver declines: back to Authoring and every approval is cleared', async () => {
    const d = await newDraft();
    await act(a.author, d, { action: 'submit' });
    await act(a.reviewer, d, { action: 'accept_review' });
    await act(a.approver1, d, { action: 'approve' });
    expect((await act(a.approver2, d, { action: 'decline_approval', comment: '  ' })).statusCode).toBe(422);
    const res = await act(a.approver2, d, { action: 'decline_approval', comment: 'Wrong owner listed.' });
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 2, approval_step: null });
    expect(
      (await view(d)).approval_steps.flatMap((s: { approvers: Array<{ decision: string }> }) =>
        s.approvers.map((x) => x.decision),
      ),
    ).toEqual(['pending', 'pending']);
    // Round two needs the review and both approvals again.
    await act(a.author, d, { action: 'submit' });
    expect((await view(d)).draft_stage).toBe(3);
  });

  it('OA, BO and Owner approve on an approver’s behalf; nobody else does', async () => {
    const d = await newDraft();
    await act(a.author, d, { action: 'submit' });
    await act(a.reviewer, d, { action: 'accept_review' });
    expect((await view(d)).approve_on_behalf_of).toEqual([{ user_id: w.approver1.id, name: 'Al First' }]);
    const byAuthor = await act(a.author, d, { action: 'approve', on_behalf_of_user_id: w.approver1.id });
    expect(byAuthor.statusCode).toBe(403);
    const wrongPerson = await act(a.admin, d, { action: 'approve', on_behalf_of_user_id: w.approver2.id });
    expect(wrongPerson.statusCode).toBe(422);
    expect(wrongPerson.json().errors).toEqual(['The person chosen is not an approver of step 1 still to approve.']);
    const res = await act(a.admin, d, {
      action: 'approve',
      on_behalf_of_user_id: w.approver1.id,
      comment: 'Approved by phone.',
    });
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 4, approval_step: 2 });
    const step1 = res.json().pnp_document.approval_steps[0];
    expect(step1.approvers[0]).toMatchObject({
      decision: 'approved',
      comment: 'Approved by Olive Admin on behalf of Al First. Approved by phone.',
    });
    const tasks = await openTasks(d.docId);
    expect(tasks.find((r) => r.user_id === w.approver1.id && r.kind === 'Approve')).toMatchObject({ status: 2 });
    expect(
      (await act(a.binderOwner, d, { action: 'approve', on_behalf_of_user_id: w.approver2.id })).json().pnp_document
        .draft_stage,
    ).toBe(5);
  });
});

describe('refusals: wrong role (403), out of order (422), nothing changes', () => {
  it('refuses every action to those the matrix does not name, at every stage', async () => {
    const d = await newDraft();
    const expectRefused = async (agent: Agent, body: Record<string, unknown>, status: number) => {
      const before = await counts(d.pnpId);
      const stage = (await view(d)).draft_stage;
      const res = await act(agent, d, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().errors.length).toBeGreaterThan(0);
      expect(await counts(d.pnpId)).toEqual(before);
      expect((await view(d)).draft_stage).toBe(stage);
    };
    // Authoring
    for (const agent of [a.reviewer, a.approver1, a.admin]) await expectRefused(agent, { action: 'submit' }, 403);
    await expectRefused(a.reader, { action: 'submit' }, 404);
    await expectRefused(a.outsider, { action: 'submit' }, 404);
    await expectRefused(a.binderOwner, PUBLISH, 422);
    await expectRefused(a.approver1, { action: 'approve' }, 422);
    await expectRefused(a.reviewer, { action: 'accept_review' }, 422);
    await expectRefused(a.admin, { action: 'send_to_authors' }, 422);
    await expectRefused(a.author, { action: 'cancel_draft' }, 422);
    // Reviewing
    await act(a.author, d, { action: 'submit' });
    await expectRefused(a.author, { action: 'submit' }, 422);
    for (const agent of [a.author, a.approver1, a.admin, a.binderOwner])
      await expectRefused(agent, { action: 'accept_review' }, 403);
    await expectRefused(a.approver1, { action: 'approve' }, 422);
    // Approving step 1
    await act(a.reviewer, d, { action: 'accept_review' });
    await expectRefused(a.reviewer, { action: 'accept_review' }, 422);
    for (const agent of [a.approver2, a.reviewer, a.author, a.policyOwner])
      await expectRefused(agent, { action: 'approve' }, 403);
    await expectRefused(a.author, { action: 'decline_approval', comment: 'no' }, 403);
    await expectRefused(a.binderOwner, PUBLISH, 422);
    // Approving step 2: approver1 already acted
    await act(a.approver1, d, { action: 'approve' });
    await expectRefused(a.approver1, { action: 'approve' }, 403);
    // Publishing
    await act(a.approver2, d, { action: 'approve' });
    for (const agent of [a.author, a.approver2, a.reviewer, a.policyOwner]) await expectRefused(agent, PUBLISH, 403);
    await expectRefused(a.approver2, { action: 'approve' }, 422);
  });

  it('refuses publishing without the required dates or with dates that break §5', async () => {
    const d = await newDraft();
    await act(a.author, d, { action: 'submit' });
    await act(a.reviewer, d, { action: 'accept_review' });
    await act(a.approver1, d, { action: 'approve' });
    await act(a.approver2, d, { action: 'approve' });
    const before = await counts(d.pnpId);
    const missing = await act(a.binderOwner, d, { action: 'publish' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        'Effective Date is required.',
        'The review cycle must be 1, 2 or 3 years.',
        'The reminder must be 30, 60, 90 or 180 days before the review date.',
      ]),
    );
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ effective_dt: '2026-02-30' }, ['Effective Date must be a real calendar date written as yyyy-mm-dd.']],
      [{ effective_dt: 'soon' }, ['Effective Date must be a real calendar date written as yyyy-mm-dd.']],
      [
        { effective_dt: '2026-01-15', review_dt: '2026-01-10' },
        [
          'Review Date must be on or after the day after the Effective Date.',
          'Reminder Date must be on or after the Effective Date.',
        ],
      ],
      [
        { effective_dt: '2026-01-15', review_dt: '2027-01-15', reminder_dt: '2027-02-01' },
        ['Reminder Date must be on or before the Review Date.'],
      ],
      [{ effective_dt: '2200-01-01' }, ['Effective Date must be on or before Nov 25, 2174.']],
      [{ review_cycle_years: 5 }, ['The review cycle must be 1, 2 or 3 years.']],
      [{ reminder_days: 45 }, ['The reminder must be 30, 60, 90 or 180 days before the review date.']],
    ];
    for (const [change, errors] of cases) {
      const res = await act(a.binderOwner, d, { ...PUBLISH, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await counts(d.pnpId)).toEqual(before);
    expect((await view(d)).status).toBe(1);
  });

  it('answers 401 signed out and 404 for another organisation or an unknown version', async () => {
    const d = await newDraft();
    expect(
      (
        await t
          .anonymous()
          .post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, { action: 'submit' })
      ).statusCode,
    ).toBe(401);
    const other = await createWorkflowOrg(t.deps);
    const otherAdmin = await t.signIn(other.admin.username, other.admin.password);
    expect(
      (
        await otherAdmin.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, {
          action: 'submit',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await otherAdmin.post(`/api/o/${other.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, {
          action: 'submit',
        })
      ).statusCode,
    ).toBe(404);
    expect((await act(a.author, { pnpId: d.pnpId, docId: 999_999 }, { action: 'submit' })).statusCode).toBe(404);
    const bad = await act(a.author, d, { action: 'fly' });
    expect(bad.statusCode).toBe(422);
    const extra = await act(a.author, d, { action: 'submit', stage: 5 });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toEqual(['Unknown field: stage.']);
  });
});

describe('stages with nobody to act are skipped', () => {
  it('no reviewers and only step 2 approvers: Authoring goes to Approving step 2', async () => {
    const o = await createWorkflowOrg(t.deps, { reviewers: false, steps: [2] });
    const owner = await t.signIn(o.policyOwner.username, o.policyOwner.password);
    const created = await createPnpFromDocx(owner, o.org.id, o.binder.id, 'Skips');
    const author = await t.signIn(o.author.username, o.author.password);
    const res = await author.post(
      `/api/o/${o.org.id}/pnp_documents/${created.pnp_document.id}/workflow?pnp_id=${created.pnp.id}`,
      { action: 'submit' },
    );
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 4, approval_step: 2 });
    expect(
      res.json().pnp_document.progress.map((p: { label: string; state: string }) => `${p.label}:${p.state}`),
    ).toEqual([
      'Authoring:done',
      'Reviewing:skipped',
      'Approving: Step 2:current',
      'Publishing:upcoming',
      'Active:upcoming',
    ]);
  });
  it('no reviewers and no approvers: Authoring goes straight to Publishing', async () => {
    const o = await createWorkflowOrg(t.deps, { reviewers: false, steps: [] });
    const owner = await t.signIn(o.policyOwner.username, o.policyOwner.password);
    const created = await createPnpFromDocx(owner, o.org.id, o.binder.id, 'Straight');
    const res = await owner.post(
      `/api/o/${o.org.id}/pnp_documents/${created.pnp_document.id}/workflow?pnp_id=${created.pnp.id}`,
      { action: 'submit' },
    );
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 5 });
  });
});
