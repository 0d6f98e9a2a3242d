import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContainer, createOrg, createUser, grant, type TestOrg } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp, createTemplate, type TestPnp } from '../../test/library-factories';
import { sanitizeConvertedHtml } from '../files/docx-preview';
import { contentDisposition } from './document-file';

let t: TestApp;
let org: TestOrg;
let asReader: Agent;
let docx: TestPnp;
let pdf: TestPnp;
let fall: { id: number; name: string };
let consent: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  const other = await createOrg(t.deps);
  const reader = await createUser(t.deps, org.id);
  const binder = await createContainer(t.deps, org.id, { name: 'Safety Binder' });

  const folder = await createContainer(t.deps, org.id, { parentId: binder.id, name: 'Falls' });
  await grant(t.deps, org.id, { containerId: binder.id }, { userId: reader.id }, 5);
  docx = await createPublishedPnp(t.deps, org.id, binder.id, {
    name: 'Visitor "Policy" é',
    text: 'Visitors sign in at the front desk.',
  });
  pdf = await createPublishedPnp(t.deps, org.id, binder.id, {
    name: 'Fire Safety',
    format: 'pdf',
    text: 'Pull the alarm.',
  });
  fall = await createTemplate(t.deps, [org.id], {
    name: 'Fall Prevention Template',
    text: 'Assess every inpatient for fall risk on admission.',
  });
  consent = await createTemplate(t.deps, [org.id, other.id], {
    name: 'Informed Consent Template',
    source: 'Joint Commission',
    text: 'Obtain written consent.',
  });
  await createTemplate(t.deps, [other.id], { name: 'Other Org Only Template', text: 'fall risk elsewhere' });
  await createPublishedPnp(t.deps, org.id, folder.id, { name: 'Falls Policy', templateId: fall.id });
  asReader = await t.signIn(reader.username, reader.password);
});
afterAll(async () => t.close());

