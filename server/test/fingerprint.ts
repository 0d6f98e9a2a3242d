import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';

/**
 * A digest of every row of every table, in one statement: equal before and after a request means
 * the request wrote nothing. Sessions are counted only (reading a session may touch last_seen_at).
 */
const ROW_COUNT_ONLY = new Set(['sessions', '__drizzle_migrations']);

let statement: Promise<string> | null = null;

async function buildStatement(deps: Deps): Promise<string> {
  const tables = await withSystem(deps.database.db, (tx) =>
    queryRows<{ table_name: string }>(
      tx,
      sql`select table_name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const parts = tables.map(({ table_name }) => {
    const name = `"${table_name.replace(/"/g, '""')}"`;
    return ROW_COUNT_ONLY.has(table_name)
      ? `(select '${table_name}:' || count(*) from ${name})`
      : `(select '${table_name}:' || md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) from ${name} t)`;
  });
  return `select concat_ws('|', ${parts.join(', ')}) as digest`;
}

export async function fingerprintDatabase(deps: Deps): Promise<string> {
  statement ??= buildStatement(deps);
  const text = await statement;
  const rows = await withSystem(deps.database.db, (tx) => queryRows<{ digest: string }>(tx, sql.raw(text)));
  return rows[0]?.digest ?? '';
}
