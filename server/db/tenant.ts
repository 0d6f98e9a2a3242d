import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

export const APP_ROLE = 'tenet_app';

/**
 * Runs `fn` in one transaction as the non-superuser application role with the organisation id in
 * a transaction-local setting: row-level security then admits only that organisation's rows.
 */
export async function withTenant<T>(db: Db, orgId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (withoutRowLevelSecurity.has(db)) await tx.execute(sql`select set_config('app.org_id', ${String(orgId)}, true)`);
    else {
      await tx.execute(
        sql`select set_config('app.org_id', ${String(orgId)}, true), set_config('role', ${APP_ROLE}, true)`,
      );
    }
    return fn(tx);
  });
}

/**
 * Tests only: databases whose organisation requests keep the owner's role, so row-level security
 * does not apply and the repositories' own org conditions are the only wall (the route matrix runs
 * once this way, so that each wall is tested on its own).
 */
const withoutRowLevelSecurity = new WeakSet<Db>();
export function disableRowLevelSecurityForTests(db: Db): void {
  withoutRowLevelSecurity.add(db);
}

/** System work outside any organisation (sign-in, sessions, provider staff): the owner's rights. */
export async function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
