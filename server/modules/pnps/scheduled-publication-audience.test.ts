import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

/**
 * Product rules: a future effective date makes a publication scheduled, "published, but shown in
 * the library only from that date". The P&P management routes must not show it to its readers
 * (Audience only) any earlier, while those who prepare it keep seeing it.
 */
let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

type Ref = { pnpId: number; docId: number };

const SCHEDULED_NAME = 'Scheduled Sterilisation Policy';
const EFFECTIVE = '2026-07-01';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-10T12:00:00Z'));
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

const docUrl = (d: Ref, tail = '') => `/api/o/${w.org.id}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}`;
const pnpUrl = (d: Ref, tail = '') => `/api/o/${w.org.id}/pnps/${d.pnpId}${tail}`;

/** Takes a new P&P through the workflow and publishes it with the given effective date. */
async function publish(name: string, effective: string): Promise<Ref> {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, name);
  const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
  const act = (agent: Agent, body: Record<string, unknown>) => agent.post(docUrl(d, '/workflow'), body);
  expect((await act(a.author, { action: 'submit' })).statusCode).toBe(200);
  expect((await act(a.reviewer, { action: 'accept_review' })).statusCode).toBe(200);
  expect((await act(a.approver1, { action: 'approve' })).statusCode).toBe(200);
  const res = await act(a.binderOwner, {
    action: 'publish',
    effective_dt: effective,
    review_cycle_years: 2,
    reminder_days: 60,
  });
  expect(res.statusCode, res.body).toBe(200);
  return d;
}

const listedIds = async (agent: Agent): Promise<number[]> => {
  const res = await agent.get(`/api/o/${w.org.id}/pnps?per_page=100`);
  expect(res.statusCode).toBe(200);
  return (res.json().pnps as Array<{ id: number }>).map((p) => p.id);
};

const linkedIds = async (agent: Agent, from: Ref): Promise<number[]> => {
  const res = await agent.get(pnpUrl(from, '/pnp_links'));
  expect(res.statusCode).toBe(200);
  return (res.json().linked_pnps as Array<{ id: number }>).map((p) => p.id);
};

/** What a caller gets from each route that shows the P&P or its Active version. */
const looks = async (agent: Agent, d: Ref) => {
  const out: Record<string, { status: number; named: boolean }> = {};
  for (const [what, url] of Object.entries({
    pnp: pnpUrl(d),
    document: docUrl(d),
    file: docUrl(d, '/file'),
    preview: docUrl(d, '/preview'),
    // Its binder-to-folder path (the containers module decides on its own).
    containers: pnpUrl(d, '/containers'),
  })) {
    const res = await agent.get(url);
    out[what] = { status: res.statusCode, named: res.body.includes(SCHEDULED_NAME) };
  }
  return out;
};

describe('a scheduled publication and its readers (Audience only)', () => {
  let scheduled: Ref;
  let linker: Ref;

  beforeAll(async () => {
    scheduled = await publish(SCHEDULED_NAME, EFFECTIVE);
    // A P&P in effect that links to the scheduled one: the link must not reveal it either.
    linker = await publish('Instrument Cleaning Policy', '2026-06-01');
    const linked = await a.binderOwner.put(pnpUrl(linker, '/pnp_links'), { linked_pnp_ids: [scheduled.pnpId] });
    expect(linked.statusCode).toBe(200);
  });

  it('answers 404 with no name for the P&P, its Active document, file, preview and path before its date', async () => {
    const hidden = { status: 404, named: false };
    expect(await looks(a.reader, scheduled)).toEqual({
      pnp: hidden,
      document: hidden,
      file: hidden,
      preview: hidden,
      containers: hidden,
    });
    // The same answer as for a P&P that does not exist: nothing tells the reader it is there.
    const missing = await a.reader.get(`/api/o/${w.org.id}/pnps/2147483000`);
    expect((await a.reader.get(pnpUrl(scheduled))).json().errors).toEqual(missing.json().errors);
  });

  it('leaves it out of GET pnps, and counts it out of the total', async () => {
    // The organisation holds these two P&Ps only: the reader's page and total are the linker's.
    const res = await a.reader.get(`/api/o/${w.org.id}/pnps?per_page=100`);
    const ids = (res.json().pnps as Array<{ id: number }>).map((p) => p.id);
    expect({ ids, total: res.json().total }).toEqual({ ids: [linker.pnpId], total: 1 });
  });

  it('leaves it out of the linked P&Ps of a P&P the reader sees', async () => {
    expect(await linkedIds(a.reader, linker)).not.toContain(scheduled.pnpId);
  });

  it('keeps showing it to those who prepare it (its Author, the binder owner)', async () => {
    for (const agent of [a.author, a.binderOwner]) {
      const seen = await looks(agent, scheduled);
      expect(Object.values(seen).map((l) => l.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await listedIds(agent)).toContain(scheduled.pnpId);
      expect(await linkedIds(agent, linker)).toContain(scheduled.pnpId);
    }
    expect((await a.author.get(pnpUrl(scheduled))).json().pnp).toMatchObject({ name: SCHEDULED_NAME, scheduled: true });
  });

  it('leaves its name out of the change log of a P&P the reader works on', async () => {
    // The reader reviews the linking P&P (its own participants) and is still only a reader of the
    // scheduled one: the linking P&P's 'Update Linked P&Ps' entry must not name it yet.
    const own = await a.admin.put(pnpUrl(linker), {
      pnp: {
        participants: [
          { user_id: w.binderOwner.id, role: 1 },
          { user_id: w.author.id, role: 2 },
          { user_id: w.reader.id, role: 3 },
        ],
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    const log = await a.reader.get(pnpUrl(linker, '/change_logs'));
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('1 P&P you cannot see');
    expect(log.body).not.toContain(SCHEDULED_NAME);
    expect((await a.binderOwner.get(pnpUrl(linker, '/change_logs'))).body).toContain(SCHEDULED_NAME);
  });

  it('leaves it out of the retire impact of a P&P it links to, for an Owner who only reads it', async () => {
    // The reader owns a P&P of their own (its own participants), which the scheduled one links to.
    const owned = await publish('Reader Owned Policy', '2026-06-01');
    const own = await a.admin.put(pnpUrl(owned), {
      pnp: {
        participants: [
          { user_id: w.reader.id, role: 1 },
          { user_id: w.author.id, role: 2 },
        ],
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    const link = await a.binderOwner.put(pnpUrl(scheduled, '/pnp_links'), { linked_pnp_ids: [owned.pnpId] });
    expect(link.statusCode, link.body).toBe(200);
    const impact = await a.reader.get(pnpUrl(owned, '/retire_impact'));
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.body).not.toContain(SCHEDULED_NAME);
    expect((await a.binderOwner.get(pnpUrl(owned, '/retire_impact'))).body).toContain(SCHEDULED_NAME);
  });

  it('shows it to the reader from its effective date (UTC), everywhere', async () => {
    // The first half hour of the effective date; moving the clock ends idle sessions: sign in again.
    t.clock.set(new Date(`${EFFECTIVE}T00:30:00Z`));
    const reader = await t.signIn(w.reader.username, w.reader.password);
    const seen = await looks(reader, scheduled);
    expect(Object.values(seen).map((l) => l.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await reader.get(pnpUrl(scheduled))).json().pnp).toMatchObject({
      name: SCHEDULED_NAME,
      scheduled: false,
    });
    expect(await listedIds(reader)).toContain(scheduled.pnpId);
    expect(await linkedIds(reader, linker)).toContain(scheduled.pnpId);
  });
});
