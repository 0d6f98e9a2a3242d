import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { WORK_LIST_LIMIT } from '../../../shared/api/pnp-documents';
import { withSystem } from '../../db/tenant';
import { createContainer, createOrg, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import {
  createPnpFromDocx,
  createWorkflowOrg,
  docxOf,
  fakeExecutable,
  pdfOf,
  postForm,
  signInAll,
  type WorkflowOrg,
} from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

type Ref = { pnpId: number; docId: number };
const docUrl = (d: Ref, tail = '', extra = '') =>
  `/api/o/${w.org.id}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}${extra}`;
const act = (agent: Agent, d: Ref, body: Record<string, unknown>) => agent.post(docUrl(d, '/workflow'), body);

async function publishedPdf(name: string): Promise<Ref> {
  const res = await postForm(
    a.binderOwner,
    `/api/o/${w.org.id}/pnps`,
    { pnp: JSON.stringify({ name, container_id: w.folder.id }) },
    [{ name: `Política ${name}.pdf`, bytes: await pdfOf(name, ['Body of the policy.']) }],
  );
  const d = { pnpId: res.json().pnp.id, docId: res.json().pnp_document.id };
  await act(a.author, d, { action: 'submit' });
  await act(a.reviewer, d, { action: 'accept_review' });
  await act(a.approver1, d, { action: 'approve' });
  await act(a.binderOwner, d, {
    action: 'publish',
    effective_dt: '2026-01-01',
    review_cycle_years: 3,
    reminder_days: 180,
  });
  return d;
}

describe('GET pnp_documents/{id}', () => {
  it('shows a version with abilities per person, and hides drafts from readers', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Abilities');
    const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
    expect((await a.author.get(docUrl(d))).json().pnp_document.abilities).toEqual([
      'edit_draft',
      'upload_file',
      'submit',
    ]);
    expect((await a.reviewer.get(docUrl(d))).json().pnp_document.abilities).toEqual([]);
    expect((await a.admin.get(docUrl(d))).json().pnp_document.pnp.abilities).toEqual([
      'view',
      'view_drafts',
      'edit_settings',
      'edit_related',
      'delete',
      'manage_read_acks',
    ]);
    expect((await a.reader.get(docUrl(d))).statusCode).toBe(404);
    expect((await t.anonymous().get(docUrl(d))).statusCode).toBe(401);
    expect((await a.admin.get(`/api/o/${w.org.id}/pnp_documents/${d.docId}?pnp_id=0`)).statusCode).toBe(422);
    expect((await a.admin.get(`/api/o/${w.org.id}/pnp_documents/${d.docId}`)).json().errors).toEqual([
      'pnp_id must be a positive whole number.',
    ]);
  });

  it('lists the drafts each person works on, with their open task', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Work list item');
    const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
    await act(a.author, d, { action: 'submit' });
    const mine = (await a.reviewer.get(`/api/o/${w.org.id}/pnp_documents?awaiting_me=true`)).json().pnp_documents;
    expect(mine.find((i: { id: number }) => i.id === d.docId)).toMatchObject({
      pnp_name: 'Work list item',
      draft_stage_label: 'Reviewing',
      my_task: 'Review',
    });
    const authors = (await a.author.get(`/api/o/${w.org.id}/pnp_documents`)).json().pnp_documents;
    expect(authors.find((i: { id: number }) => i.id === d.docId)).toMatchObject({ my_task: null });
    expect((await a.reader.get(`/api/o/${w.org.id}/pnp_documents`)).json().pnp_documents).toEqual([]);
  });

  it('holds the most recently updated drafts up to its limit and says when more wait', async () => {
    const org = await createOrg(t.deps);
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const folder = await createContainer(t.deps, org.id, { name: 'Imported' });
    const insertDrafts = (from: number, to: number) =>
      withSystem(t.deps.database.db, async (tx) => {
        await tx.execute(sql`with made as (
            insert into pnps (org_id, container_id, name, status, inherits_access, position)
            select ${org.id}, ${folder.id}, 'Imported ' || n, 1, true, n from generate_series(${from}::int, ${to}::int) n
            returning id)
          insert into pnp_documents (org_id, pnp_id, status, draft_stage) select ${org.id}, id, 1, 2 from made`);
      });
    await insertDrafts(1, WORK_LIST_LIMIT);
    const asAdmin = await t.signIn(admin.username, admin.password);
    const all = (await asAdmin.get(`/api/o/${org.id}/pnp_documents`)).json();
    expect(all.pnp_documents).toHaveLength(WORK_LIST_LIMIT);
    expect(all.total).toBe(WORK_LIST_LIMIT);
    expect(all.total_capped).toBeUndefined();
    await insertDrafts(WORK_LIST_LIMIT + 1, WORK_LIST_LIMIT + 1);
    const more = (await asAdmin.get(`/api/o/${org.id}/pnp_documents`)).json();
    expect(more.pnp_documents).toHaveLength(WORK_LIST_LIMIT);
    expect(more).toMatchObject({ total: WORK_LIST_LIMIT, total_capped: true });
  });
});

