import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

/** The part of PGlite's client (and of our worker-thread stand-in for it) that pg-boss needs. */
interface PgliteLikeClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<Array<{ rows: unknown[] }>>;
}

function isPgliteLike(client: unknown): client is PgliteLikeClient {
  const candidate = client as Partial<PgliteLikeClient> | null;
  return typeof candidate?.query === 'function' && typeof candidate.exec === 'function';
}

/**
 * pg-boss's `db` option over the embedded PGlite: every statement goes through the same client as
 * the application's (the worker thread's FIFO), so pg-boss needs no connection of its own.
 * pg-boss sends its schema plans (BEGIN; ...; COMMIT) as one text without parameters: those run
 * with `exec` (the simple protocol, several statements); everything with parameters runs with
 * `query` (the extended protocol, one statement), as node-postgres does.
 */
export function pgliteBossDb(database: Database): PgBoss.Db {
  if (database.kind !== 'pglite') throw new Error('pgliteBossDb is for the embedded PGlite only');
  // drizzle keeps the driver's client on `$client`; its PgDatabase type does not declare it.
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (!isPgliteLike(client)) throw new Error('The embedded database client has no query/exec');
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values === undefined || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
  };
}
