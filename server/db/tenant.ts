import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, Executor, Tx } from './client';
import { connectOpenedFromNow, isLostConnection, takeLostOpening } from './connection-retry';
import {
  appendToPrologue,
  commitWithNextStatement,
  deferPrologue,
  dropPrologue,
  reopenAfterCommit,
  takeCommitted,
} from './named-statements';

export const APP_ROLE = 'tenet_app';

/**
 * Runs `fn` in one transaction as the non-superuser application role with the organisation id in
 * a transaction-local setting: row-level security then admits only that organisation's rows.
 *
 * On PostgreSQL the BEGIN and both settings travel with the transaction's first statement, in one
 * round trip (docs/adr/0014-list-plans.md): one extended-protocol batch when that statement has
 * parameters (prologue-query.ts), else a message of their own just before it. The statement runs
 * only when they succeeded (named-statements.ts).
 */
export async function withTenant<T>(
  db: Db,
  orgId: number,
  fn: (tx: Tx) => Promise<T>,
  /**
   * A statement that must succeed before anything else of the transaction runs, as the owner (the
   * check that a remembered session is unchanged: server/http/actor-cache.ts). It travels after the
   * BEGIN and before the settings; a transaction that makes no query of its own still runs it.
   */
  check?: string,
): Promise<T> {
  const bypass = withoutRowLevelSecurity.has(db);
  const pooled = poolSessionOf(db);
  if (pooled) {
    if (!Number.isSafeInteger(orgId)) throw new Error(`Not an organisation id: ${orgId}`);
    const settings = [`set_config('app.org_id', '${orgId}', true)`];
    if (!bypass) settings.push(`set_config('role', '${APP_ROLE}', true)`);
    const prologue = ['begin', ...(check ? [check] : []), `select ${settings.join(', ')}`];
    return pooledTransaction(pooled, prologue, fn, check);
  }
  return db.transaction(async (tx) => {
    if (check) await tx.execute(sql.raw(check));
    if (bypass) await tx.execute(sql`select set_config('app.org_id', ${String(orgId)}, true)`);
    else {
      await tx.execute(
        sql`select set_config('app.org_id', ${String(orgId)}, true), set_config('role', ${APP_ROLE}, true)`,
      );
    }
    return check ? fn(tx).catch(failedAfterCheck) : fn(tx);
  });
}

const checkedFailures = new WeakSet<object>();

/**
 * Marks `error` as thrown by a transaction whose check (`withTenant`) ran first. A check that failed
 * raised its own error (SESSION_CHANGED), which the caller tells apart by its code; any other failure
 * was decided with the remembered session as the database has it. Rethrows it.
 */
function failedAfterCheck(error: unknown): never {
  if (typeof error === 'object' && error !== null) checkedFailures.add(error);
  throw error;
}

/** Whether `error` came from a transaction after its check ran (it may be the check's own failure). */
export const isFailureAfterCheck = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && checkedFailures.has(error);

/**
 * The statements that follow in this transaction run with plans PostgreSQL keeps per connection
 * (generic plans: planned once, not on every request). Only for statements written so that their
 * plan does not depend on their parameters' values (docs/adr/0014-list-plans.md), and only when
 * nothing else runs after them in the transaction. On PostgreSQL the setting rides with the
 * transaction's first statement when that has not gone yet.
 */
export async function planOnce(tx: Executor): Promise<void> {
  const client = pooledClientOf(tx);
  if (client && appendToPrologue(client, 'set local plan_cache_mode = force_generic_plan')) return;
  // The value as a parameter: the embedded PGlite then runs it as a prepared statement (ADR 0027).
  await tx.execute(sql`select set_config('plan_cache_mode', ${'force_generic_plan'}, true)`);
}

/**
 * This transaction's commit does not wait for its write-ahead log to reach the disk
 * (`synchronous_commit = off` for it alone), on PostgreSQL. Only for records whose loss in a crash
 * of the database server costs less than the flush every request would wait for: a reader's
 * opening of a document (the view log). Such a crash can lose the last few hundred milliseconds of
 * those records, never half a transaction, and never a transaction that did not ask for it.
 * PGlite keeps its own setting. On PostgreSQL the setting rides with the transaction's first
 * statement when that has not gone yet.
 */
