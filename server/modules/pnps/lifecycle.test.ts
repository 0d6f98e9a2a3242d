import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import {
  createPnpFromDocx,
  createWorkflowOrg,
  docxOf,
  postForm,
  signInAll,
  type WorkflowOrg,
} from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-10T12:00:00Z'));
  today = '2026-06-10';
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

type Ref = { pnpId: number; docId: number };
const url = (d: Ref, tail = '') => `/api/o/${w.org.id}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}`;
const act = (agent: Agent, d: Ref, body: Record<string, unknown>) => agent.post(url(d, '/workflow'), body);
const view = async (d: Ref) => (await a.admin.get(url(d))).json().pnp_document;

async function published(effective = '2026-06-01'): Promise<Ref> {
  const created = await createPnpFromDocx(
    a.policyOwner,
    w.org.id,
    w.folder.id,
    `Policy ${Math.random().toString(16).slice(2, 8)}`,
    ['First text.'],
  );
  const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
  await act(a.author, d, { action: 'submit' });
  await act(a.reviewer, d, { action: 'accept_review' });
  await act(a.approver1, d, { action: 'approve' });
  const res = await act(a.binderOwner, d, {
    action: 'publish',
    effective_dt: effective,
    review_cycle_years: 2,
    reminder_days: 60,
  });
  expect(res.statusCode).toBe(200);
  return d;
}

async function revise(d: Ref, agent: Agent = a.author): Promise<Ref> {
  const res = await agent.post(url(d, '/start_revision'), {});
  expect(res.statusCode).toBe(201);
  return { pnpId: d.pnpId, docId: res.json().pnp_document.id };
}

