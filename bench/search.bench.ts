// Search budget (issue 6): on PostgreSQL with 50,000 published P&Ps and their extracted text, the
// search's p95 through the application must stay within 2x of the same SQL run raw in the same run.
// Raw is the very statements the service runs (the typo-tolerant second pass too, when it takes
// it), timed twice: as the owner (no row-level security) and as the application role under
// row-level security. The three are timed in turns so that they meet the same load. `floor` is
// GET sessions: what every request pays before any library code runs (HTTP, session, actor).
// "GIN" says whether the statements read the full-text index under row-level security.
import { defaultSort, libraryPageSql } from '../server/modules/library/search.repo';
import {
  measureInterleaved,
  ms,
  openBench,
  RARE_WORD,
  ratio,
  rawRows,
  readsIndex,
  runRaw,
  scopeFor,
  signIn,
  toQuery,
} from './library-fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
/** From one document in 5,000 to nearly every one, and a typo (the service's second, fuzzy pass). */
const PHRASES = [RARE_WORD, 'term12345', 'outbreak notification', 'public health department', 'patient', 'ventilater'];
/** The service takes the typo-tolerant pass when the exact one finds fewer than a page. */
const PAGE = 10;

async function main(): Promise<void> {
  const bench = await openBench('search');
  try {
    const users = [
      { label: 'org admin (all 50,000)', login: 'bench.admin', userId: bench.adminId, isAdmin: true },
      { label: 'reader (Audience on half)', login: 'bench.reader', userId: bench.readerId, isAdmin: false },
    ];
    process.stdout.write(`search_pnp, first page of ${PAGE}, ${RUNS} rounds (p50 / p95)\n`);
    let worstOwner = 0;
    let worstRls = 0;
    for (const user of users) {
      const call = await signIn(bench.app, user.login);
      const floor = await measureInterleaved(RUNS, { floor: () => call('GET', '/api/sessions') });
      process.stdout.write(
        `\n${user.label}: floor (GET sessions) p50 ${ms(floor.floor.p50).trim()}, p95 ${ms(floor.floor.p95).trim()}\n`,
      );
      process.stdout.write(
        `${'phrase'.padEnd(36)}${'hits'.padStart(7)}${'api p50'.padStart(10)}${'api p95'.padStart(10)}${'raw p50'.padStart(10)}${'raw p95'.padStart(10)}${'rls p50'.padStart(10)}${'rls p95'.padStart(10)} api/raw api/rls  GIN\n`,
      );
      for (const phrase of PHRASES) {
        const url = `/api/o/${bench.orgId}/content_navigator_library/search_pnp`;
        const first = await call('POST', url, { phrase, offset: 0 });
        if (first.status !== 200) throw new Error(`search failed: ${first.status} ${JSON.stringify(first.json)}`);
        const hits = (first.json as { total: number }).total;
        const scope = scopeFor(bench.orgId, user.userId, user.isAdmin);
        const page = { offset: 0, limit: PAGE, ...defaultSort(undefined, true) };
        // A search is one statement (the count rides on its rows); a second, fuzzy one when it found little.
        const exact = libraryPageSql(scope, { phrase }, page).map(toQuery);
        const exactTotal = Number((await rawRows<{ total: number }>(bench.raw, exact[0]!, bench.orgId))[0]?.total ?? 0);
        const queries =
          exactTotal < PAGE ? [...exact, ...libraryPageSql(scope, { phrase, fuzzy: true }, page).map(toQuery)] : exact;
        const t = await measureInterleaved(RUNS, {
          api: () => call('POST', url, { phrase, offset: 0 }),
          raw: () => runRaw(bench.raw, queries, bench.orgId, false),
          rls: () => runRaw(bench.raw, queries, bench.orgId, true),
        });
        const gin = await readsIndex(bench.raw, queries, bench.orgId, 'stored_files_search_idx');
        worstOwner = Math.max(worstOwner, t.api.p95 / t.raw.p95);
        worstRls = Math.max(worstRls, t.api.p95 / t.rls.p95);
        process.stdout.write(
          `${(phrase + (queries.length > 1 ? ' (2 passes)' : '')).padEnd(36)}${String(hits).padStart(7)}${ms(t.api.p50)}${ms(t.api.p95)}${ms(t.raw.p50)}${ms(t.raw.p95)}${ms(t.rls.p50)}${ms(t.rls.p95)}${ratio(t.api.p95 / t.raw.p95)}${ratio(t.api.p95 / t.rls.p95)}  ${gin ? 'yes' : 'no'}\n`,
        );
      }
    }
    process.stdout.write(
      `\nworst api p95 / raw p95: ${worstOwner.toFixed(2)}x against the owner's raw statements, ${worstRls.toFixed(2)}x against the same under row-level security (budget 2x)\n`,
    );
  } finally {
    await bench.close();
  }
}

await main();
