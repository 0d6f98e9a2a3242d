import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { additionalInfos, attachments, pnpLinks, storedFiles } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createContainer, createOrg, createUser, grant, type TestOrg } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp, type TestPnp } from '../../test/library-factories';

let t: TestApp;
let org: TestOrg;
let otherOrgPnp: TestPnp;
let asReader: Agent;
let main: TestPnp;
let hidden: TestPnp;
let seenLink: TestPnp;
let linkingHere: TestPnp;
let attachmentId: number;
let hiddenAttachmentId: number;

const FORM_BYTES = Buffer.from('%PDF-1.4\n% audit form\n');

/** An attachment stored as the P&P module stores one: a stored file and its attachment row. */
async function attach(pnpId: number, orgId: number, name: string): Promise<number> {
  const key = await t.deps.files.put(FORM_BYTES, 'pdf');
  return withSystem(t.deps.database.db, async (tx) => {
    const [file] = await tx
      .insert(storedFiles)
      .values({
        orgId,
        storageKey: key,
        originalName: name,
        mimeType: 'application/pdf',
        extension: 'pdf',
        sizeBytes: FORM_BYTES.length,
        sha256: createHash('sha256').update(FORM_BYTES).digest('hex'),
      })
      .returning();
    const [row] = await tx.insert(attachments).values({ orgId, pnpId, fileId: file!.id, name }).returning();
    return row!.id;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  const other = await createOrg(t.deps);
  const reader = await createUser(t.deps, org.id);
  const open = await createContainer(t.deps, org.id, { name: 'Ward Binder' });
  const closed = await createContainer(t.deps, org.id, { name: 'Board Binder' });
  await grant(t.deps, org.id, { containerId: open.id }, { userId: reader.id }, 5);
  main = await createPublishedPnp(t.deps, org.id, open.id, { name: 'Hand Hygiene' });
  seenLink = await createPublishedPnp(t.deps, org.id, open.id, { name: 'Glove Use' });
  linkingHere = await createPublishedPnp(t.deps, org.id, open.id, { name: 'Isolation Precautions' });
  hidden = await createPublishedPnp(t.deps, org.id, closed.id, { name: 'Board Minutes Policy' });
  const otherBinder = await createContainer(t.deps, other.id);
  otherOrgPnp = await createPublishedPnp(t.deps, other.id, otherBinder.id, { name: 'Elsewhere' });
  attachmentId = await attach(main.id, org.id, 'Audit Form.pdf');
  hiddenAttachmentId = await attach(hidden.id, org.id, 'Minutes.pdf');
  await withSystem(t.deps.database.db, async (tx) => {
    await tx
      .insert(additionalInfos)
      .values({ orgId: org.id, pnpId: main.id, title: 'Regulation', content: 'CMS 482.42' });
    await tx.insert(pnpLinks).values([
      { orgId: org.id, pnpId: main.id, linkedPnpId: seenLink.id },
      { orgId: org.id, pnpId: main.id, linkedPnpId: hidden.id },
      { orgId: org.id, pnpId: linkingHere.id, linkedPnpId: main.id },
    ]);
  });
  asReader = await t.signIn(reader.username, reader.password);
});
afterAll(async () => t.close());

describe('GET library/{pnpId}/related', () => {
  it('gives a reader the attachments, additional information and the linked P&Ps she may open', async () => {
    const res = await asReader.get(`/api/o/${org.id}/library/${main.id}/related`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.attachments).toEqual([
      { id: attachmentId, name: 'Audit Form.pdf', extension: 'pdf', size_bytes: FORM_BYTES.length },
    ]);
    expect(body.additional_infos).toEqual([expect.objectContaining({ title: 'Regulation', content: 'CMS 482.42' })]);
    // Both ways, by name; the Board binder's P&P is left out, without a trace of its name.
    expect(body.linked_pnps.map((p: { name: string }) => p.name)).toEqual(['Glove Use', 'Isolation Precautions']);
    expect(body.linked_pnps[0]).toEqual({
      pnp_id: seenLink.id,
      version_id: seenLink.versionId,
      name: 'Glove Use',
      location: 'Ward Binder',
    });
    expect(res.body).not.toContain('Board Minutes Policy');
  });

  it('says 404 without a name for a P&P she may not see, and for another organisation’s id', async () => {
    const notHers = await asReader.get(`/api/o/${org.id}/library/${hidden.id}/related`);
    expect(notHers.statusCode).toBe(404);
    expect(notHers.body).not.toContain('Board Minutes Policy');
    expect((await asReader.get(`/api/o/${org.id}/library/${otherOrgPnp.id}/related`)).statusCode).toBe(404);
  });

  it('says 422 for an id that is not one, and 401 to someone not signed in', async () => {
    const bad = await asReader.get(`/api/o/${org.id}/library/abc/related`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContain('The id must be a positive whole number.');
    expect((await t.anonymous().get(`/api/o/${org.id}/library/${main.id}/related`)).statusCode).toBe(401);
  });
});

describe('GET library/{pnpId}/attachments/{id}/file', () => {
  it('downloads an attachment of a P&P she may read', async () => {
    const res = await asReader.get(`/api/o/${org.id}/library/${main.id}/attachments/${attachmentId}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Audit Form.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(FORM_BYTES)).toBe(true);
  });

  it('answers HEAD with the headers and never reads the file; a hidden one is 404 as with GET', async () => {
    const read = vi.spyOn(t.deps.files, 'get');
    try {
      const url = `/api/o/${org.id}/library/${main.id}/attachments/${attachmentId}/file`;
      const head = await asReader.raw({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-disposition']).toMatch(/^attachment; filename="Audit Form.pdf"/);
      expect(head.rawPayload.length).toBe(0);
      expect(read).not.toHaveBeenCalled();
      const hiddenUrl = `/api/o/${org.id}/library/${hidden.id}/attachments/${hiddenAttachmentId}/file`;
      expect((await asReader.raw({ method: 'HEAD', url: hiddenUrl })).statusCode).toBe(404);
    } finally {
      read.mockRestore();
    }
  });

  it('refuses with 404 an attachment of a P&P she may not see, or one under another P&P', async () => {
    const hiddenFile = await asReader.get(
      `/api/o/${org.id}/library/${hidden.id}/attachments/${hiddenAttachmentId}/file`,
    );
    expect(hiddenFile.statusCode).toBe(404);
    const mismatched = await asReader.get(`/api/o/${org.id}/library/${main.id}/attachments/${hiddenAttachmentId}/file`);
    expect(mismatched.statusCode).toBe(404);
    expect((await asReader.get(`/api/o/${org.id}/library/${main.id}/attachments/0/file`)).statusCode).toBe(422);
    expect(
      (await t.anonymous().get(`/api/o/${org.id}/library/${main.id}/attachments/${attachmentId}/file`)).statusCode,
    ).toBe(401);
  });
});
