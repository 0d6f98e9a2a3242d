// The suite reads the database directly to judge what a killed process left behind: one query
// function over PostgreSQL (node-postgres) or over a PGlite data directory opened in this process
// (only while no application process has it: two openers destroy a PGlite directory).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export type Row = Record<string, unknown>;
/** One statement with positional parameters ($1...), answering its rows. */
export type Sql = <T extends Row = Row>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Connection {
  sql: Sql;
  close(): Promise<void>;
}

/** A small pool on PostgreSQL (as the owner: row-level security does not hide rows from the suite). */
export function postgres(url: string): Connection {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 10_000 });
  // A restart of the server under test ends idle connections: that must not end the suite.
  pool.on('error', () => undefined);
  return {
    sql: async <T extends Row>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    close: () => pool.end(),
  };
}

/** A PGlite data directory (DATA_DIR/pgdata), opened here with the extension the application loads. */
export async function pglite(dataDir: string): Promise<Connection & { db: PGlite }> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  return {
    db,
    sql: async <T extends Row>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/** Every base table of the schemas that hold the application's data (its own and pg-boss's). */
export async function tablesOf(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'pgboss', 'drizzle')
        and not c.relispartition
      order by 1`,
  );
  return rows.map((r) => r.name);
}

/**
 * A digest of every row of every table: its rows as text, sorted, hashed (md5 in the database),
 * with the row count. Equal digests mean equal contents, whatever the physical order.
 */
export async function tableDigests(sql: Sql): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const table of await tablesOf(sql)) {
    const [row] = await sql<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
         from ${table} t`,
    );
    digests.set(table, `${row?.n ?? 0}:${row?.digest ?? ''}`);
  }
  return digests;
}

/** The tables whose digests differ (or exist on one side only). */
export function digestDifferences(a: Map<string, string>, b: Map<string, string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => a.get(name) !== b.get(name)).sort();
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Stored files whose bytes are missing from the file store or differ from what the row says
 * (size, sha256): a row must never point at nothing.
 */
export async function filesWithoutBytes(sql: Sql, fileStoreDir: string): Promise<string[]> {
  const rows = await sql<{ id: number; storage_key: string; size_bytes: number; sha256: string }>(
    'select id, storage_key, size_bytes::int as size_bytes, sha256 from stored_files order by id',
  );
  const wrong: string[] = [];
  for (const row of rows) {
    try {
      const bytes = await readFile(path.join(fileStoreDir, row.storage_key));
      if (bytes.length !== row.size_bytes || sha256(bytes) !== row.sha256) wrong.push(`file ${row.id}: bytes differ`);
    } catch {
      wrong.push(`file ${row.id}: no bytes at ${row.storage_key}`);
    }
  }
  return wrong;
}