describe('files and previews', () => {
  it('serves the file inline for viewing and as a download for editing, safely named and never sniffed', async () => {
    const d = await publishedPdf('Files');
    const view = await a.reader.get(docUrl(d, '/file', '&action_name=view'));
    expect(view.statusCode).toBe(200);
    expect(view.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="Politica Files.pdf"; filename*=UTF-8''Pol%C3%ADtica%20Files.pdf`,
    });
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const edit = await a.reader.get(docUrl(d, '/file', '&action_name=edit'));
    expect(edit.headers['content-disposition']).toMatch(/^attachment; /);
    expect((await a.reader.get(docUrl(d, '/file', '&action_name=run'))).statusCode).toBe(422);
    expect((await a.outsider.get(docUrl(d, '/file'))).statusCode).toBe(404);
    expect((await a.reader.get(docUrl(d, '/preview'))).json()).toMatchObject({
      kind: 'pdf',
      file: { extension: 'pdf' },
    });
  });

  it('answers HEAD with the download headers and never reads the file; an outsider gets 404', async () => {
    const d = await publishedPdf('Head');
    const stream = vi.spyOn(t.deps.files, 'stream');
    try {
      const head = await a.reader.raw({ method: 'HEAD', url: docUrl(d, '/file', '&action_name=edit') });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-disposition']).toMatch(/^attachment; /);
      expect(head.rawPayload.length).toBe(0);
      expect(stream).not.toHaveBeenCalled();
      expect((await a.outsider.raw({ method: 'HEAD', url: docUrl(d, '/file') })).statusCode).toBe(404);
    } finally {
      stream.mockRestore();
    }
  });

  it('previews DOCX as HTML without unsafe links, TXT as text', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Preview', ['Visible paragraph.']);
    const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
    const preview = (await a.author.get(docUrl(d, '/preview'))).json();
    expect(preview.kind).toBe('html');
    expect(preview.html).toContain('<p>Visible paragraph.</p>');
    await postForm(a.author, `/api/o/${w.org.id}/pnps/${d.pnpId}/pnp_documents/${d.docId}/upload_document`, {}, [
      { name: 'plain.txt', bytes: Buffer.from('Just text.') },
    ]);
    expect((await a.author.get(docUrl(d, '/preview'))).json()).toMatchObject({ kind: 'text', text: 'Just text.' });
  });

  it('upload_document refuses bad files and those who may not change the draft', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Upload');
    const url = `/api/o/${w.org.id}/pnps/${created.pnp.id}/pnp_documents/${created.pnp_document.id}/upload_document`;
    expect((await postForm(a.author, url, {}, [{ name: 'evil.docx', bytes: fakeExecutable() }])).statusCode).toBe(422);
    expect(
      (await postForm(a.reviewer, url, {}, [{ name: 'ok.docx', bytes: await docxOf('ok', ['ok']) }])).statusCode,
    ).toBe(403);
    expect((await postForm(a.author, url, {}, [])).json().errors).toEqual(['Please choose a file to upload.']);
    expect((await a.author.post(url, { file: 'x' })).json().errors).toEqual(['Please choose a file to upload.']);
  });
});

describe('related information', () => {
  it('attachments: owners and authors add and remove; readers of a published P&P read them', async () => {
    const d = await publishedPdf('With attachments');
    const url = `/api/o/${w.org.id}/pnps/${d.pnpId}/attachments`;
    expect(
      (await postForm(a.reader, url, {}, [{ name: 'form.pdf', bytes: await pdfOf('Form', ['Fill me.']) }])).statusCode,
    ).toBe(403);
    expect((await postForm(a.author, url, {}, [{ name: 'evil.pdf', bytes: fakeExecutable() }])).statusCode).toBe(422);
    const added = await postForm(a.author, url, {}, [{ name: 'form.pdf', bytes: await pdfOf('Form', ['Fill me.']) }]);
    expect(added.statusCode).toBe(201);
    const id = added.json().attachment.id;
    const list = (await a.reader.get(url)).json();
    expect(list).toMatchObject({
      can_edit: false,
      attachments: [{ id, name: 'form.pdf', created_by_name: 'Ann Author' }],
    });
    const file = await a.reader.get(`${url}/${id}/file?action_name=edit`);
    expect(file.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="form.pdf"; filename*=UTF-8''form.pdf`,
    });
    expect((await a.reader.delete(`${url}/${id}`)).statusCode).toBe(403);
    expect((await a.author.delete(`${url}/${id}`)).statusCode).toBe(204);
    expect((await a.author.delete(`${url}/${id}`)).statusCode).toBe(404);
  });

  it('additional information: add, edit, remove, with validation', async () => {
    const d = await publishedPdf('With info');
    const url = `/api/o/${w.org.id}/pnps/${d.pnpId}/additional_infos`;
    expect((await a.author.post(url, { additional_info: { title: '', content: 'x' } })).json().errors).toEqual([
      'Title is required.',
    ]);
    const created = await a.author.post(url, { additional_info: { title: 'Regulation', content: 'CMS 482.42' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().additional_info.id;
    expect(
      (
        await a.binderOwner.put(`${url}/${id}`, { additional_info: { title: 'Regulation', content: 'CMS 482.42(a)' } })
      ).json().additional_info.content,
    ).toBe('CMS 482.42(a)');
    expect((await a.reader.get(url)).json()).toMatchObject({
      can_edit: false,
      additional_infos: [{ title: 'Regulation' }],
    });
    expect((await a.reader.post(url, { additional_info: { title: 'x', content: 'y' } })).statusCode).toBe(403);
    expect((await a.author.delete(`${url}/${id}`)).statusCode).toBe(204);
    const logs = (await a.admin.get(`/api/o/${w.org.id}/pnps/${d.pnpId}/change_logs`)).json().change_logs;
    expect(logs.slice(0, 3).map((l: { action_name: string }) => l.action_name)).toEqual([
      'Remove Additional Info',
      'Update Additional Info',
      'Add Additional Info',
    ]);
  });

  it('links P&Ps both ways, only to P&Ps the caller may see', async () => {
    const one = await publishedPdf('Linking one');
    const two = await publishedPdf('Linking two');
    const hidden = await createWorkflowOrg(t.deps);
    const url = (d: Ref) => `/api/o/${w.org.id}/pnps/${d.pnpId}/pnp_links`;
    expect((await a.author.put(url(one), { linked_pnp_ids: [one.pnpId] })).json().errors).toEqual([
      'A P&P cannot be linked to itself.',
    ]);
    expect((await a.author.put(url(one), { linked_pnp_ids: [hidden.folder.id + 100000] })).statusCode).toBe(422);
    expect((await a.reader.put(url(one), { linked_pnp_ids: [two.pnpId] })).statusCode).toBe(403);
    const res = await a.author.put(url(one), { linked_pnp_ids: [two.pnpId] });
    expect(res.json().linked_pnps.map((p: { name: string }) => p.name)).toEqual(['Linking two']);
    expect((await a.reader.get(url(two))).json()).toMatchObject({
      linked_pnps: [],
      reverse_linked_pnps: [{ id: one.pnpId, name: 'Linking one', status_label: 'ACTIVE' }],
    });
    expect((await a.author.put(url(one), { linked_pnp_ids: [] })).json().linked_pnps).toEqual([]);
  });
});
