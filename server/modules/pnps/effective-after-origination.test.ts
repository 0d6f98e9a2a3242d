import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createWorkflowOrg, docxOf, postForm, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

// A version cannot take effect before its P&P originated: every way an effective date is set (the
// new P&P, a draft's edit, publishing, the Active version's edit, a revision's target date) refuses
// one before the origination date with 422 and the field's sentence, and keeps nothing of it.

const TOO_EARLY = 'Effective Date must be on or after the Origination Date.';

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
const put = (agent: Agent, d: Ref, document: Record<string, unknown>) =>
  agent.put(`/api/o/${w.org.id}/pnp_documents/${d.docId}`, { pnp_id: d.pnpId, document });
const act = (agent: Agent, d: Ref, body: Record<string, unknown>) => agent.post(docUrl(d, '/workflow'), body);

async function create(name: string, document: Record<string, unknown>) {
  return postForm(
    a.policyOwner,
    `/api/o/${w.org.id}/pnps`,
    { pnp: JSON.stringify({ name, container_id: w.folder.id }), document: JSON.stringify(document) },
    [{ name: `${name}.docx`, bytes: await docxOf(name, ['Staff wash their hands.']) }],
  );
}

async function draftOriginatedOn(name: string, originationDt: string): Promise<Ref> {
  const res = await create(name, { origination_dt: originationDt });
  expect(res.statusCode).toBe(201);
  return { pnpId: res.json().pnp.id, docId: res.json().pnp_document.id };
}

/** Submitted, reviewed and approved: waiting in Publishing. */
async function readyToPublish(d: Ref): Promise<void> {
  await act(a.author, d, { action: 'submit' });
  await act(a.reviewer, d, { action: 'accept_review' });
  await act(a.approver1, d, { action: 'approve' });
}

async function pnpsNamed(name: string): Promise<number> {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from pnps where name = ${name}`),
  );
  return row?.n ?? 0;
}

const publish = (d: Ref, effectiveDt: string) =>
  act(a.binderOwner, d, { action: 'publish', effective_dt: effectiveDt, review_cycle_years: 1, reminder_days: 30 });

describe('an effective date before the origination date', () => {
  it('is refused when a P&P is created, and no P&P is made', async () => {
    const name = `Too early ${Math.random().toString(16).slice(2, 8)}`;
    const res = await create(name, { origination_dt: '2026-03-01', effective_dt: '2026-02-28' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([TOO_EARLY]);
    expect(await pnpsNamed(name)).toBe(0);

    // The same day is fine.
    const same = await create(`${name} same day`, { origination_dt: '2026-03-01', effective_dt: '2026-03-01' });
    expect(same.statusCode).toBe(201);
    expect(same.json().pnp_document).toMatchObject({ origination_dt: '2026-03-01', effective_dt: '2026-03-01' });
  });

  it('is refused when a draft is edited, either date moving; who may not edit it is answered first', async () => {
    const d = await draftOriginatedOn('Edited draft dates', '2026-03-01');
    expect((await t.anonymous().put(`/api/o/${w.org.id}/pnp_documents/${d.docId}`, {})).statusCode).toBe(401);
    expect((await put(a.reviewer, d, { effective_dt: '2026-02-01' })).statusCode).toBe(403);
    expect((await put(a.author, { ...d, docId: 999_999 }, { effective_dt: '2026-02-01' })).statusCode).toBe(404);

    const early = await put(a.author, d, { effective_dt: '2026-02-01' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual([TOO_EARLY]);
    expect((await a.admin.get(docUrl(d))).json().pnp_document.effective_dt).toBeNull();

    const ok = await put(a.author, d, { effective_dt: '2026-07-01' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().pnp_document).toMatchObject({ origination_dt: '2026-03-01', effective_dt: '2026-07-01' });

    // Moving the origination past the stored effective date is the same mistake, said of the same field.
    const later = await put(a.author, d, { origination_dt: '2026-06-01', effective_dt: '2026-05-01' });
    expect(later.json().errors).toEqual([TOO_EARLY]);
    // A wrong origination date is said once, of its own field.
    expect((await put(a.author, d, { origination_dt: '2030-01-01' })).json().errors).toEqual([
      'Origination Date must be on or before today.',
    ]);
  });

  it('is refused on publishing, on the Active version’s dates and as a revision’s target date', async () => {
    const d = await draftOriginatedOn('Published dates', '2026-03-01');
    await readyToPublish(d);
    const early = await publish(d, '2026-02-15');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual([TOO_EARLY]);
    expect((await publish(d, '2026-03-01')).statusCode).toBe(200);

    const active = await put(a.binderOwner, d, { effective_dt: '2026-01-01' });
    expect(active.statusCode).toBe(422);
    expect(active.json().errors).toEqual([TOO_EARLY]);
    expect((await a.admin.get(docUrl(d))).json().pnp_document.effective_dt).toBe('2026-03-01');

    const adHoc = await a.admin.post(docUrl(d, '/adhoc_send_to_authors'), { effective_date: '2026-02-01' });
    expect(adHoc.statusCode).toBe(422);
    expect(adHoc.json().errors).toEqual([TOO_EARLY]);
  });
});
