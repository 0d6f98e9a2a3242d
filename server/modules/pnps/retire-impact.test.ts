import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pnpLinks, pnps, readAcknowledgements } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createContainer, createOrg, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-10T12:00:00Z'));
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

type Ref = { pnpId: number; docId: number };
const docUrl = (d: Ref, tail = '') => `/api/o/${w.org.id}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}`;
const impactUrl = (pnpId: number | string, org: number = w.org.id) => `/api/o/${org}/pnps/${pnpId}/retire_impact`;
const suffix = () => Math.random().toString(16).slice(2, 8);

async function published(name = `Policy ${suffix()}`, containerId = w.folder.id): Promise<Ref> {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, containerId, name, ['First text.']);
  const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
  const act = (agent: Agent, body: Record<string, unknown>) => agent.post(docUrl(d, '/workflow'), body);
  await act(a.author, { action: 'submit' });
  await act(a.reviewer, { action: 'accept_review' });
  await act(a.approver1, { action: 'approve' });
  const res = await act(a.binderOwner, {
    action: 'publish',
    effective_dt: '2026-06-01',
    review_cycle_years: 2,
    reminder_days: 60,
  });
  expect(res.statusCode).toBe(200);
  return d;
}

/** A P&P in a binder the binder owner holds no role in, marked published and linking to `target`. */
async function hiddenLinker(target: number, status: 1 | 2): Promise<number> {
  const binder = await createContainer(t.deps, w.org.id, { name: `Elsewhere ${suffix()}` });
  const created = await createPnpFromDocx(a.admin, w.org.id, binder.id, `Secret Linker ${suffix()}`);
  await withSystem(t.deps.database.db, async (tx) => {
    await tx
      .update(pnps)
      .set({ status })
      .where(and(eq(pnps.orgId, w.org.id), eq(pnps.id, created.pnp.id)));
    await tx.insert(pnpLinks).values({ orgId: w.org.id, pnpId: created.pnp.id, linkedPnpId: target });
  });
  return created.pnp.id;
}

describe('GET pnps/{id}/retire_impact', () => {
  it('lists the published P&Ps linking here (hidden ones counted, not named), read acknowledgements, tasks and the draft', async () => {
    const target = await published(`Target ${suffix()}`);
    const linker = await published(`Linker ${suffix()}`);
    expect(
      (await a.binderOwner.put(`/api/o/${w.org.id}/pnps/${linker.pnpId}/pnp_links`, { linked_pnp_ids: [target.pnpId] }))
        .statusCode,
    ).toBe(200);
    const secret = await hiddenLinker(target.pnpId, 2);
    await hiddenLinker(target.pnpId, 1); // a draft linking here is not a published P&P: not counted
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(readAcknowledgements).values([
        { orgId: w.org.id, pnpId: target.pnpId, documentId: target.docId, name: 'Night shift read' },
        { orgId: w.org.id, pnpId: target.pnpId, documentId: target.docId, name: 'Closed read', status: 2 },
      ]),
    );
    expect((await a.author.post(docUrl(target, '/start_revision'), {})).statusCode).toBe(201);

    const res = await a.binderOwner.get(impactUrl(target.pnpId));
    expect(res.statusCode).toBe(200);
    const impact = res.json().retire_impact;
    expect(impact.linking_pnps.map((p: { id: number }) => p.id)).toEqual([linker.pnpId]);
    expect(impact.linking_pnps[0]).toMatchObject({
      status_label: expect.any(String),
      current_document_id: linker.docId,
    });
    expect(impact.linking_pnps_total).toBe(2);
    expect(JSON.stringify(impact)).not.toContain('Secret Linker');
    expect(impact.read_acknowledgements.map((r: { name: string }) => r.name)).toEqual(['Night shift read']);
    expect(
      impact.tasks.map((k: { kind_label: string; assignee_name: string }) => `${k.kind_label}: ${k.assignee_name}`),
    ).toEqual(['Author: Ann Author', 'Author: Pat Policy']);
    expect(impact.draft).toMatchObject({ stage_label: 'Authoring' });

    // The admin sees the hidden linker by name.
    const admin = (await a.admin.get(impactUrl(target.pnpId))).json().retire_impact;
    expect(admin.linking_pnps.map((p: { id: number }) => p.id).sort()).toEqual([linker.pnpId, secret].sort());
  });

  it('answers 401 signed out, 403 to those who see the P&P but may not retire it, 404 with no name to those who may not see it', async () => {
    const target = await published(`Hidden Name ${suffix()}`);
    expect((await t.anonymous().get(impactUrl(target.pnpId))).statusCode).toBe(401);
    for (const agent of [a.author, a.reviewer, a.reader]) {
      const res = await agent.get(impactUrl(target.pnpId));
      expect(res.statusCode).toBe(403);
    }
    expect((await a.policyOwner.get(impactUrl(target.pnpId))).statusCode).toBe(403);
    const hidden = await a.outsider.get(impactUrl(target.pnpId));
    const missing = await a.outsider.get(impactUrl(2147483000));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(missing.json().errors);
    expect(hidden.body).not.toContain('Hidden Name');
  });

  it('is 404 for another organisation’s P&P and 422 for a bad id', async () => {
    const target = await published();
    const other = await createOrg(t.deps);
    const otherAdmin = await createUser(t.deps, other.id, { isAdmin: true });
    const outsider = await t.signIn(otherAdmin.username, otherAdmin.password);
    const foreign = await outsider.get(impactUrl(target.pnpId, other.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toEqual((await outsider.get(impactUrl(2147483000, other.id))).json().errors);
    expect((await outsider.get(impactUrl(target.pnpId))).statusCode).toBe(404);
    const bad = await a.admin.get(impactUrl('abc'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.length).toBeGreaterThan(0);
  });

  it('is refused for a P&P that cannot be retired (a draft)', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `Draft ${suffix()}`);
    const res = await a.binderOwner.get(impactUrl(created.pnp.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Only a published P&P can be retired.']);
  });
});