describe('the published file', () => {
  it('downloads as an attachment with a safe file name and nosniff', async () => {
    const res = await asReader.get(`/api/o/${org.id}/library/${docx.id}/file?action_name=download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Visitor Policy _.docx"; filename*=UTF-8''Visitor%20Policy%20%C3%A9.docx`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers HEAD as GET without the file, so the page can ask before the browser downloads', async () => {
    const read = vi.spyOn(t.deps.files, 'get');
    const head = await asReader.raw({
      method: 'HEAD',
      url: `/api/o/${org.id}/library/${docx.id}/file?action_name=download`,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-disposition']).toMatch(/^attachment;/);
    expect(head.rawPayload.length).toBe(0);
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
    const gone = await asReader.raw({
      method: 'HEAD',
      url: `/api/o/${org.id}/library/999999/file?action_name=download`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('views a PDF inline; a DOCX is never sent inline', async () => {
    const inline = await asReader.get(`/api/o/${org.id}/library/${pdf.id}/file?action_name=view`);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="Fire Safety.pdf"/);
    expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const word = await asReader.get(`/api/o/${org.id}/library/${docx.id}/file?action_name=view`);
    expect(word.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('previews a DOCX as HTML and says a PDF is shown as it is', async () => {
    const html = (await asReader.get(`/api/o/${org.id}/library/${docx.id}/file?action_name=preview`)).json();
    expect(html.kind).toBe('html');
    expect(html.html).toContain('Visitors sign in at the front desk.');
    expect((await asReader.get(`/api/o/${org.id}/library/${pdf.id}/file?action_name=preview`)).json()).toEqual({
      kind: 'pdf',
      html: null,
    });
  });

  it('converts a DOCX once for every reader: later previews of the same file read no bytes and start no parser job', async () => {
    // A file of its own, so that no earlier test's preview of it was kept.
    const kept = await createContainer(t.deps, org.id, { name: 'Kept' });
    const other = await createPublishedPnp(t.deps, org.id, kept.id, {
      name: 'Kept Preview',
      text: 'Converted once, read by many.',
    });
    const reader = await createUser(t.deps, org.id);
    await grant(t.deps, org.id, { containerId: kept.id }, { userId: reader.id }, 5);
    const asKeptReader = await t.signIn(reader.username, reader.password);
    const url = `/api/o/${org.id}/library/${other.id}/file?action_name=preview`;
    const read = vi.spyOn(t.deps.files, 'get');
    try {
      const [first, second] = await Promise.all([asKeptReader.get(url), asKeptReader.get(url)]);
      const third = await asKeptReader.get(url);
      for (const res of [first, second, third]) {
        expect(res.statusCode).toBe(200);
        expect(res.json<{ html: string }>().html).toContain('Converted once, read by many.');
      }
      // The two at once shared one conversion; the third was kept.
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });

  it('keeps only safe links and images in converted HTML, and file names safe in headers', () => {
    const dirty =
      '<p onclick="x()">a<a href="javascript:alert(1)">b</a><a href="https://example.org">c</a><img src="http://evil/x.png"><script>bad()</script></p>';
    const clean = sanitizeConvertedHtml(dirty);
    expect(clean).toBe('<p>a<a>b</a><a href="https://example.org" rel="noopener noreferrer">c</a><img></p>');
    expect(contentDisposition('inline', '../../etc/pass\r\nwd".pdf')).toBe(
      `inline; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
    );
  });
});

describe('the template library', () => {
  const url = (path = '') => `/api/o/${org.id}/pnp_templates${path}`;

  it("lists the organization's templates with source, and where its P&Ps made from them live", async () => {
    const res = (await asReader.get(url())).json();
    expect(res.total).toBe(2);
    expect(res.templates.map((tpl: { name: string }) => tpl.name)).toEqual([
      'Fall Prevention Template',
      'Informed Consent Template',
    ]);
    expect(res.templates[0]).toMatchObject({
      source: 'HealthStream Library',
      binders: ['Safety Binder'],
      folders: ['Falls'],
      file_name: 'Fall Prevention Template.docx',
    });
    expect(res.templates[1]).toMatchObject({ source: 'Joint Commission', binders: [], folders: [] });
  });

  it('filters by source', async () => {
    const res = (await asReader.get(url('?source=Joint%20Commission'))).json();
    expect(res.templates.map((tpl: { id: number }) => tpl.id)).toEqual([consent.id]);
  });

  it('shows one template, its file and its HTML preview', async () => {
    expect((await asReader.get(url(`/${fall.id}`))).json()).toMatchObject({
      id: fall.id,
      name: 'Fall Prevention Template',
    });
    const file = await asReader.get(url(`/${fall.id}/file?action_name=view`));
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const preview = (await asReader.get(url(`/${fall.id}/file?action_name=preview`))).json();
    expect(preview.html).toContain('Assess every inpatient for fall risk on admission.');
  });

  it('searches names (typo-tolerant), descriptions and the text, only among its own templates', async () => {
    const search = (body: Record<string, unknown>) =>
      asReader.post(`/api/o/${org.id}/content_navigator_library/search_pnp_template`, body);
    const byText = (await search({ phrase: 'fall risk', offset: 0 })).json();
    expect(byText.templates.map((tpl: { id: number }) => tpl.id)).toEqual([fall.id]);
    expect(
      byText.templates[0].snippet.some((p: { highlight: boolean; text: string }) => p.highlight && p.text === 'fall'),
    ).toBe(true);
    const typo = (await search({ phrase: 'informd consnt', offset: 0 })).json();
    expect(typo.templates.map((tpl: { id: number }) => tpl.id)).toEqual([consent.id]);
    const bySource = (await search({ phrase: 'template', offset: 0, source: 'HealthStream Library' })).json();
    expect(bySource).toMatchObject({ total: 1, offset: 0, limit: 10 });
  });
});
