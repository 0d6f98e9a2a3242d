// Search budget (issue 6): on PostgreSQL with 50,000 published P&Ps and their extracted text, the
// search's p95 through the application must stay within 2x of the same SQL run raw in the same run.
// Raw is measured twice: as the owner (no row-level security, so the GIN index is usable) and as
// the application role under row-level security (where `@@` is not leakproof and the index is not).
import { defaultSort, libraryRowsSql } from '../server/modules/library/search.repo';
import { ms, measure, openBench, RARE_WORD, runRaw, scopeFor, signIn, toQuery, usesIndex } from './library-fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
/** From one document in 5,000 to nearly every one, and a typo (the service's second, fuzzy pass). */
const PHRASES = [RARE_WORD, 'term12345', 'outbreak notification', 'public health department', 'patient', 'ventilater'];

async function main(): Promise<void> {
  const bench = await openBench('search');
  try {
    const users = [
      { label: 'org admin (all 50,000)', login: 'bench.admin', userId: bench.adminId, isAdmin: true },
      { label: 'reader (Audience on half)', login: 'bench.reader', userId: bench.readerId, isAdmin: false },
    ];
    process.stdout.write(`search_pnp, first page of 10, ${RUNS} runs each (p50 / p95)\n`);
    let worstOwner = 0;
    let worstRls = 0;
    for (const user of users) {
      const call = await signIn(bench.app, user.login);
      process.stdout.write(`\n${user.label}\n`);
      process.stdout.write(`${'phrase'.padEnd(32)}${'hits'.padStart(7)}${'api p50'.padStart(10)}${'api p95'.padStart(10)}${'raw p95'.padStart(10)}${'rls p95'.padStart(10)}  api/raw  api/rls  GIN raw/rls\n`);
      for (const phrase of PHRASES) {
        const url = `/api/o/${bench.orgId}/content_navigator_library/search_pnp`;
        const first = await call('POST', url, { phrase, offset: 0 });
        if (first.status !== 200) throw new Error(`search failed: ${first.status} ${JSON.stringify(first.json)}`);
        const hits = (first.json as { total: number }).total;
        const api = await measure(RUNS, async () => {
          await call('POST', url, { phrase, offset: 0 });
        });
        const scope = scopeFor(bench.orgId, user.userId, user.isAdmin);
        const page = { offset: 0, limit: 10, ...defaultSort(undefined, true) };
        const query = toQuery(libraryRowsSql(scope, { phrase }, page));
        // The service takes a second, typo-tolerant pass when the exact one finds fewer than a page.
        const exactTotal = Number((await bench.raw.query<{ total: number }>(query.text, query.values)).rows[0]?.total ?? 0);
        const queries = exactTotal < 10 ? [query, toQuery(libraryRowsSql(scope, { phrase, fuzzy: true }, page))] : [query];
        const rawAll = async (rls: number | null) => {
          let total = 0;
          for (const q of queries) total += await runRaw(bench.raw, q, rls);
          return total;
        };
        const raw = await measure(RUNS, () => rawAll(null));
        const rls = await measure(RUNS, () => rawAll(bench.orgId));
        const ginRaw = await usesIndex(bench.raw, query, null, 'stored_files_search_idx');
        const ginRls = await usesIndex(bench.raw, query, bench.orgId, 'stored_files_search_idx');
        worstOwner = Math.max(worstOwner, api.p95 / raw.p95);
        worstRls = Math.max(worstRls, api.p95 / rls.p95);
        process.stdout.write(
          `${(phrase + (queries.length > 1 ? ' (2 passes)' : '')).padEnd(32)}${String(hits).padStart(7)}${ms(api.p50)}${ms(api.p95)}${ms(raw.p95)}${ms(rls.p95)}  ${(api.p95 / raw.p95).toFixed(2).padStart(6)}x ${(api.p95 / rls.p95).toFixed(2).padStart(6)}x  ${ginRaw ? 'yes' : 'no'}/${ginRls ? 'yes' : 'no'}\n`,
        );
      }
    }
    process.stdout.write(
      `\nworst api p95 / raw p95: ${worstOwner.toFixed(2)}x against the owner's raw query, ${worstRls.toFixed(2)}x against the same query under row-level security (budget 2x)\n`,
    );
  } finally {
    await bench.close();
  }
}

await main();
