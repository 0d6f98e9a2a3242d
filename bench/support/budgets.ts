// The budgets of issue 11, judged on one size's measurements: each endpoint against the floor
// (GET sessions of the same user) measured in the same run, the floor against the route with no
// database, and that route against a plain Fastify hello-world.
import type { Kind, User } from './endpoints';
import type { Measurement } from './load';

export interface Row {
  id: string;
  label: string;
  kind: Kind;
  user: User | null;
  method: string;
  path: string;
  /** By number of connections. */
  runs: Record<number, Measurement>;
  /**
   * The floor (GET sessions of the same user) measured in turns with this row at the lowest number
   * of connections (load.ts, `measureInTurns`), for the p95 ratio: a p95 of one connection moves
   * with the machine's minute, and a floor measured at another time, in a quieter or busier minute,
   * flattered or wronged the ratio.
   */
  floorBeside?: Record<number, Measurement>;
}

export interface Verdict {
  /** p95 at 1 connection divided by the reference's. */
  p95Ratio: number | null;
  /** req/s under load divided by the reference's. */
  rpsRatio: number | null;
  budget: string;
  met: boolean | null;
  notes: string[];
}

const P95_LIMIT: Partial<Record<Kind, number>> = { list: 3, search: 5, typo: 10 };

export function judge(row: Row, rows: Row[], low: number, high: number): Verdict {
  const find = (kind: Kind, user: User | null) => rows.find((r) => r.kind === kind && r.user === user);
  const notes: string[] = [];
  for (const m of Object.values(row.runs)) {
    if (m.failures > 0)
      notes.push(`${m.failures} failed responses at ${m.connections} conn (${JSON.stringify(m.statuses)})`);
    if (m.requests === 0) notes.push(`no response within ${m.seconds.toFixed(1)} s at ${m.connections} conn`);
  }
  const clean = notes.length === 0;
  const rps = (r: Row | undefined, c: number) => r?.runs[c]?.rps ?? null;
  const ratio = (a: number | null | undefined, b: number | null | undefined) =>
    a === null || a === undefined || !b ? null : a / b;
  if (row.kind === 'hello') return { p95Ratio: null, rpsRatio: null, budget: 'yardstick', met: null, notes };
  if (row.kind === 'nodb') {
    const rpsRatio = ratio(rps(row, high), rps(find('hello', null), high));
    return {
      p95Ratio: null,
      rpsRatio,
      budget: `req/s ≥ 50% of hello-world's at ${high} conn`,
      met: clean && rpsRatio !== null && rpsRatio >= 0.5,
      notes,
    };
  }
  if (row.kind === 'floor') {
    const rpsRatio = ratio(rps(row, high), rps(find('nodb', null), high));
    return {
      p95Ratio: null,
      rpsRatio,
      budget: `req/s ≥ 25% of the no-database route's at ${high} conn`,
      met: clean && rpsRatio !== null && rpsRatio >= 0.25,
      notes,
    };
  }
  const floor = find('floor', row.user);
  const limit = P95_LIMIT[row.kind]!;
  const p95Ratio = ratio(row.runs[low]?.p95, (row.floorBeside?.[low] ?? floor?.runs[low])?.p95);
  const rpsRatio = ratio(rps(row, high), rps(floor, high));
  const p95Met = p95Ratio !== null && p95Ratio <= limit;
  if (row.kind !== 'list') {
    return { p95Ratio, rpsRatio, budget: `p95 ≤ ${limit}x the floor's at ${low} conn`, met: clean && p95Met, notes };
  }
  return {
    p95Ratio,
    rpsRatio,
    budget: `p95 ≤ ${limit}x the floor's at ${low} conn, req/s ≥ 25% of its at ${high} conn`,
    met: clean && p95Met && rpsRatio !== null && rpsRatio >= 0.25,
    notes,
  };
}
