import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, makePnp, type MatrixPnp, type World } from '../../security/permission-matrix';

/**
 * Product rules: a P&P is seen by "anyone with any role on it or an ancestor". The owner of a
 * binder manages every P&P in it, those with participants of their own included, and sees them:
 * in the library's lists, counts, tree and search, in the manage tree, and in reports. Binder P's
 * P&Ps all have participants of their own, BO not among them; the policy owner, Audience of binder
 * C, holds no role on binder P or its P&Ps.
 */
let w: World;
let inP: MatrixPnp;
let draftInP: MatrixPnp;

beforeAll(async () => {
  w = await createWorld();
  inP = await makePnp(w, 'active');
  draftInP = await makePnp(w, 'never-published');
});
afterAll(async () => w.t.close());

const o = () => `/api/o/${w.org.id}`;
const word = () => w.marker;

describe('the owner of a binder sees its P&Ps with participants of their own', () => {
  it('in the library list, its count and its tree', async () => {
    const list = (await w.agents.BO.get(`${o()}/library?list=true&words=${word()}`)).json<{
      items: { pnp_id: number }[];
      total: number;
    }>();
    expect(list.items.map((i) => i.pnp_id)).toContain(inP.id);
    expect(list.total).toBe(list.items.length);

    const whole = (await w.agents.BO.get(`${o()}/library?list=true`)).json<{
      items: { pnp_id: number }[];
      total: number;
    }>();
    expect(whole.total).toBe(whole.items.length);
    expect(whole.items.map((i) => i.pnp_id)).toContain(inP.id);

    const tree = await w.agents.BO.get(`${o()}/library`);
    expect(tree.statusCode).toBe(200);
    expect(tree.body).toContain(inP.name);

    const outsider = await w.agents.PolicyOwner.get(`${o()}/library?list=true&words=${word()}`);
    expect(outsider.body).not.toContain(inP.name);
  });

  it('in search', async () => {
    const found = (
      await w.agents.BO.post(`${o()}/content_navigator_library/search_pnp`, { phrase: inP.name, offset: 0 })
    ).json<{ items: { pnp_id: number }[]; total: number }>();
    expect(found.items.map((i) => i.pnp_id)).toContain(inP.id);
    const notFound = await w.agents.PolicyOwner.post(`${o()}/content_navigator_library/search_pnp`, {
      phrase: inP.name,
      offset: 0,
    });
    expect(notFound.body).not.toContain(inP.name);
  });

  it('in the manage tree, drafts too, level by level and whole', async () => {
    const levels = await w.agents.BO.get(`${o()}/containers?depth=3`);
    expect(levels.statusCode).toBe(200);
    expect(levels.body).toContain(inP.name);
    expect(levels.body).toContain(draftInP.name);
    const whole = await w.agents.BO.get(`${o()}/containers`);
    expect(whole.body).toContain(inP.name);
    expect(whole.body).toContain(draftInP.name);
    expect((await w.agents.PolicyOwner.get(`${o()}/containers?depth=3`)).body).not.toContain(draftInP.name);
  });

  it('in reports, which count it', async () => {
    const report = (await w.agents.BO.get(`${o()}/reporting/pnp_documents`)).body;
    expect(report).toContain(inP.name);
  });
});
