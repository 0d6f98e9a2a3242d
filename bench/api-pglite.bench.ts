// Issue 11 budgets on the embedded PGlite: every endpoint against the floor (GET sessions) in the
// same run, at 1 and 10 connections, at 1,000 and 10,000 P&Ps (BENCH_SIZES adds 50,000).
import { runApiBench } from './support/api-bench';

await runApiBench({ database: 'pglite', defaultSizes: [1_000, 10_000], connections: [1, 10] });
