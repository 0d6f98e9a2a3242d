import { sql } from 'drizzle-orm';
import { TURNAROUND_PAGE_SIZE } from '../../../shared/api/reporting';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import type { ReportingScenario } from './reporting.fixture';

/**
 * Workflow history on the reporting scenario, with known turnaround answers (the clock is
 * 2026-11-23 12:00 UTC). Positions: A Authoring, R Reviewing, P1 Approving step 1, Pub Publishing.
 *
 * North  Alpha v2   A 05-01 -(Ann Submit)-> R 05-03 -(Rex Accept)-> P1 05-07 -(Ann Approve, stays)
 *                   05-07 12:00 -(Pat Approve)-> Pub 05-08 -(Bea Publish, login-as by Sam Staff)-> Active 05-10
 *                   A 2d, R 4d, P1 1d (Ann 0.5d, Pat 1d), Pub 2d
 *        =Gamma v1  A 02-01 -> R 02-05 (Ann) -> P1 02-13 (Rex) -> Pub 02-14 (Pat) -> Active 02-15 (Bea)
 *                   A 4d, R 8d, P1 1d, Pub 1d
 *        Alpha draft A 11-01 -> R 11-13 (Ann): A 12d; open in Reviewing 10.5 days (Rex pending)
 *        Beta       A 11-20: open in Authoring 3.5 days (Ann pending)
 * South  Epsilon v1 A 03-01 -> R 03-11 (Ann) -> Pub 03-13 (Otto Accept) -> Active 03-14 (Otto Publish)
 *                   A 10d, R 2d, Pub 1d
 *        Zeta       A 10-01 -> R 10-03 (Ann) -> P1 10-04 (Otto Accept): A 2d, R 1d; open in
 *                   Approving step 1 for 50.5 days (Pat pending)
 */
export async function seedTurnaroundHistory(deps: Deps, s: ReportingScenario): Promise<void> {
  const people = { ann: s.ann, rex: s.rex, pat: s.pat, bea: s.bea, otto: s.otto };
  type Who = keyof typeof people;
  type Pos = [number | null, number | null, number | null]; // status, stage, step
  const A: Pos = [1, 2, null];
  const R: Pos = [1, 3, null];
  const P1: Pos = [1, 4, 1];
  const PUB: Pos = [1, 5, null];
  const ACTIVE: Pos = [2, null, null];
  const NONE: Pos = [null, null, null];

  await withSystem(deps.database.db, async (tx) => {
    const row = (
      pnpId: number,
      documentId: number,
      who: Who,
      action: string,
      from: Pos,
      to: Pos,
      at: string,
      sudoer: string | null = null,
    ) =>
      tx.execute(sql`insert into workflow_history
          (org_id, pnp_id, document_id, actor_id, actor_name, sudoer_name, action,
           from_status, to_status, from_stage, to_stage, from_step, to_step, created_at)
        values (${s.org.id}, ${pnpId}, ${documentId}, ${people[who].id}, ${people[who].name}, ${sudoer}, ${action},
                ${from[0]}, ${to[0]}, ${from[1]}, ${to[1]}, ${from[2]}, ${to[2]}, ${at}::timestamptz)`);

    const { alpha, gamma, beta, epsilon, zeta } = s.pnps;
    const d = s.docs;
    await row(alpha, d.alpha2, 'ann', 'Start Revision', NONE, A, '2026-05-01T00:00:00Z');
    await row(alpha, d.alpha2, 'ann', 'Submit', A, R, '2026-05-03T00:00:00Z');
    await row(alpha, d.alpha2, 'rex', 'Accept', R, P1, '2026-05-07T00:00:00Z');
    await row(alpha, d.alpha2, 'ann', 'Approve', P1, P1, '2026-05-07T12:00:00Z');
    await row(alpha, d.alpha2, 'pat', 'Approve', P1, PUB, '2026-05-08T00:00:00Z');
    await row(alpha, d.alpha2, 'bea', 'Publish', PUB, ACTIVE, '2026-05-10T00:00:00Z', 'Sam Staff');

    await row(gamma, d.gamma1, 'ann', 'Create', NONE, A, '2026-02-01T00:00:00Z');
    await row(gamma, d.gamma1, 'ann', 'Submit', A, R, '2026-02-05T00:00:00Z');
    await row(gamma, d.gamma1, 'rex', 'Accept', R, P1, '2026-02-13T00:00:00Z');
    await row(gamma, d.gamma1, 'pat', 'Approve', P1, PUB, '2026-02-14T00:00:00Z');
    await row(gamma, d.gamma1, 'bea', 'Publish', PUB, ACTIVE, '2026-02-15T00:00:00Z');

    await row(alpha, d.alphaDraft, 'ann', 'Start Revision', NONE, A, '2026-11-01T00:00:00Z');
    await row(alpha, d.alphaDraft, 'ann', 'Submit', A, R, '2026-11-13T00:00:00Z');
    await row(beta, d.beta, 'ann', 'Create', NONE, A, '2026-11-20T00:00:00Z');

    await row(epsilon, d.epsilon1, 'ann', 'Create', NONE, A, '2026-03-01T00:00:00Z');
    await row(epsilon, d.epsilon1, 'ann', 'Submit', A, R, '2026-03-11T00:00:00Z');
    await row(epsilon, d.epsilon1, 'otto', 'Accept', R, PUB, '2026-03-13T00:00:00Z');
    await row(epsilon, d.epsilon1, 'otto', 'Publish', PUB, ACTIVE, '2026-03-14T00:00:00Z');

    await row(zeta, d.zeta, 'ann', 'Create', NONE, A, '2026-10-01T00:00:00Z');
    await row(zeta, d.zeta, 'ann', 'Submit', A, R, '2026-10-03T00:00:00Z');
    await row(zeta, d.zeta, 'otto', 'Accept', R, P1, '2026-10-04T00:00:00Z');
  });
}

/**
 * What `turnaroundRows` sends for a table cut to one page (its `pageOf`), computed here from the
 * whole table: the rows whose `nameKey` holds `contains` (any case), the page asked for or the last.
 */
export function expectedPage(
  whole: unknown,
  nameKey: 'binder_name' | 'name',
  contains: string,
  page: number,
): { rows: unknown[]; total: number; page: number } {
  const rows = (typeof whole === 'string' ? JSON.parse(whole) : whole) as Record<string, unknown>[];
  const matching = rows.filter((row) => String(row[nameKey]).toLowerCase().includes(contains.toLowerCase()));
  const shown = Math.min(page, Math.max(1, Math.ceil(matching.length / TURNAROUND_PAGE_SIZE)));
  const from = (shown - 1) * TURNAROUND_PAGE_SIZE;
  return { rows: matching.slice(from, from + TURNAROUND_PAGE_SIZE), total: matching.length, page: shown };
}