export async function commitWithoutFlushWait(tx: Executor): Promise<void> {
  const client = pooledClientOf(tx);
  if (!client) return;
  if (appendToPrologue(client, 'set local synchronous_commit = off')) return;
  await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
}

/**
 * The transaction's next statement is its last: on PostgreSQL its COMMIT travels with it, in the
 * same round trip (named-statements.ts), instead of one more round trip after it. For routes whose
 * database work ends with one statement (a list's page, opening a document): a request is then one
 * round trip for its session and one for its transaction, and a row the statement locks (a
 * document's view count) is held for the statement alone, not until the server has read the answer
 * and sent a COMMIT. Any statement after it throws (it would run outside the transaction). The
 * statement must have parameters (one without them leaves the COMMIT to the transaction's end, as
 * usual). PGlite commits as before.
 */
export function commitWithFinalStatement(tx: Executor): void {
  const client = pooledClientOf(tx);
  if (client) commitWithNextStatement(client);
}

/** Each checked-out connection's transaction opening (its BEGIN and settings), as first deferred. */
const openings = new WeakMap<object, readonly string[]>();

/**
 * When the transaction committed with its final statement (commitWithFinalStatement), the statements
 * that follow run in a new transaction with the same organisation and role: on PostgreSQL its BEGIN
 * and settings ride with the next statement, as the first transaction's did. For a route whose
 * usual answer is one statement and whose rarer one needs more (figures kept, else computed): the
 * usual answer commits with its statement, the rarer one begins again. Settings the first
 * transaction added (planOnce, for instance) do not carry over. Otherwise, and on PGlite, the
 * transaction goes on and this does nothing.
 */
export function beginAgainIfCommitted(tx: Executor): void {
  const client = pooledClientOf(tx);
  const opening = client ? openings.get(client) : undefined;
  if (client && opening && reopenAfterCommit(client, opening)) reopened.add(client);
}

/** Connections whose transaction committed and began again: what failed after is never run again. */
const reopened = new WeakSet<object>();

/**
 * Tests only: databases whose organisation requests keep the owner's role, so row-level security
 * does not apply and the repositories' own org conditions are the only wall (the route matrix runs
 * once this way, so that each wall is tested on its own).
 */
const withoutRowLevelSecurity = new WeakSet<Db>();
export function disableRowLevelSecurityForTests(db: Db): void {
  withoutRowLevelSecurity.add(db);
}

/**
 * System work outside any organisation (sign-in, sessions, provider staff): the owner's rights. On
 * PostgreSQL its BEGIN travels with its first statement, as an organisation's does (withTenant).
 */
export async function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const pooled = poolSessionOf(db);
  if (pooled) return pooledTransaction(pooled, ['begin'], fn);
  return db.transaction(fn);
}

/** What drizzle's node-postgres database keeps (its session: the pool, dialect, schema, options). */
interface PoolSession {
  client: unknown;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The node-postgres session of a database on a pool (PostgreSQL), or null (PGlite). */
function poolSessionOf(db: Db): (PoolSession & { client: pg.Pool }) | null {
  const session = (db as unknown as { session?: PoolSession }).session;
  return session && session.client instanceof pg.Pool ? (session as PoolSession & { client: pg.Pool }) : null;
}

/** The pooled connection under a transaction of `pooledTransaction`. */
function pooledClientOf(tx: Executor): pg.PoolClient | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? (client as pg.PoolClient) : null;
}

