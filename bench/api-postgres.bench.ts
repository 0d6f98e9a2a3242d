// Issue 11 budgets on PostgreSQL: every endpoint against the floor (GET sessions) in the same run,
// at 1 and 50 connections, at 1,000, 10,000 and 50,000 P&Ps (bench/support/api-bench.ts).
import { runApiBench } from './support/api-bench';

await runApiBench({ database: 'postgres', defaultSizes: [1_000, 10_000, 50_000], connections: [1, 50] });
