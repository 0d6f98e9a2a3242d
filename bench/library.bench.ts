// Library budget (issue 6): on PostgreSQL with 50,000 published P&Ps, the library's first page
// (GET library?list=true) through the application must stay within 2x of its raw query in the same run.
import type { LibraryView } from '../shared/api/library';
import { defaultSort, libraryRowsSql } from '../server/modules/library/search.repo';
import { ms, measure, openBench, runRaw, scopeFor, signIn, toQuery } from './library-fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const VIEWS: LibraryView[] = ['all', 'favorites', 'recently_viewed', 'recently_published'];

async function main(): Promise<void> {
  const bench = await openBench('library');
  try {
    const users = [
      { label: 'org admin (all 50,000)', login: 'bench.admin', userId: bench.adminId, isAdmin: true },
      { label: 'reader (Audience on half)', login: 'bench.reader', userId: bench.readerId, isAdmin: false },
    ];
    process.stdout.write(`GET library?list=true, first page of 10, ${RUNS} runs each\n`);
    let worstOwner = 0;
    let worstRls = 0;
    for (const user of users) {
      const call = await signIn(bench.app, user.login);
      process.stdout.write(`\n${user.label}\n`);
      process.stdout.write(`${'view'.padEnd(22)}${'total'.padStart(7)}${'api p50'.padStart(10)}${'api p95'.padStart(10)}${'raw p95'.padStart(10)}${'rls p95'.padStart(10)}  api/raw  api/rls\n`);
      for (const view of VIEWS) {
        const url = `/api/o/${bench.orgId}/library?list=true&view=${view}`;
        const first = await call('GET', url);
        if (first.status !== 200) throw new Error(`library failed: ${first.status} ${JSON.stringify(first.json)}`);
        const api = await measure(RUNS, async () => {
          await call('GET', url);
        });
        const query = toQuery(libraryRowsSql(scopeFor(bench.orgId, user.userId, user.isAdmin), { view }, { offset: 0, limit: 10, ...defaultSort(view, false) }));
        const raw = await measure(RUNS, () => runRaw(bench.raw, query, null));
        const rls = await measure(RUNS, () => runRaw(bench.raw, query, bench.orgId));
        worstOwner = Math.max(worstOwner, api.p95 / raw.p95);
        worstRls = Math.max(worstRls, api.p95 / rls.p95);
        const total = (first.json as { total: number }).total;
        process.stdout.write(
          `${view.padEnd(22)}${String(total).padStart(7)}${ms(api.p50)}${ms(api.p95)}${ms(raw.p95)}${ms(rls.p95)}  ${(api.p95 / raw.p95).toFixed(2).padStart(6)}x ${(api.p95 / rls.p95).toFixed(2).padStart(6)}x\n`,
        );
      }
    }
    process.stdout.write(`\nworst api p95 / raw p95: ${worstOwner.toFixed(2)}x (owner, no RLS), ${worstRls.toFixed(2)}x (same query under RLS) (budget 2x)\n`);
  } finally {
    await bench.close();
  }
}

await main();
