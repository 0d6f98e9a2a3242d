// `npx tsx bench/summarize.ts bench/results/<run>.json ...`: the slope of each endpoint over the
// sizes of a run in one markdown table (p95 at the fewest connections, req/s at the most, and
// whether its budget was met at each size), for docs/performance.md.
import { readFileSync } from 'node:fs';
import type { RunResult } from './support/report';

const num = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined
    ? '-'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function summarize(result: RunResult): string {
  const [low, high] = [result.settings.connections[0]!, result.settings.connections.at(-1)!];
  const sizes = result.sizes;
  const head = [
    'Endpoint',
    'User',
    ...sizes.map((s) => `${s.pnps.toLocaleString('en-US')} P&Ps: p95 ms (${low} conn) / req/s (${high} conn)`),
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const first of sizes[0]!.rows) {
    const cells = sizes.map((size) => {
      const row = size.rows.find((r) => r.id === first.id && r.user === first.user);
      if (!row) return '-';
      const met = row.verdict.met === null ? '' : row.verdict.met ? ' met' : ' **not met**';
      return `${num(row.runs[low]?.p95)} / ${num(row.runs[high]?.rps, 0)}${met}`;
    });
    lines.push(`| ${[first.label, first.user ?? '-', ...cells].join(' | ')} |`);
  }
  const title = `${result.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${result.started.slice(0, 16).replace('T', ' ')} UTC, commit ${result.commit}, ${(result.totalSeconds / 60).toFixed(1)} min)`;
  return [`#### ${title}`, '', ...lines, ''].join('\n');
}

for (const file of process.argv.slice(2)) {
  process.stdout.write(`${summarize(JSON.parse(readFileSync(file, 'utf8')) as RunResult)}\n`);
}
