import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalTurnaround } from '../../../shared/api/reporting';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createReportingScenario, SCENARIO_NOW, type ReportingScenario } from './reporting.fixture';
import { seedTurnaroundHistory } from './turnaround.fixture';

let t: TestApp;
let s: ReportingScenario;
let other: ReportingScenario;
let admin: Agent;
let bea: Agent;
let una: Agent;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(SCENARIO_NOW);
  s = await createReportingScenario(t.deps);
  other = await createReportingScenario(t.deps);
  await seedTurnaroundHistory(t.deps, s);
  await seedTurnaroundHistory(t.deps, other);
  admin = await t.signIn(s.admin.username, s.admin.password);
  bea = await t.signIn(s.bea.username, s.bea.password);
  una = await t.signIn(s.una.username, s.una.password);
});
afterAll(async () => t.close());

const url = (query = '') => `/api/o/${s.org.id}/reporting/approval_turnaround${query ? `?${query}` : ''}`;
async function turnaround(agent: Agent, query = ''): Promise<ApprovalTurnaround> {
  const res = await agent.get(url(query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApprovalTurnaround>();
}
const figures = (rows: { stage_key: string; count: number; median_days: number | null; p90_days: number | null }[]) =>
  Object.fromEntries(rows.map((row) => [row.stage_key, [row.count, row.median_days, row.p90_days]]));

describe('approval turnaround', () => {
  it('gives the median and 90th percentile of each stage over the period', async () => {
    const all = await turnaround(admin, 'from=2026-01-01&to=2026-12-31');
    expect(all.from).toBe('2026-01-01');
    expect(all.to).toBe('2026-12-31');
    expect(all.stages.map((row) => row.stage_label)).toEqual([
      'Authoring',
      'Reviewing',
      'Approving: Step 1',
      'Publishing',
    ]);
    expect(figures(all.stages)).toEqual({
      authoring: [5, 4, 11.2],
      reviewing: [4, 3, 6.8],
      approving_step_1: [2, 1, 1],
      publishing: [3, 1, 1.8],
    });
  });

  it('splits the figures by binder', async () => {
    const all = await turnaround(admin, 'from=2026-01-01&to=2026-12-31');
    const north = all.by_binder.filter((row) => row.binder_id === s.north.id);
    const south = all.by_binder.filter((row) => row.binder_id === s.south.id);
    expect(north[0]!.binder_name).toBe('North');
    expect(figures(north)).toEqual({
      authoring: [3, 4, 10.4],
      reviewing: [2, 6, 7.6],
      approving_step_1: [2, 1, 1],
      publishing: [2, 1.5, 1.9],
    });
    expect(figures(south)).toEqual({
      authoring: [2, 6, 9.2],
      reviewing: [2, 1.5, 1.9],
      publishing: [1, 1, 1],
    });
  });

  it("splits the figures by person: from the stage's start to their sign-off", async () => {
    const all = await turnaround(admin, 'from=2026-01-01&to=2026-12-31');
    const of = (userId: number) => figures(all.by_person.filter((row) => row.user_id === userId));
    expect(of(s.ann.id)).toEqual({ authoring: [5, 4, 11.2], approving_step_1: [1, 0.5, 0.5] });
    expect(of(s.rex.id)).toEqual({ reviewing: [2, 6, 7.6] });
    expect(of(s.pat.id)).toEqual({ approving_step_1: [2, 1, 1] });
    expect(of(s.otto.id)).toEqual({ reviewing: [2, 1.5, 1.9], publishing: [1, 1, 1] });
    expect(of(s.bea.id)).toEqual({ publishing: [2, 1.5, 1.9] });
    expect(all.by_person.find((row) => row.user_id === s.ann.id)!.name).toBe(s.ann.name);
  });

  it('counts only the stays that ended in the period', async () => {
    const may = await turnaround(admin, 'from=2026-05-01&to=2026-05-31');
    expect(figures(may.stages)).toEqual({
      authoring: [1, 2, 2],
      reviewing: [1, 4, 4],
      approving_step_1: [1, 1, 1],
      publishing: [1, 2, 2],
    });
    // The day the period ends is included: Alpha's publishing ended on May 10.
    expect(figures((await turnaround(admin, 'from=2026-05-10&to=2026-05-10')).stages)).toEqual({
      publishing: [1, 2, 2],
    });
    expect((await turnaround(admin, 'from=2025-01-01&to=2025-12-31')).stages).toEqual([]);
  });

  it('lists the slowest open items with who they wait for', async () => {
    const all = await turnaround(admin, 'from=2026-01-01&to=2026-12-31');
    expect(all.slowest_open).toEqual([
      {
        pnp_id: s.pnps.zeta,
        pnp_name: 'Zeta Draft',
        version_id: s.docs.zeta,
        location: 'South / South Ward',
        stage_key: 'approving_step_1',
        stage_label: 'Approving: Step 1',
        since: '2026-10-04T00:00:00Z',
        days_open: 50.5,
        pending_with: s.pat.name,
      },
      expect.objectContaining({
        pnp_id: s.pnps.alpha,
        stage_label: 'Reviewing',
        days_open: 10.5,
        pending_with: s.rex.name,
      }),
      expect.objectContaining({
        pnp_id: s.pnps.beta,
        stage_label: 'Authoring',
        days_open: 3.5,
        pending_with: s.ann.name,
      }),
    ]);
  });

  it('takes a "from" alone up to today, ten years at most', async () => {
    const res = await turnaround(admin, 'from=2016-11-15');
    expect([res.from, res.to]).toEqual(['2016-11-15', '2026-11-23']);
    expect((await turnaround(admin, 'from=2026-11-23')).to).toBe('2026-11-23');
    const after = await admin.get(url('from=2026-11-24'));
    expect(after.json<{ errors: string[] }>().errors).toEqual([
      '"from" must not be after today when no "to" is given.',
    ]);
  });

  it('defaults to the year up to today', async () => {
    const res = await turnaround(admin);
    expect(res.from).toBe('2025-11-24');
    expect(res.to).toBe('2026-11-23');
    expect(res.stages.length).toBe(4);
  });

  it('a binder owner sees only their binders', async () => {
    const mine = await turnaround(bea, 'from=2026-01-01&to=2026-12-31');
    expect(new Set(mine.by_binder.map((row) => row.binder_id))).toEqual(new Set([s.north.id]));
    expect(figures(mine.stages)).toEqual({
      authoring: [3, 4, 10.4],
      reviewing: [2, 6, 7.6],
      approving_step_1: [2, 1, 1],
      publishing: [2, 1.5, 1.9],
    });
    expect(mine.slowest_open.map((row) => row.pnp_id)).toEqual([s.pnps.alpha, s.pnps.beta]);
    expect(mine.by_person.some((row) => row.user_id === s.otto.id)).toBe(false);
  });

  it('401 without a session, 403 for a user without a reporting role', async () => {
    expect((await t.anonymous().get(url())).statusCode).toBe(401);
    expect((await una.get(url())).statusCode).toBe(403);
  });

  it("404 on another organisation's path", async () => {
    const res = await admin.get(`/api/o/${other.org.id}/reporting/approval_turnaround`);
    expect(res.statusCode).toBe(404);
  });

  it('takes the last day a date can be written for, and the first', async () => {
    for (const q of [
      'to=9999-12-31',
      'from=9999-12-31&to=9999-12-31',
      'to=0001-01-01',
      'from=0001-01-01&to=0001-12-31',
    ]) {
      const res = await turnaround(admin, q);
      expect(res.stages, q).toEqual([]);
    }
  });

  it('422 with the errors list for a bad period', async () => {
    for (const q of [
      'from=2026-02-30',
      'to=yesterday',
      'from=2026-05-01&to=2026-04-01',
      'from=2000-01-01&to=2026-01-01',
      // A "from" alone ends today (2026-11-23): after today, or more than ten years before it.
      'from=2026-11-24',
      'from=2016-11-14',
      'bogus=1',
    ]) {
      const res = await admin.get(url(q));
      expect(res.statusCode, q).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.length, q).toBeGreaterThan(0);
    }
  });
});
