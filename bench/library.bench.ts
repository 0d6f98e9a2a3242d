// Library budget (issue 6): on PostgreSQL with 50,000 published P&Ps, the library's first page
// (GET library?list=true) through the application must stay within 2x of its raw query in the same
// run. Raw is the statements the service runs (the page, then the count), as the owner and under row-level security, timed in
// turns with the API call so that all three meet the same load. `floor` is GET sessions: what every
// request pays before any library code runs (HTTP, session, actor); `api - floor` is what is left.
import type { LibraryView } from '../shared/api/library';
import { defaultSort, libraryPageSql } from '../server/modules/library/search.repo';
import { measureInterleaved, ms, openBench, ratio, runRaw, scopeFor, signIn, toQuery } from './library-fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const VIEWS: LibraryView[] = ['all', 'favorites', 'recently_viewed', 'recently_published'];

async function main(): Promise<void> {
  const bench = await openBench('library');
  try {
    const users = [
      { label: 'org admin (all 50,000)', login: 'bench.admin', userId: bench.adminId, isAdmin: true },
      { label: 'reader (Audience on half)', login: 'bench.reader', userId: bench.readerId, isAdmin: false },
    ];
    process.stdout.write(`GET library?list=true, first page of 10, ${RUNS} rounds (p50 / p95)\n`);
    let worstOwner = 0;
    let worstRls = 0;
    for (const user of users) {
      const call = await signIn(bench.app, user.login);
      process.stdout.write(`\n${user.label}\n`);
      process.stdout.write(
        `${'view'.padEnd(20)}${'total'.padStart(7)}${'floor p50'.padStart(11)}${'api p50'.padStart(10)}${'api p95'.padStart(10)}${'raw p50'.padStart(10)}${'raw p95'.padStart(10)}${'rls p50'.padStart(10)}${'rls p95'.padStart(10)} api/raw api/rls (api-floor)/rls p50\n`,
      );
      for (const view of VIEWS) {
        const url = `/api/o/${bench.orgId}/library?list=true&view=${view}`;
        const first = await call('GET', url);
        if (first.status !== 200) throw new Error(`library failed: ${first.status} ${JSON.stringify(first.json)}`);
        // Browsing is two statements: the page (it may stop after its rows) and the count of all.
        const queries = libraryPageSql(
          scopeFor(bench.orgId, user.userId, user.isAdmin),
          { view },
          {
            offset: 0,
            limit: 10,
            ...defaultSort(view, false),
          },
        ).map(toQuery);
        const t = await measureInterleaved(RUNS, {
          floor: () => call('GET', '/api/sessions'),
          api: () => call('GET', url),
          raw: () => runRaw(bench.raw, queries, bench.orgId, false),
          rls: () => runRaw(bench.raw, queries, bench.orgId, true),
        });
        worstOwner = Math.max(worstOwner, t.api.p95 / t.raw.p95);
        worstRls = Math.max(worstRls, t.api.p95 / t.rls.p95);
        const total = (first.json as { total: number }).total;
        process.stdout.write(
          `${view.padEnd(20)}${String(total).padStart(7)}${ms(t.floor.p50).padStart(11)}${ms(t.api.p50)}${ms(t.api.p95)}${ms(t.raw.p50)}${ms(t.raw.p95)}${ms(t.rls.p50)}${ms(t.rls.p95)}${ratio(t.api.p95 / t.raw.p95)}${ratio(t.api.p95 / t.rls.p95)}${ratio((t.api.p50 - t.floor.p50) / t.rls.p50)}\n`,
        );
      }
    }
    process.stdout.write(
      `\nworst api p95 / raw p95: ${worstOwner.toFixed(2)}x (owner, no RLS), ${worstRls.toFixed(2)}x (same statement under RLS) (budget 2x)\n`,
    );
  } finally {
    await bench.close();
  }
}

await main();
