import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import {
  createPnpFromDocx,
  createWorkflowOrg,
  docxOf,
  postForm,
  signInAll,
  type WorkflowOrg,
} from '../../test/pnp-factories';
import { closeParserPool, parserPool } from './parser-pool';

/**
 * Permission before parsing (issue 9): a multipart request is authorised on its target before any
 * file of it is read, so a reader's upload to a P&P she may not change costs no parse at all.
 */
let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let draft: { pnpId: number; docId: number };
let published: { pnpId: number; docId: number };
let docx: Buffer;

async function publish(agentsOf: typeof a, ref: { pnpId: number; docId: number }): Promise<void> {
  const act = (agent: Agent, body: Record<string, unknown>) =>
    agent.post(`/api/o/${w.org.id}/pnp_documents/${ref.docId}/workflow?pnp_id=${ref.pnpId}`, body);
  await act(agentsOf.author, { action: 'submit' });
  await act(agentsOf.reviewer, { action: 'accept_review' });
  await act(agentsOf.approver1, { action: 'approve' });
  const res = await act(agentsOf.binderOwner, {
    action: 'publish',
    effective_dt: '2026-01-01',
    review_cycle_years: 3,
    reminder_days: 180,
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
  const d = await createPnpFromDocx(a.binderOwner, w.org.id, w.folder.id, 'Draft target');
  draft = { pnpId: d.pnp.id, docId: d.pnp_document.id };
  const p = await createPnpFromDocx(a.binderOwner, w.org.id, w.folder.id, 'Published target');
  published = { pnpId: p.pnp.id, docId: p.pnp_document.id };
  await publish(a, published);
  docx = await docxOf('Upload', ['A perfectly good policy.']);
});
afterAll(async () => {
  await closeParserPool();
  await t.close();
});

/** Posts the form and returns its status and first error, checking that no parser job ran. */
async function refusedUnread(agent: Agent, url: string, fields: Record<string, string>) {
  const before = parserPool().jobsStarted;
  const res = await postForm(agent, url, fields, [{ name: 'policy.docx', bytes: docx }]);
  expect(parserPool().jobsStarted - before).toBe(0);
  return { status: res.statusCode, error: res.json<{ errors: string[] }>().errors[0] };
}

describe('multipart routes decide who may send files before reading them', () => {
  it('attachments: 403 for a reader of a published P&P, 404 for a draft she cannot see', async () => {
    const url = (ref: { pnpId: number }) => `/api/o/${w.org.id}/pnps/${ref.pnpId}/attachments`;
    expect((await refusedUnread(a.reader, url(published), {})).status).toBe(403);
    expect((await refusedUnread(a.reader, url(draft), {})).status).toBe(404);
    expect((await refusedUnread(a.outsider, url(published), {})).status).toBe(404);
  });

  it('replace_file and upload_document: 403 / 404 before the file is read', async () => {
    const fields = (ref: typeof draft) => ({ pnp_id: String(ref.pnpId), id: String(ref.docId) });
    const replace = `/api/o/${w.org.id}/pnp_documents/replace_file`;
    expect((await refusedUnread(a.reader, replace, fields(published))).status).toBe(403);
    expect((await refusedUnread(a.reader, replace, fields(draft))).status).toBe(404);
    const upload = (ref: typeof draft) =>
      `/api/o/${w.org.id}/pnps/${ref.pnpId}/pnp_documents/${ref.docId}/upload_document`;
    expect((await refusedUnread(a.reviewer, upload(draft), {})).status).toBe(403);
    expect((await refusedUnread(a.outsider, upload(draft), {})).status).toBe(404);
  });

  it('create and bulk upload: 403 where the caller may not create, 422 when the target is not named first', async () => {
    const pnp = JSON.stringify({ name: 'Not mine', container_id: w.folder.id });
    expect((await refusedUnread(a.reader, `/api/o/${w.org.id}/pnps`, { pnp, document: '{}' })).status).toBe(403);
    const bulk = `/api/o/${w.org.id}/pnps/bulk_upload`;
    expect((await refusedUnread(a.reader, bulk, { container_id: String(w.folder.id) })).status).toBe(403);
    expect(await refusedUnread(a.binderOwner, bulk, {})).toEqual({
      status: 422,
      error: 'Choose the binder or folder to upload into.',
    });
  });

  it('a multipart body to a route that takes no files is refused unread', async () => {
    const res = await refusedUnread(a.binderOwner, `/api/o/${w.org.id}/pnps/${draft.pnpId}/additional_infos`, {});
    // Refused by the route's JSON body schema or, failing that, by the intake: either way unread.
    expect(res.status).toBe(422);
  });

  it('the same uploads by those who may change the target are read and stored', async () => {
    const before = parserPool().jobsStarted;
    const res = await postForm(a.binderOwner, `/api/o/${w.org.id}/pnps/${published.pnpId}/attachments`, {}, [
      { name: 'policy.docx', bytes: docx },
    ]);
    expect(res.statusCode).toBe(201);
    expect(parserPool().jobsStarted - before).toBe(1);
  });
});
