// The reporting budget measured as `npm run bench -- api-postgres` measures the lists: the
// application in a process of its own (as `npm start` runs it), loaded by autocannon at one
// connection, each route's p95 held to GET sessions measured just before it. `reporting.bench.ts`
// runs the application inside the bench's own process, where the client's work and its garbage
// collections land on the same thread as the server's: on December 1, 2026 its routes' p95s were two
// to four times their p50s, here 1.1-1.9 times (docs/reports.md).
//
//   npx tsx bench/reporting-apart.ts <database url>
//
// The database is the PostgreSQL fixture of `BENCH_RESEED=1 BENCH_REPORTS_DATABASE_URL=<url> npm run
// bench -- reporting` (its users bench.admin and bench.owner, its one organisation). Not part of
// `npm run bench`: a second instrument for the same budget, not a second budget.
import { DASH_FIGURES, REPORT_KEYS } from '../shared/api/reporting';
import { measure, type LoadSettings } from './support/load';
import { startApp } from './support/processes';
import { signIn } from './support/sign-in';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) {
  process.stderr.write('usage: npx tsx bench/reporting-apart.ts <database url of the reporting fixture>\n');
  process.exit(2);
}
/** The reporting fixture's password (bench/reporting.bench.ts). */
const PASSWORD = 'BenchPassword123';
const BUDGET = 3;
const SETTINGS: LoadSettings = { warmupSeconds: 0.5, seconds: 2, waitIdle: () => Promise.resolve(0) };

/** A signed-in browser's headers and the user's organisation. */
async function signInTo(baseUrl: string, login: string): Promise<{ headers: Record<string, string>; orgId: number }> {
  const headers = await signIn(baseUrl, login, PASSWORD);
  const session = (await (await fetch(`${baseUrl}/api/sessions`, { headers })).json()) as {
    org?: { id: number } | null;
  };
  return { headers, orgId: session.org?.id ?? 0 };
}

const ms = (value: number | null): string => (value ?? 0).toFixed(2).padStart(6);

const app = await startApp({ databaseUrl });
let over = 0;
let pairs = 0;
try {
  for (const login of ['bench.admin', 'bench.owner']) {
    const { headers, orgId } = await signInTo(app.url, login);
    process.stdout.write(`\n${login}: p50 / p95 ms at 1 connection, the floor (GET sessions) just before each\n`);
    const paths = [...DASH_FIGURES.map((figure) => `dash/${figure}`), ...REPORT_KEYS, 'approval_turnaround'].map(
      (route) => ({ route, path: `/api/o/${orgId}/reporting/${route}` }),
    );
    for (const { route, path } of paths) {
      const floor = await measure(app.url, { method: 'GET', path: '/api/sessions', headers }, 1, SETTINGS);
      const page = await measure(app.url, { method: 'GET', path, headers }, 1, SETTINGS);
      if (page.failures > 0) throw new Error(`${route}: ${page.failures} failed answers`);
      const ratio = (page.p95 ?? 0) / Math.max(floor.p95 ?? 0, 0.001);
      const met = ratio <= BUDGET;
      pairs += 1;
      if (!met) over += 1;
      process.stdout.write(
        `${met ? 'ok  ' : 'SLOW'} ${route.padEnd(30)} ${ms(page.p50)} / ${ms(page.p95)} | floor ${ms(floor.p50)} / ${ms(floor.p95)} | p95 ${ratio.toFixed(2)}x, p50 ${((page.p50 ?? 0) / Math.max(floor.p50 ?? 0, 0.001)).toFixed(2)}x\n`,
      );
    }
  }
  process.stdout.write(`\n${pairs - over} of ${pairs} (user, route) pairs within ${BUDGET}x the floor's p95\n`);
} finally {
  await app.stop();
}