/**
 * drizzle's own transaction (NodePgSession.transaction), with its BEGIN deferred into `prologue`:
 * a connection from the pool, a session and a transaction on it, COMMIT or ROLLBACK (unless the
 * COMMIT went with the final statement), the connection back. A transaction that made no query
 * sends nothing at all.
 *
 * When the connection turns out dead at the transaction's opening, before anything of it was done
 * (its backend ended while it sat idle in the pool, and the pool had not read so yet:
 * connection-retry.ts), the transaction runs once more from its start on a connection opened since;
 * `fn` has then seen nothing from the database but the failure of its first statement. Once
 * anything of it may have been done it never runs again, so a write is never made twice. A
 * transaction whose connection is alive pays no round trip for this.
 */
async function pooledTransaction<T>(
  session: PoolSession & { client: pg.Pool },
  prologue: string[],
  fn: (tx: Tx) => Promise<T>,
  check?: string,
): Promise<T> {
  // The opening as given: `prologue` itself grows with the settings a transaction adds (planOnce).
  const opening: readonly string[] = [...prologue];
  let first: OpeningLost;
  try {
    return await transactionOn(await session.client.connect(), session, prologue, opening, fn, check);
  } catch (error) {
    if (!(error instanceof OpeningLost)) throw error;
    first = error;
  }
  let fresh: pg.PoolClient;
  try {
    // The server ended that one session alone (its idle-session timeout): the others are as alive
    // as before, and closing them would cost their prepared statements for nothing.
    fresh = endedAlone(first.lost) ? await session.client.connect() : await connectOpenedFromNow(session.client);
  } catch {
    // No connection to run it again on (the database is down, the pool is ending): the loss is
    // what the caller is told.
    throw first.lost;
  }
  try {
    return await transactionOn(fresh, session, [...opening], opening, fn, check);
  } catch (error) {
    throw error instanceof OpeningLost ? error.lost : error;
  }
}

/** The server's idle-session timeout ended the connection: no other connection is concerned. */
const endedAlone = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57P05';

/** The connection was lost at the transaction's opening, with nothing of the transaction done. */
class OpeningLost extends Error {
  constructor(readonly lost: unknown) {
    super('The database connection was lost before the transaction did anything.');
  }
}

/**
 * One run of `pooledTransaction` on `client`, which it releases: with the error when the connection
 * was lost at the opening, so that the pool closes it instead of handing it out again.
 */
async function transactionOn<T>(
  client: pg.PoolClient,
  session: PoolSession,
  prologue: string[],
  opening: readonly string[],
  fn: (tx: Tx) => Promise<T>,
  check?: string,
): Promise<T> {
  let lost: OpeningLost | undefined;
  try {
    const own = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction(session.dialect, own, session.schema) as unknown as Tx;
    deferPrologue(client, prologue);
    openings.set(client, opening);
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      // Nothing sent, or committed with the final statement: nothing to roll back.
      const nothingSent = dropPrologue(client);
      // Lost at the opening: the transaction ended with the connection, having done nothing.
      if (takeLostOpening(client) && !reopened.has(client)) throw new OpeningLost(error);
      if (!nothingSent && !takeCommitted(client)) await tx.execute(sql`rollback`);
      // A failure decided before anything was sent was decided with the caller's word alone: the
      // check runs now, and raises if that word no longer holds.
      else if (nothingSent && check) await checkAlone(client, check);
      if (check) failedAfterCheck(error);
      throw error;
    }
    if (dropPrologue(client)) {
      // Nothing was sent: what the handler answered came from the caller alone, which must hold.
      if (check) await checkAlone(client, check);
    } else if (!takeCommitted(client)) await tx.execute(sql`commit`);
    return result;
  } catch (error) {
    if (error instanceof OpeningLost) lost = error;
    throw error;
  } finally {
    dropPrologue(client);
    takeCommitted(client);
    takeLostOpening(client);
    openings.delete(client);
    reopened.delete(client);
    client.release(lost);
  }
}

/**
 * The check of a transaction that made no query, sent alone: its only round trip, and a read, so
 * a connection lost there has done nothing either.
 */
async function checkAlone(client: pg.PoolClient, check: string): Promise<void> {
  try {
    await client.query(check);
  } catch (error) {
    throw isLostConnection(error) ? new OpeningLost(error) : error;
  }
}
