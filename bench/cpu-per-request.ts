// The CPU one request costs the server and PostgreSQL, for a few endpoints of a kept bench fixture:
// a fixed number of requests at 50 connections, the processes' CPU time read from /proc before and
// after (bench/support/cpu-time.ts). Requests per second on a 2-core machine move by up to 30%
// between two runs of the same code; this figure moves by a few percent, so running it on two
// checkouts of the code in turn (a git worktree each, the same fixture) shows what a change saves.
//
//   npx tsx bench/cpu-per-request.ts <database url> <requests> <login> <path> [<login> <path> ...]
//
// A path of the form 'POST <path> <json body>' is posted with that body (a search, for example:
// 'POST /api/o/{org}/content_navigator_library/search_pnp {"phrase":"patient","offset":0}').
//
// The database is a fixture kept by `BENCH_REUSE=1 npm run bench -- api-postgres` (its name is
// printed there), `{org}` in a path is its organisation, and the logins are the fixture's
// (bench.admin, bench.reader, bench.staff). Not part of `npm run bench`: it compares, it does not
// measure against budgets.
import autocannon, { type Options, type Result } from 'autocannon';
import { cpuBetween, cpuSampler, microsecondsEach } from './support/cpu-time';
import { startApp } from './support/processes';
import { signIn } from './support/sign-in';

const [databaseUrl, requestsText, ...pairs] = process.argv.slice(2);
const requests = Number(requestsText);
if (!databaseUrl || !Number.isSafeInteger(requests) || requests <= 0 || pairs.length === 0 || pairs.length % 2 !== 0) {
  process.stderr.write('usage: npx tsx bench/cpu-per-request.ts <database url> <requests> <login> <path> [...]\n');
  process.exit(2);
}
const WARM_UP_REQUESTS = 3_000;
const CONNECTIONS = 50;

/** `amount` requests at CONNECTIONS connections; resolves with autocannon's result. */
const load = (options: Omit<Options, 'connections'>): Promise<Result> =>
  new Promise((resolve, reject) => {
    autocannon({ ...options, connections: CONNECTIONS }, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** 'GET' a path, or 'POST <path> <json body>'. */
function requestOf(text: string): {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
} {
  const posted = /^POST (\S+) (.+)$/.exec(text);
  if (!posted) return { method: 'GET', path: text, headers: {} };
  return { method: 'POST', path: posted[1]!, body: posted[2]!, headers: { 'content-type': 'application/json' } };
}

const app = await startApp({ databaseUrl });
try {
  const cpu = cpuSampler(app.pid, true);
  for (let i = 0; i < pairs.length; i += 2) {
    const login = pairs[i]!;
    const request = requestOf(pairs[i + 1]!);
    const url = app.url + request.path.replace('{org}', '1');
    const headers = { ...(await signIn(app.url, login)), ...request.headers };
    const sent = { url, headers, method: request.method, body: request.body };
    await load({ ...sent, amount: WARM_UP_REQUESTS });
    const before = cpu();
    const result = await load({ ...sent, amount: requests });
    const after = cpu();
    const spent = cpuBetween(before, after);
    const perRequest = (seconds: number | null) => {
      const each = microsecondsEach(seconds, requests);
      return each === null ? '-' : `${Math.round(each)} us`;
    };
    process.stdout.write(
      `${login.padEnd(13)} ${pairs[i + 1]!.padEnd(55)} server ${perRequest(spent.app)}, database ${perRequest(spent.database)}, ${Math.round(requests / result.duration)} req/s, ${result.non2xx} not 2xx\n`,
    );
  }
} finally {
  await app.stop();
}
