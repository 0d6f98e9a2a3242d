import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import type { JobDefinition } from '../../platform/jobs/runner';

/**
 * Bytes younger than this are never removed: a request in flight writes its bytes before its row
 * commits, and a bulk upload of 50 files can take minutes. A day is far longer than any request.
 */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export type CleanupDeps = Pick<Deps, 'database' | 'files' | 'clock' | 'log'>;

export interface SweepResult {
  /** stored_files rows no P&P version, attachment or other table points at (a deleted draft's file). */
  rowsRemoved: number;
  /** Keys in the store that no row names (a process killed between writing bytes and committing). */
  bytesRemoved: number;
}

/** Every (table, column) whose foreign key points at stored_files.id: what keeps a stored file alive. */
async function fileReferences(deps: CleanupDeps): Promise<Array<{ tbl: string; col: string }>> {
  return withSystem(deps.database.db, (tx) =>
    queryRows<{ tbl: string; col: string }>(
      tx,
      sql`select c.conrelid::regclass::text as tbl, a.attname::text as col
            from pg_constraint c
            cross join lateral unnest(c.conkey, c.confkey) as k(src, dst)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.src
            join pg_attribute b on b.attrelid = c.confrelid and b.attnum = k.dst
           where c.contype = 'f' and c.confrelid = 'stored_files'::regclass and b.attname = 'id'`,
    ),
  );
}

/** Deletes stored_files rows older than the cutoff that nothing points at; returns their keys. */
async function removeUnreferencedRows(deps: CleanupDeps, cutoff: Date): Promise<string[]> {
  const references = await fileReferences(deps);
  const unused = references.map(
    (r) => sql`not exists (select 1 from ${sql.identifier(r.tbl)} ref where ref.${sql.identifier(r.col)} = f.id)`,
  );
  return withSystem(deps.database.db, async (tx) => {
    const rows = await queryRows<{ storage_key: string }>(
      tx,
      sql`delete from stored_files f
           where f.created_at < ${cutoff.toISOString()}::timestamptz
             ${unused.length ? sql`and ${sql.join(unused, sql` and `)}` : sql``}
         returning f.storage_key`,
    );
    return rows.map((r) => r.storage_key);
  });
}

/** The keys rows point at, among those given (stored files and templates hold keys). */
async function keysInUse(deps: CleanupDeps, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows = await withSystem(deps.database.db, (tx) =>
    queryRows<{ storage_key: string }>(
      tx,
      sql`select storage_key from stored_files where storage_key in (${list})
          union select storage_key from templates where storage_key in (${list})`,
    ),
  );
  return new Set(rows.map((r) => r.storage_key));
}

const BATCH = 500;

/**
 * Removes what no row needs any more (issue 9): stored_files rows older than `minAgeMs` that no
 * version, attachment or other row points at, with their bytes; then bytes older than `minAgeMs`
 * whose key no row names. A file a row points at is never removed, nor one written recently.
 */
export async function sweepOrphanFiles(deps: CleanupDeps, minAgeMs = ORPHAN_MIN_AGE_MS): Promise<SweepResult> {
  const cutoff = new Date(deps.clock.now().getTime() - minAgeMs);
  const freed = await removeUnreferencedRows(deps, cutoff);
  for (const key of freed) await deps.files.remove(key);
  let bytesRemoved = 0;
  let batch: string[] = [];
  const flush = async (): Promise<void> => {
    const used = await keysInUse(deps, batch);
    for (const key of batch) {
      if (used.has(key)) continue;
      await deps.files.remove(key);
      bytesRemoved += 1;
    }
    batch = [];
  };
  for await (const stored of deps.files.list()) {
    if (stored.modifiedAt >= cutoff) continue;
    batch.push(stored.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { rowsRemoved: freed.length, bytesRemoved };
}

/**
 * The sweep as a durable background job (ADR 0010): at start and every day at 03:30 UTC, once
 * among all application processes; a failed sweep is retried with back-off by the job runner.
 */
export function fileCleanupJob(deps: CleanupDeps): JobDefinition {
  return {
    name: 'file-cleanup',
    cron: '30 3 * * *',
    runAtStart: true,
    run: async () => {
      const result = await sweepOrphanFiles(deps);
      if (result.rowsRemoved > 0 || result.bytesRemoved > 0) deps.log.info(result, 'Removed orphan files');
      return result;
    },
  };
}