describe('revisions and versions', () => {
  it('a revision is version 2 in Authoring; publishing it archives version 1', async () => {
    const v1 = await published();
    const v2 = await revise(v1);
    expect(await view(v2)).toMatchObject({ version_number: 2, status: 1, draft_stage: 2 });
    expect((await a.author.post(url(v1, '/start_revision'), {})).json().errors).toEqual([
      'This P&P already has a draft in progress.',
    ]);
    const upload = await postForm(
      a.author,
      `/api/o/${w.org.id}/pnps/${v2.pnpId}/pnp_documents/${v2.docId}/upload_document`,
      {},
      [{ name: 'second.docx', bytes: await docxOf('Second', ['Second text.']) }],
    );
    expect(upload.statusCode).toBe(200);
    await act(a.author, v2, { action: 'submit' });
    await act(a.reviewer, v2, { action: 'accept_review' });
    await act(a.approver1, v2, { action: 'approve' });
    await act(a.binderOwner, v2, {
      action: 'publish',
      effective_dt: '2026-06-10',
      review_cycle_years: 1,
      reminder_days: 30,
    });
    const versions = (await a.author.get(`/api/o/${w.org.id}/pnp_documents/versions?pnp_id=${v1.pnpId}`)).json()
      .versions;
    expect(
      versions.map((v: { version_number: number; status_label: string; status_colour: string }) => [
        v.version_number,
        v.status_label,
        v.status_colour,
      ]),
    ).toEqual([
      [2, 'Active', 'light green'],
      [1, 'Archived', 'light grey'],
    ]);
    const compare = (
      await a.author.get(`/api/o/${w.org.id}/pnp_documents/compare?pnp_id=${v1.pnpId}&from=${v1.docId}&to=${v2.docId}`)
    ).json();
    expect(compare.identical).toBe(false);
    expect(
      compare.parts
        .filter((p: { removed: boolean }) => p.removed)
        .map((p: { value: string }) => p.value)
        .join(''),
    ).toContain('First text.');
    expect(
      compare.parts
        .filter((p: { added: boolean }) => p.added)
        .map((p: { value: string }) => p.value)
        .join(''),
    ).toContain('Second text.');
    expect(
      (
        await a.reader.get(
          `/api/o/${w.org.id}/pnp_documents/compare?pnp_id=${v1.pnpId}&from=${v1.docId}&to=${v2.docId}`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await a.author.get(
          `/api/o/${w.org.id}/pnp_documents/compare?pnp_id=${v1.pnpId}&from=${v1.docId}&to=${v1.docId}`,
        )
      ).statusCode,
    ).toBe(422);
    // The reader sees only the Active version in the list.
    const readerVersions = (await a.reader.get(`/api/o/${w.org.id}/pnp_documents/versions?pnp_id=${v1.pnpId}`)).json()
      .versions;
    expect(readerVersions.map((v: { version_number: number }) => v.version_number)).toEqual([2]);
    expect((await a.reader.get(url(v1))).statusCode).toBe(403);
  });

  it('a future effective date publishes on a schedule', async () => {
    const d = await published('2026-07-01');
    expect(await view(d)).toMatchObject({
      status: 2,
      scheduled: true,
      effective_dt: '2026-07-01',
      review_dt: '2028-07-01',
      reminder_dt: '2028-05-02',
    });
    const pnp = (await a.admin.get(`/api/o/${w.org.id}/pnps/${d.pnpId}`)).json().pnp;
    expect(pnp).toMatchObject({ status: 2, status_label: 'ACTIVE', scheduled: true });
  });

  it('cancelling a revision deletes it and leaves the Active version; the first draft cannot be cancelled', async () => {
    const v1 = await published();
    const v2 = await revise(v1, a.binderOwner);
    await act(a.author, v2, { action: 'submit' });
    const res = await act(a.author, v2, { action: 'cancel_draft', comment: 'Not needed.' });
    expect(res.json()).toEqual({ pnp_document: null, active_document_id: v1.docId });
    expect((await a.admin.get(url(v2))).statusCode).toBe(404);
    expect(await view(v1)).toMatchObject({ status: 2 });
    const tasks = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from tasks where document_id = ${v2.docId} and status = 1`,
      ),
    );
    expect(tasks[0]!.n).toBe(0);
    const history = (await a.author.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${v1.pnpId}`)).json()
      .workflow_history;
    expect(history[0]).toMatchObject({ action: 'Cancel Draft', comment: 'Not needed.', document_id: v2.docId });
    // The spec's path does the same.
    const v3 = await revise(v1);
    expect(
      (await a.reader.post(`/api/o/${w.org.id}/pnp_documents/cancel_draft`, { pnp_id: v1.pnpId, id: v3.docId }))
        .statusCode,
    ).toBe(403);
    expect(
      (await a.author.post(`/api/o/${w.org.id}/pnp_documents/cancel_draft`, { pnp_id: v1.pnpId, id: v3.docId })).json(),
    ).toEqual({
      pnp_id: v1.pnpId,
      active_document_id: v1.docId,
    });
    const first = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Never published');
    const refused = await a.admin.post(`/api/o/${w.org.id}/pnp_documents/cancel_draft`, {
      pnp_id: first.pnp.id,
      id: first.pnp_document.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      'This P&P has never been published, so its only draft cannot be cancelled. Delete the P&P instead.',
    ]);
  });

  it('a file change during Reviewing or Approving sends the draft back to Authoring', async () => {
    const v1 = await published();
    const v2 = await revise(v1);
    await act(a.author, v2, { action: 'submit' });
    await act(a.reviewer, v2, { action: 'accept_review' });
    expect((await view(v2)).draft_stage).toBe(4);
    const res = await postForm(
      a.author,
      `/api/o/${w.org.id}/pnp_documents/replace_file`,
      { pnp_id: String(v2.pnpId), id: String(v2.docId) },
      [{ name: 'changed.docx', bytes: await docxOf('Changed', ['Changed text.']) }],
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().pnp_document).toMatchObject({ draft_stage: 2, file: { name: 'changed.docx' } });
    expect(res.json().pnp_document.reviewers[0].decision).toBe('pending');
    const history = (await a.author.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${v1.pnpId}`)).json()
      .workflow_history;
    expect(history[0]).toMatchObject({
      action: 'Replace File',
      from_label: 'Approving: Step 1',
      to_label: 'Authoring',
    });
  });

  it('refuses a change of the draft’s file in Publishing, on both upload routes, and offers none', async () => {
    const v1 = await published();
    const v2 = await revise(v1);
    await act(a.author, v2, { action: 'submit' });
    await act(a.reviewer, v2, { action: 'accept_review' });
    await act(a.approver1, v2, { action: 'approve' });
    const before = await view(v2);
    expect(before.draft_stage).toBe(5);
    const bytes = await docxOf('Late', ['A late change.']);
    const replaced = await postForm(
      a.author,
      `/api/o/${w.org.id}/pnp_documents/replace_file`,
      { pnp_id: String(v2.pnpId), id: String(v2.docId) },
      [{ name: 'late.docx', bytes }],
    );
    const uploaded = await postForm(
      a.policyOwner,
      `/api/o/${w.org.id}/pnps/${v2.pnpId}/pnp_documents/${v2.docId}/upload_document`,
      {},
      [{ name: 'late.docx', bytes }],
    );
    for (const res of [replaced, uploaded]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        'This draft is in Publishing: its file can be replaced only in Authoring, Reviewing or Approving. To change it, send the draft to Authors first.',
      ]);
    }
    // Untouched: still in Publishing with its approved file, and the button is not offered.
    const after = await view(v2);
    expect(after).toMatchObject({ draft_stage: 5, file: { name: before.file.name } });
    expect(after.abilities).not.toContain('upload_file');
    expect((await a.author.get(url(v2))).json().pnp_document.abilities).not.toContain('upload_file');
  });

  it('OA, BO and Owner replace the published file without a new version, logged', async () => {
    const v1 = await published();
    const form = async (agent: Agent) =>
      postForm(
        agent,
        `/api/o/${w.org.id}/pnp_documents/replace_file`,
        { pnp_id: String(v1.pnpId), id: String(v1.docId) },
        [{ name: 'typo-fixed.pdf', bytes: await docxOf('Fixed', ['Fixed.']) }],
      );
    expect((await form(a.author)).statusCode).toBe(403);
    const res = await form(a.binderOwner);
    expect(res.statusCode).toBe(200);
    expect(res.json().pnp_document).toMatchObject({ status: 2, version_number: 1, file: { name: 'typo-fixed.docx' } });
    const logs = (await a.admin.get(`/api/o/${w.org.id}/pnps/${v1.pnpId}/change_logs`)).json().change_logs;
    expect(logs[0]).toMatchObject({
      action_name: 'Replace File',
      deltas: { changed: { file: [expect.stringMatching(/^Policy .*\.docx$/), 'typo-fixed.docx'] } },
    });
  });

  it('sends a draft back to its authors, and an ad hoc send-to-authors on the Active version starts a revision with a target date', async () => {
    const v1 = await published();
    const v2 = await revise(v1);
    await act(a.author, v2, { action: 'submit' });
    expect((await act(a.author, v2, { action: 'send_to_authors' })).statusCode).toBe(403);
    expect(
      (await act(a.binderOwner, v2, { action: 'send_to_authors', comment: 'Rework' })).json().pnp_document.draft_stage,
    ).toBe(2);
    await a.author.post(`/api/o/${w.org.id}/pnp_documents/cancel_draft`, { pnp_id: v1.pnpId, id: v2.docId });
    const bad = await a.admin.post(url(v1, '/adhoc_send_to_authors'), { effective_date: '2026-13-01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(['Effective Date must be a real calendar date written as yyyy-mm-dd.']);
    const res = await a.admin.post(url(v1, '/adhoc_send_to_authors'), { effective_date: '2026-09-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().pnp_document).toMatchObject({
      status: 1,
      draft_stage: 2,
      effective_dt: '2026-09-01',
      version_number: 2,
    });
  });

  it('Extend moves the review and reminder dates on by the cycle', async () => {
    const v1 = await published('2026-06-01');
    expect((await a.reader.post(url(v1, '/extend_review'), {})).statusCode).toBe(403);
    const res = await a.author.post(url(v1, '/extend_review'), {});
    expect(res.json().pnp_document).toMatchObject({ review_dt: '2030-06-01', reminder_dt: '2030-04-02' });
  });

  it('edits a draft in Authoring and the Active version’s dates, refusing dates that break §5', async () => {
    const v1 = await published('2026-06-01');
    const put = (agent: Agent, d: Ref, document: Record<string, unknown>) =>
      agent.put(`/api/o/${w.org.id}/pnp_documents/${d.docId}`, { pnp_id: d.pnpId, document });
    expect((await put(a.author, v1, { review_dt: '2027-06-01' })).statusCode).toBe(403);
    const bad = await put(a.binderOwner, v1, { reminder_dt: '2029-01-01' });
    expect(bad.json().errors).toEqual(['Reminder Date must be on or before the Review Date.']);
    const ok = await put(a.binderOwner, v1, { review_dt: '2027-06-01', reminder_dt: '2027-05-01' });
    expect(ok.json().pnp_document).toMatchObject({ review_dt: '2027-06-01', reminder_dt: '2027-05-01' });
    const logs = (await a.admin.get(`/api/o/${w.org.id}/pnps/${v1.pnpId}/change_logs`)).json().change_logs;
    expect(logs[0]).toMatchObject({
      action_name: 'Update',
      deltas: { changed: { review_dt: ['2028-06-01', '2027-06-01'], reminder_dt: ['2028-04-02', '2027-05-01'] } },
    });

    const v2 = await revise(v1);
    expect(
      (await put(a.author, v2, { notes: 'Clarified scope.', origination_dt: '2020-02-29' })).json().pnp_document,
    ).toMatchObject({
      notes: 'Clarified scope.',
      origination_dt: '2020-02-29',
    });
    expect((await put(a.author, v2, { origination_dt: '2030-01-01' })).json().errors).toEqual([
      'Origination Date must be on or before today.',
    ]);
    expect((await put(a.author, v2, { review_dt: '2030-01-01' })).json().errors).toEqual([
      'The review and reminder dates are set when the draft is published.',
    ]);
    expect((await put(a.reviewer, v2, { notes: 'x' })).statusCode).toBe(403);
    await act(a.author, v2, { action: 'submit' });
    expect((await put(a.author, v2, { notes: 'late' })).json().errors).toEqual([
      'The draft can be edited only while it is in Authoring.',
    ]);
    expect(today).toBe('2026-06-10');
  });

  it('refuses clearing the Active version’s effective, review or reminder date, and keeps them', async () => {
    const v1 = await published('2026-06-01');
    const put = (document: Record<string, unknown>) =>
      a.binderOwner.put(`/api/o/${w.org.id}/pnp_documents/${v1.docId}`, { pnp_id: v1.pnpId, document });
    const cleared = await put({ review_dt: null });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors).toEqual(['Review Date is required.']);
    expect((await put({ reminder_dt: '' })).json().errors).toEqual(['Reminder Date is required.']);
    expect((await put({ effective_dt: null })).json().errors).toEqual(['Effective Date is required.']);
    expect(await view(v1)).toMatchObject({
      effective_dt: '2026-06-01',
      review_dt: '2028-06-01',
      reminder_dt: '2028-04-02',
    });
  });
});

describe('retire, restore, delete', () => {
  it('retires with a reason, cancelling the draft and open tasks; restores (OA only) with its last Active version', async () => {
    const v1 = await published();
    const v2 = await revise(v1);
    const retire = (agent: Agent, body: Record<string, unknown>) => agent.put(`/api/o/${w.org.id}/pnps/retire`, body);
    expect((await retire(a.binderOwner, { id: v1.pnpId })).json().errors).toEqual([
      'A reason is required to retire a P&P.',
    ]);
    expect((await retire(a.author, { id: v1.pnpId, retire_reason: 'Superseded' })).statusCode).toBe(403);
    const res = await retire(a.binderOwner, { id: v1.pnpId, retire_reason: 'Superseded by the new policy.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().pnp).toMatchObject({
      status: 3,
      status_label: 'RETIRED',
      retire_reason: 'Superseded by the new policy.',
      draft_document: null,
    });
    expect((await a.admin.get(url(v2))).statusCode).toBe(404);
    const open = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tasks where pnp_id = ${v1.pnpId} and status = 1`),
    );
    expect(open[0]!.n).toBe(0);
    expect((await a.reader.get(`/api/o/${w.org.id}/pnps/${v1.pnpId}`)).statusCode).toBe(404);
    expect((await retire(a.admin, { id: v1.pnpId, retire_reason: 'again' })).json().errors).toEqual([
      'Only a published P&P can be retired.',
    ]);
    expect((await a.author.post(url(v1, '/start_revision'), {})).statusCode).toBe(422);

    const restore = (agent: Agent) => agent.put(`/api/o/${w.org.id}/pnps/restore`, { id: v1.pnpId });
    expect((await restore(a.binderOwner)).statusCode).toBe(403);
    const restored = await restore(a.admin);
    expect(restored.json().pnp).toMatchObject({
      status: 2,
      status_label: 'ACTIVE',
      retire_reason: null,
      active_document: { id: v1.docId, status: 2 },
    });
    expect((await restore(a.admin)).json().errors).toEqual(['Only a retired P&P can be restored.']);
    const history = (await a.admin.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${v1.pnpId}`)).json()
      .workflow_history;
    expect(
      history
        .slice(0, 3)
        .map(
          (h: { action: string; from_label: string; to_label: string }) =>
            `${h.action}: ${h.from_label} -> ${h.to_label}`,
        ),
    ).toEqual(['Restore: RETIRED -> ACTIVE', 'Retire: ACTIVE -> RETIRED', 'Cancel Draft: Authoring -> null']);
  });

  it('deletes only a never-published P&P, with its files', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'To delete');
    expect((await a.author.delete(`/api/o/${w.org.id}/pnps/${created.pnp.id}`)).statusCode).toBe(403);
    const key = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ storage_key: string }>(
        tx,
        sql`select f.storage_key from stored_files f join pnp_documents d on d.file_id = f.id where d.id = ${created.pnp_document.id}`,
      ),
    );
    expect((await a.binderOwner.delete(`/api/o/${w.org.id}/pnps/${created.pnp.id}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/o/${w.org.id}/pnps/${created.pnp.id}`)).statusCode).toBe(404);
    await expect(t.deps.files.get(key[0]!.storage_key)).rejects.toThrow();
    const logs = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ action_name: string }>(
        tx,
        sql`select action_name from change_logs where object_type = 'Pnp' and object_id = ${created.pnp.id} order by id`,
      ),
    );
    expect(logs.map((l) => l.action_name)).toEqual(['Create', 'Delete']);
    const live = await published();
    const refused = await a.admin.delete(`/api/o/${w.org.id}/pnps/${live.pnpId}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(['Only a P&P that was never published can be deleted. Retire it instead.']);
  });
});
