// The results of one run: JSON and a markdown table under bench/results/, named by the date and the
// database, and the same table on stdout.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { judge, type Row, type Verdict } from './budgets';
import type { Measurement } from './load';

export interface SizeResult {
  pnps: number;
  containers: number;
  readerPnps: number;
  /** Org users and user groups seeded besides the admin and the reader (absent in older results). */
  people?: number;
  groups?: number;
  seedSeconds: number;
  reused: boolean;
  /** The containers route's on-demand parameter, when it has one. */
  containersOnDemand: string | null;
  tasks: boolean;
  seconds: number;
  rows: Array<Row & { verdict: Verdict }>;
}

export interface RunResult {
  database: 'postgres' | 'pglite';
  started: string;
  finished: string;
  totalSeconds: number;
  commit: string;
  node: string;
  cpus: number;
  loadAverage: { start: number[]; end: number[] };
  settings: { warmupSeconds: number; seconds: number; connections: number[] };
  sizes: SizeResult[];
  /** Sizes that could not be measured, and why. */
  failures: Array<{ pnps: number; error: string }>;
}

export function withVerdicts(rows: Row[], low: number, high: number): Array<Row & { verdict: Verdict }> {
  return rows.map((row) => ({ ...row, verdict: judge(row, rows, low, high) }));
}

const num = (value: number | null, digits = 1): string =>
  value === null
    ? '-'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const latency = (m: Measurement | undefined): string => (m ? `${num(m.p50)} / ${num(m.p95)} / ${num(m.p99)}` : '-');
const rate = (m: Measurement | undefined): string => (m ? num(m.rps, m.rps < 10 ? 1 : 0) : '-');
/** CPU a request of the server, then of PostgreSQL when it was read: '125 + 97'. */
const cpu = (m: Measurement | undefined): string =>
  m?.appCpuUs == null ? '-' : `${num(m.appCpuUs, 0)}${m.databaseCpuUs == null ? '' : ` + ${num(m.databaseCpuUs, 0)}`}`;
const times = (value: number | null): string => (value === null ? '-' : `${value.toFixed(2)}x`);
const percent = (value: number | null): string => (value === null ? '-' : `${(value * 100).toFixed(0)}%`);
const verdictText = (met: boolean | null): string => (met === null ? '' : met ? 'met' : '**not met**');

/** The floor's p95 the ratio was taken against, when it was measured in turns with the row. */
const besideNote = (row: SizeResult['rows'][number], low: number): string => {
  const p95 = row.floorBeside?.[low]?.p95;
  return p95 == null ? '' : ` (of ${p95.toFixed(1)})`;
};

export function sizeTable(size: SizeResult, connections: number[]): string {
  const [low, high] = [connections[0]!, connections.at(-1)!];
  const head = [
    'Endpoint',
    'User',
    `${low} conn p50 / p95 / p99 ms`,
    `${low} conn req/s`,
    `${high} conn p50 / p95 / p99 ms`,
    `${high} conn req/s`,
    `${high} conn CPU us a request (server + database)`,
    `p95 ÷ floor (${low} conn)`,
    `req/s ÷ reference (${high} conn)`,
    'Budget',
    'Met',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const row of size.rows) {
    const v = row.verdict;
    lines.push(
      `| ${[
        row.label,
        row.user ?? '-',
        latency(row.runs[low]),
        rate(row.runs[low]),
        latency(row.runs[high]),
        rate(row.runs[high]),
        cpu(row.runs[high]),
        times(v.p95Ratio) + besideNote(row, low),
        percent(v.rpsRatio),
        v.budget + (v.notes.length ? ` (${v.notes.join('; ')})` : ''),
        verdictText(v.met),
      ].join(' | ')} |`,
    );
  }
  const judged = size.rows.filter((r) => r.verdict.met !== null);
  const met = judged.filter((r) => r.verdict.met).length;
  return [
    `### ${size.pnps.toLocaleString('en-US')} P&Ps (${size.containers.toLocaleString('en-US')} binders and folders; the reader sees ${size.readerPnps.toLocaleString('en-US')}${
      size.people ? `; ${size.people.toLocaleString('en-US')} more users in ${size.groups ?? 0} groups` : ''
    })`,
    '',
    `${size.reused ? 'Fixture kept from an earlier run (same fixture code, brought to the current migrations)' : `Seeded in ${size.seedSeconds.toFixed(0)} s`}, measured in ${size.seconds.toFixed(0)} s. Containers: ${
      size.containersOnDemand
        ? `the top of the tree, as the manage screen asks for it (\`${size.containersOnDemand}\`)`
        : 'the whole tree (no on-demand loading yet)'
    }. Tasks: ${size.tasks ? 'measured' : 'no route yet'}. Budgets met: ${met} of ${judged.length}.`,
    '',
    ...lines,
    '',
  ].join('\n');
}

export function markdown(result: RunResult): string {
  const { settings } = result;
  return [
    `## ${result.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${result.started.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Commit ${result.commit}, Node ${result.node}, ${result.cpus} cores, load average ${result.loadAverage.start
      .map((l) => l.toFixed(2))
      .join(' ')} at the start and ${result.loadAverage.end.map((l) => l.toFixed(2)).join(' ')} at the end. ` +
      `Each figure: ${settings.warmupSeconds} s of warm-up, then ${settings.seconds} s measured with autocannon ` +
      `at ${settings.connections.join(' and ')} connections. Whole run: ${(result.totalSeconds / 60).toFixed(1)} min. ` +
      'The floor is GET sessions of the same user (for the staff dashboard, of the staff user), measured again in turns with each endpoint (four turns each, sharing the measured time) at ' +
      `${settings.connections[0]} connection${settings.connections[0] === 1 ? '' : 's'} for its p95 ratio (its own row shows its first measurement); the no-database route is compared with a plain Fastify ` +
      'hello-world in its own process, and GET sessions with the no-database route.',
    '',
    ...result.sizes.map((size) => sizeTable(size, settings.connections)),
    ...result.failures.map((f) => `### ${f.pnps.toLocaleString('en-US')} P&Ps: not measured\n\n${f.error}\n`),
  ].join('\n');
}

/** Writes bench/results/<date>-<database>.{json,md}; returns the markdown path. */
export function writeResults(result: RunResult): string {
  const dir = path.resolve(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = result.started.slice(0, 16).replace(/:/g, '');
  const base = path.join(dir, `${stamp}Z-${result.database}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${base}.md`, `${markdown(result)}\n`);
  return `${base}.md`;
}
