import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createPnpFromDocx,
  createTemplate,
  createWorkflowOrg,
  docxManyEntries,
  docxOf,
  docxZipBomb,
  fakeExecutable,
  pdfOf,
  postForm,
  signInAll,
  type WorkflowOrg,
} from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
const LIMIT = 2 * 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: LIMIT });
  w = await createWorkflowOrg(t.deps);
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

const pnpsUrl = () => `/api/o/${w.org.id}/pnps`;
const fields = (pnp: Record<string, unknown>, document: Record<string, unknown> = {}) => ({
  pnp: JSON.stringify(pnp),
  document: JSON.stringify(document),
});

function storedFileCount(): number {
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(`${dir}/${e.name}`) : 1), 0);
  return walk(t.deps.config.fileStoreDir);
}
async function rowCounts() {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    queryRows<{ pnps: number; files: number; docs: number }>(
      tx,
      sql`select (select count(*) from pnps)::int as pnps, (select count(*) from stored_files)::int as files, (select count(*) from pnp_documents)::int as docs`,
    ),
  );
  return { ...row!, bytes: storedFileCount() };
}

describe('POST pnps: create from a file', () => {
  it('creates a Draft P&P with its first version in Authoring, inheriting its container', async () => {
    const bytes = await pdfOf('Falls', ['Assess every patient for fall risk.']);
    const res = await postForm(
      a.binderOwner,
      pnpsUrl(),
      fields(
        { name: 'Fall Prevention', description: 'Falls.', container_id: w.folder.id },
        { notes: 'First draft', origination_dt: '2020-01-01' },
      ),
      [{ name: 'falls.pdf', bytes, type: 'application/pdf' }],
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.pnp).toMatchObject({
      name: 'Fall Prevention',
      status: 1,
      status_label: 'DRAFT',
      inherits_access: true,
      draft_status: 2,
      location: `${w.binder.name} / ${w.folder.name}`,
    });
    expect(body.pnp_document).toMatchObject({
      version_number: 1,
      status: 1,
      draft_stage: 2,
      notes: 'First draft',
      origination_dt: '2020-01-01',
      file: { name: 'falls.pdf', extension: 'pdf' },
    });
    const logs = (await a.binderOwner.get(`${pnpsUrl()}/${body.pnp.id}/change_logs`)).json().change_logs;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action_name: 'Create', object_type: 'Pnp', object_name: 'Fall Prevention' });
  });

  it('tells the wizard where the P&P goes and whether the caller may create it there', async () => {
    const url = `${pnpsUrl()}/new?container_id=${w.folder.id}`;
    expect((await a.binderOwner.get(url)).json()).toEqual({
      container: { id: w.folder.id, name: w.folder.name, type: 2, location: `${w.binder.name} / ${w.folder.name}` },
      can_create: true,
    });
    expect((await a.author.get(url)).json().can_create).toBe(false);
    expect((await a.outsider.get(url)).statusCode).toBe(404);
    expect((await a.admin.get(`${pnpsUrl()}/new?container_id=x`)).statusCode).toBe(422);
  });

  it('takes its own participants when given (and needs an Owner among them)', async () => {
    const bytes = await docxOf('Own', ['x']);
    const noOwner = await postForm(
      a.admin,
      pnpsUrl(),
      fields({ name: 'Own', container_id: w.binder.id, participants: [{ user_id: w.author.id, role: 2 }] }),
      [{ name: 'own.docx', bytes }],
    );
    expect(noOwner.statusCode).toBe(422);
    expect(noOwner.json().errors).toEqual(['A P&P with its own participants needs at least one Owner.']);
    const badStep = await postForm(
      a.admin,
      pnpsUrl(),
      fields({ name: 'Own', container_id: w.binder.id, participants: [{ user_id: w.author.id, role: 4 }] }),
      [{ name: 'own.docx', bytes }],
    );
    expect(badStep.json().errors).toEqual(['Approvers need an approval step (1 to 10); other roles take none.']);
    const res = await postForm(
      a.admin,
      pnpsUrl(),
      fields({
        name: 'Own',
        container_id: w.binder.id,
        participants: [
          { user_id: w.outsider.id, role: 1 },
          { user_id: w.approver2.id, role: 4, approval_step: 3 },
        ],
      }),
      [{ name: 'own.docx', bytes }],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().pnp.inherits_access).toBe(false);
    expect(
      res
        .json()
        .pnp.assignments.roles.map((r: { name: string; role_name: string; approval_step: number | null }) => [
          r.name,
          r.role_name,
          r.approval_step,
        ]),
    ).toEqual([
      ['Oz Outsider', 'Owner', null],
      ['Bea Second', 'Approver', 3],
    ]);
    // The new Owner may now work on it; the binder's author may not even see it.
    expect((await a.outsider.get(`${pnpsUrl()}/${res.json().pnp.id}`)).statusCode).toBe(200);
    expect((await a.author.get(`${pnpsUrl()}/${res.json().pnp.id}`)).statusCode).toBe(404);
  });

  it('answers 401, 403 for who may not create here, 404 for another org’s container, 422 for bad input', async () => {
    const bytes = await docxOf('X', ['x']);
    const form = (agent: typeof a.admin, pnp: Record<string, unknown>) =>
      postForm(agent, pnpsUrl(), fields(pnp), [{ name: 'x.docx', bytes }]);
    expect((await form(t.anonymous(), { name: 'X', container_id: w.folder.id })).statusCode).toBe(401);
    for (const agent of [a.author, a.reviewer, a.reader])
      expect((await form(agent, { name: 'X', container_id: w.folder.id })).statusCode).toBe(403);
    // No role in the folder: answered like a folder that does not exist, its name nowhere.
    const hidden = await form(a.outsider, { name: 'X', container_id: w.folder.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(['The binder or folder was not found.']);
    expect(hidden.body).not.toContain(w.folder.name);
    const other = await createWorkflowOrg(t.deps);
    expect((await form(a.admin, { name: 'X', container_id: other.folder.id })).statusCode).toBe(404);
    const otherAdmin = await t.signIn(other.admin.username, other.admin.password);
    expect(
      (
        await postForm(otherAdmin, pnpsUrl(), fields({ name: 'X', container_id: w.folder.id }), [
          { name: 'x.docx', bytes },
        ])
      ).statusCode,
    ).toBe(404);
    const bad = await form(a.admin, { name: '', container_id: w.folder.id, colour: 'red' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(expect.arrayContaining(['Name is required.', 'Unknown field: colour.']));
    expect((await form(a.admin, { name: '<script>', container_id: w.folder.id })).json().errors).toEqual([
      'Name must not contain < or >.',
    ]);
    const before = await rowCounts();
    const badDate = await postForm(
      a.admin,
      pnpsUrl(),
      fields({ name: 'X', container_id: w.folder.id }, { origination_dt: '2026-02-30', review_cycle_years: 4 }),
      [{ name: 'x.docx', bytes }],
    );
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors).toEqual(['The review cycle must be 1, 2 or 3 years.']);
    const badDate2 = await postForm(
      a.admin,
      pnpsUrl(),
      fields({ name: 'X', container_id: w.folder.id }, { origination_dt: '2026-02-30' }),
      [{ name: 'x.docx', bytes }],
    );
    expect(badDate2.json().errors).toEqual(['Origination Date must be a real calendar date written as yyyy-mm-dd.']);
    const noFile = await postForm(a.admin, pnpsUrl(), fields({ name: 'X', container_id: w.folder.id }), []);
    expect(noFile.json().errors).toEqual(['Please choose a file to upload.']);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses bad files clearly and stores nothing', async () => {
    const before = await rowCounts();
    const attempt = async (name: string, bytes: Buffer) => {
      const res = await postForm(a.admin, pnpsUrl(), fields({ name: 'Bad', container_id: w.folder.id }), [
        { name, bytes },
      ]);
      expect(res.statusCode, name).toBe(422);
      return res.json().errors as string[];
    };
    expect(await attempt('policy.pdf', fakeExecutable())).toEqual([
      'The file policy.pdf is not an accepted type. Accepted types: DOCX, DOC, PDF, XLSX, PPTX, TXT.',
    ]);
    expect(await attempt('empty.docx', Buffer.alloc(0))).toEqual(['The file empty.docx is empty.']);
    expect(await attempt('Falls.pdf', Buffer.from('Falls prevention: assess every patient on admission.'))).toEqual([
      'The file Falls.pdf is not in PDF format: its content is plain text. Save it again as PDF, or rename it to Falls.txt to upload it as text.',
    ]);
    expect(
      await attempt('huge.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(LIMIT + 10, 0x20)])),
    ).toEqual(['The file huge.pdf is larger than the 2 MB limit.']);
    expect(await attempt('../../etc/passwd.docx', await docxOf('x', ['x']))).toEqual([
      'The file name "../../etc/passwd.docx" is not allowed: a file name must not contain a path.',
    ]);
    expect(await attempt('bomb.docx', docxZipBomb(300 * 1024 * 1024))).toEqual([
      'The file bomb.docx expands to more than 256 MB when opened and was refused.',
    ]);
    expect(await attempt('many.docx', docxManyEntries(10_001))).toEqual([
      'The file many.docx holds too many parts to be opened safely.',
    ]);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('create from a template', () => {
  it('offers the template for the wizard and copies its file into a new stored file', async () => {
    const template = await createTemplate(t.deps, w.org.id);
    const hidden = await createTemplate(t.deps, null, 'Not for this org');
    const wizard = await a.binderOwner.get(`${pnpsUrl()}/new_with_template?template_id=${template.id}`);
    expect(wizard.json()).toMatchObject({
      template: { id: template.id, name: template.name, file_name: `${template.name}.docx` },
      pnp: { name: template.name },
    });
    expect((await a.binderOwner.get(`${pnpsUrl()}/new_with_template?template_id=${hidden.id}`)).statusCode).toBe(404);
    expect((await a.binderOwner.get(`${pnpsUrl()}/new_with_template?template_id=abc`)).statusCode).toBe(422);
    const res = await a.binderOwner.post(pnpsUrl(), {
      pnp: { name: 'Consent', container_id: w.folder.id, template_id: template.id },
      document: {},
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().pnp).toMatchObject({ template_id: template.id, status: 1 });
    const doc = res.json().pnp_document;
    const keys = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ storage_key: string }>(tx, sql`select storage_key from stored_files where id = ${doc.file.id}`),
    );
    expect(keys[0]!.storage_key).not.toBe(template.key);
    expect((await t.deps.files.get(keys[0]!.storage_key)).equals(await t.deps.files.get(template.key))).toBe(true);
    const preview = await a.binderOwner.get(
      `/api/o/${w.org.id}/pnp_documents/${doc.id}/preview?pnp_id=${res.json().pnp.id}`,
    );
    expect(preview.json().html).toContain('Describe how the organization obtains informed consent.');
    expect(
      (
        await a.binderOwner.post(pnpsUrl(), {
          pnp: { name: 'Consent', container_id: w.folder.id, template_id: hidden.id },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('bulk upload', () => {
  it('makes a Draft P&P of every accepted file, lists the refused ones, and keeps one batch row', async () => {
    const url = `${pnpsUrl()}/bulk_upload`;
    const first = await postForm(a.binderOwner, url, { container_id: String(w.folder.id) }, [
      { field: 'files', name: 'Visitor_Policy.docx', bytes: await docxOf('Visitors', ['Visiting hours.']) },
      { field: 'files', name: 'Badge Policy.pdf', bytes: await pdfOf('Badges', ['Wear your badge.']) },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json().created.map((c: { name: string }) => c.name)).toEqual(['Visitor Policy', 'Badge Policy']);
    const id = first.json().bulk_upload.id;
    const second = await postForm(
      a.binderOwner,
      url,
      { container_id: String(w.folder.id), bulk_upload_id: String(id) },
      [
        { field: 'files', name: 'setup.pdf', bytes: fakeExecutable() },
        { field: 'files', name: 'Notes.txt', bytes: Buffer.from('Plain policy notes.') },
      ],
    );
    expect(second.json()).toMatchObject({
      bulk_upload: { id, total: 4, succeeded: 3, failed: 1, status: 'completed' },
      failed: [
        {
          file_name: 'setup.pdf',
          errors: ['The file setup.pdf is not an accepted type. Accepted types: DOCX, DOC, PDF, XLSX, PPTX, TXT.'],
        },
      ],
    });
    const list = (await a.binderOwner.get(`${pnpsUrl()}?container_id=${w.folder.id}&status=1&search=policy`)).json();
    expect(list.pnps.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Badge Policy', 'Visitor Policy']),
    );
    expect(
      (
        await postForm(a.author, url, { container_id: String(w.folder.id) }, [
          { field: 'files', name: 'a.txt', bytes: Buffer.from('a') },
        ])
      ).statusCode,
    ).toBe(403);
    expect(
      (await postForm(a.binderOwner, url, {}, [{ field: 'files', name: 'a.txt', bytes: Buffer.from('a') }])).json()
        .errors,
    ).toEqual(['Choose the binder or folder to upload into.']);
    expect((await postForm(a.binderOwner, url, { container_id: String(w.folder.id) }, [])).json().errors).toEqual([
      'Please choose at least one file to upload.',
    ]);
    expect((await t.anonymous().post(url, {})).statusCode).toBe(401);
  });
});

describe('GET, PUT pnps', () => {
  it('lists what each person may see: drafts for those who work on them, published ones for readers', async () => {
    const draft = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Zeta Draft');
    const adminList = (await a.admin.get(`${pnpsUrl()}?search=zeta`)).json();
    expect(adminList).toMatchObject({
      total: 1,
      page: 1,
      per_page: 10,
      pnps: [{ id: draft.pnp.id, status_label: 'DRAFT', draft_status_label: 'Authoring' }],
    });
    expect((await a.reader.get(`${pnpsUrl()}?search=zeta`)).json().total).toBe(0);
    expect((await a.outsider.get(`${pnpsUrl()}?search=zeta`)).json().total).toBe(0);
    expect((await a.reviewer.get(`${pnpsUrl()}?search=zeta`)).json().total).toBe(1);
    expect((await a.admin.get(`${pnpsUrl()}?status=9`)).statusCode).toBe(422);
    expect((await t.anonymous().get(pnpsUrl())).statusCode).toBe(401);
  });

  it('changes name, description and participants (OA, BO, Owner), with change logs of spec §3', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Old Name');
    const url = `${pnpsUrl()}/${created.pnp.id}`;
    expect((await a.author.put(url, { pnp: { name: 'New' } })).statusCode).toBe(403);
    expect((await a.reader.put(url, { pnp: { name: 'New' } })).statusCode).toBe(404);
    expect((await a.binderOwner.put(url, { pnp: { name: '' } })).json().errors).toEqual(['Name is required.']);
    const res = await a.binderOwner.put(url, { pnp: { name: 'New Name', description: 'Now described.' } });
    expect(res.json().pnp).toMatchObject({ name: 'New Name', description: 'Now described.' });
    const own = await a.binderOwner.put(url, {
      pnp: {
        participants: [
          { user_id: w.binderOwner.id, role: 1 },
          { user_id: w.reviewer.id, role: 2 },
        ],
      },
    });
    expect(own.json().pnp.inherits_access).toBe(false);
    // The draft's Author tasks follow the people: the reviewer, now its only author, holds the task.
    const tasks = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ user_id: number }>(
        tx,
        sql`select user_id from tasks where document_id = ${created.pnp_document.id} and status = 1 and kind = 'Author'`,
      ),
    );
    expect(tasks.map((r) => r.user_id)).toEqual([w.reviewer.id]);
    const logs = (await a.admin.get(`${url}/change_logs`)).json().change_logs;
    expect(logs[0]).toMatchObject({
      action_name: 'Update',
      deltas: {
        changed: { inherits_access: [true, false] },
        container_access_users_added: [
          { user_name: 'Bo Binder', role_name: 'Owner' },
          { user_name: 'Rae Reviewer', role_name: 'Author' },
        ],
      },
    });
    expect(logs[1]).toMatchObject({
      action_name: 'Update',
      deltas: { changed: { name: ['Old Name', 'New Name'], description: [null, 'Now described.'] } },
    });
    const back = await a.binderOwner.put(url, { pnp: { participants: null } });
    expect(back.json().pnp.inherits_access).toBe(true);
    expect((await a.admin.put(`${pnpsUrl()}/999999`, { pnp: { name: 'x' } })).statusCode).toBe(404);
  });
});
