import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let routes: Array<[string, string]>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps);
  const a = await signInAll(t, w);
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Walked');
  const p = created.pnp.id;
  const d = created.pnp_document.id;
  const o = `/api/o/${w.org.id}`;
  routes = [
    ['GET', `${o}/pnps`],
    ['POST', `${o}/pnps`],
    ['GET', `${o}/pnps/new?container_id=${w.folder.id}`],
    ['GET', `${o}/pnps/new_with_template?template_id=1`],
    ['POST', `${o}/pnps/bulk_upload`],
    ['PUT', `${o}/pnps/retire`],
    ['PUT', `${o}/pnps/restore`],
    ['GET', `${o}/pnps/${p}`],
    ['PUT', `${o}/pnps/${p}`],
    ['DELETE', `${o}/pnps/${p}`],
    ['GET', `${o}/pnps/${p}/change_logs`],
    ['POST', `${o}/pnps/${p}/pnp_documents/${d}/upload_document`],
    ['GET', `${o}/pnps/${p}/attachments`],
    ['POST', `${o}/pnps/${p}/attachments`],
    ['DELETE', `${o}/pnps/${p}/attachments/1`],
    ['GET', `${o}/pnps/${p}/attachments/1/file`],
    ['GET', `${o}/pnps/${p}/additional_infos`],
    ['POST', `${o}/pnps/${p}/additional_infos`],
    ['PUT', `${o}/pnps/${p}/additional_infos/1`],
    ['DELETE', `${o}/pnps/${p}/additional_infos/1`],
    ['GET', `${o}/pnps/${p}/pnp_links`],
    ['PUT', `${o}/pnps/${p}/pnp_links`],
    ['GET', `${o}/pnp_documents`],
    ['GET', `${o}/pnp_documents/versions?pnp_id=${p}`],
    ['GET', `${o}/pnp_documents/workflow_history?pnp_id=${p}`],
    ['GET', `${o}/pnp_documents/compare?pnp_id=${p}&from=${d}&to=${d + 1}`],
    ['POST', `${o}/pnp_documents/cancel_draft`],
    ['POST', `${o}/pnp_documents/replace_file`],
    ['GET', `${o}/pnp_documents/${d}?pnp_id=${p}`],
    ['GET', `${o}/pnp_documents/${d}/file?pnp_id=${p}`],
    ['GET', `${o}/pnp_documents/${d}/preview?pnp_id=${p}`],
    ['PUT', `${o}/pnp_documents/${d}`],
    ['POST', `${o}/pnp_documents/${d}/workflow?pnp_id=${p}`],
    ['POST', `${o}/pnp_documents/${d}/adhoc_send_to_authors?pnp_id=${p}`],
    ['POST', `${o}/pnp_documents/${d}/start_revision?pnp_id=${p}`],
    ['POST', `${o}/pnp_documents/${d}/extend_review?pnp_id=${p}`],
  ];
});
afterAll(async () => t.close());

const call = (agent: Agent, method: string, url: string) =>
  method === 'GET'
    ? agent.get(url)
    : method === 'POST'
      ? agent.post(url, {})
      : method === 'PUT'
        ? agent.put(url, {})
        : agent.delete(url);

describe('every P&P route', () => {
  it('answers 401 to a caller who is not signed in', async () => {
    const anonymous = t.anonymous();
    for (const [method, url] of routes)
      expect((await call(anonymous, method, url)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('answers 404 to a user of another organisation, touching nothing', async () => {
    const other = await createWorkflowOrg(t.deps);
    const stranger = await t.signIn(other.admin.username, other.admin.password);
    for (const [method, url] of routes)
      expect((await call(stranger, method, url)).statusCode, `${method} ${url}`).toBe(404);
  });
});
