import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { CONTROL_CHARACTER_MESSAGE } from '../../shared/api/primitives';
import { createOrg, createUser, type TestOrg } from '../test/factories';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import { docxOf, multipart } from '../test/pnp-factories';
import { createOrgAObjects, type OrgAObjects } from '../test/org-a-fixture';
import { MultipartMessages } from './multipart-errors';

/** The inputs of issue 9 that gave 500, each now a 422 (or 413) with a sentence. */
let t: TestApp;
let org: TestOrg;
let objects: OrgAObjects;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  objects = await createOrgAObjects(t.deps, org);
  const user = await createUser(t.deps, org.id, { isAdmin: true, isPolicyOwner: true });
  admin = await t.signIn(user.username, user.password);
});
afterAll(async () => t.close());

const HUGE = 2_147_483_648;

describe('NUL in text', () => {
  it.each([
    [
      'sign-in',
      () =>
        t.anonymous().post('/api/auth/developer/login', { credentials: { login: 'a\u0000b', password: 'whatever12' } }),
    ],
    [
      'search',
      () => admin.post(`/api/o/${org.id}/content_navigator_library/search_pnp`, { phrase: 'hand\u0000', offset: 0 }),
    ],
    ['binder name', () => admin.post(`/api/o/${org.id}/containers`, { item: { item_type: 1, name: 'Bin\u0000der' } })],
    ['P&P description', () => admin.put(`/api/o/${org.id}/pnps/${objects.pnpId}`, { pnp: { description: 'd\u0000' } })],
  ])('%s: 422 with a sentence', async (_name, send) => {
    const res = await send();
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join(' ')).toContain(CONTROL_CHARACTER_MESSAGE);
  });
});

describe('ids past the database integer', () => {
  it.each([
    ['retire', () => admin.put(`/api/o/${org.id}/pnps/retire`, { id: HUGE, retire_reason: 'Old' })],
    ['restore', () => admin.put(`/api/o/${org.id}/pnps/restore`, { id: HUGE })],
    ['cancel_draft', () => admin.post(`/api/o/${org.id}/pnp_documents/cancel_draft`, { pnp_id: HUGE, id: HUGE })],
    ['pnp_links', () => admin.put(`/api/o/${org.id}/pnps/${objects.pnpId}/pnp_links`, { linked_pnp_ids: [HUGE] })],
    ['template_id', () => admin.get(`/api/o/${org.id}/pnps/new_with_template?template_id=${HUGE}`)],
    ['library container_id', () => admin.get(`/api/o/${org.id}/library?list=true&container_id=${HUGE}`)],
  ])('%s: 422', async (_name, send) => {
    const res = await send();
    expect(res.statusCode).toBe(422);
  });

  it('replace_file (multipart fields): refused, never 500', async () => {
    const form = multipart({ pnp_id: String(HUGE), id: String(HUGE) }, [
      { name: 'a.docx', bytes: await docxOf('A', ['a']) },
    ]);
    const res = await admin.post(`/api/o/${org.id}/pnp_documents/replace_file`, form.body, form.headers);
    expect([404, 422]).toContain(res.statusCode);
  });
});

describe('malformed multipart', () => {
  it('without a boundary: 422 with a sentence', async () => {
    const res = await admin.post(
      `/api/o/${org.id}/pnps`,
      '--x\r\nContent-Disposition: form-data; name="pnp"\r\n\r\n{}\r\n--x--\r\n',
      {
        'content-type': 'multipart/form-data',
      },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([MultipartMessages.malformed]);
  });

  it('cut short: 422 with a sentence', async () => {
    const form = multipart({ pnp: JSON.stringify({ name: 'Cut', container_id: objects.folderId }) }, [
      { name: 'a.docx', bytes: await docxOf('Cut', ['cut']) },
    ]);
    const cut = form.body.subarray(0, form.body.length - 40);
    const res = await admin.post(`/api/o/${org.id}/pnps`, cut, form.headers);
    expect(res.statusCode).toBe(422);
  });
});

describe('compressed request bodies', () => {
  it('a gzip body is not inflated: 400 with a sentence, and nothing is created', async () => {
    const name = `Inflated ${Date.now()}`;
    const res = await admin.post(
      `/api/o/${org.id}/containers`,
      gzipSync(JSON.stringify({ item: { item_type: 1, name } })),
      {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['The request body is not valid JSON.']);
    const tree = await admin.get(`/api/o/${org.id}/containers?depth=1`);
    expect(tree.body).not.toContain(name);
  });
});
