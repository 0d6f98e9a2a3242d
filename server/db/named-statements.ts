import { createHash } from 'node:crypto';
import type pg from 'pg';
import { noteOpeningFailure, type OpeningRoundTrip } from './connection-retry';
import { PrologueQuery } from './prologue-query';

/**
 * How many statements one connection keeps prepared. The application has a few hundred distinct
 * statement texts; the bound only stops a text that varies (a list whose length is in the SQL) from
 * filling a connection with plans it never reuses. Past it, statements run unnamed as before.
 */
export const MAX_NAMED_STATEMENTS_PER_CONNECTION = 400;

/** A text this long is a bulk statement (a multi-row insert) whose plan is not worth keeping. */
const MAX_NAMED_TEXT_LENGTH = 20_000;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

const isPlainConfig = (value: unknown): value is QueryConfigLike & { text: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as QueryConfigLike).text === 'string' &&
  (value as QueryConfigLike).name === undefined &&
  typeof (value as QueryConfigLike).submit !== 'function';

/** Names already computed, by text: a hash of a few kilobytes on every query cost more than the lookup. */
const names = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 2_000;

export const statementName = (text: string): string => {
  let name = names.get(text);
  if (name === undefined) {
    name = `t_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (names.size >= MAX_REMEMBERED_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
};

/**
 * Gives every parameterised statement of a connection a name derived from its text, so PostgreSQL
 * parses and plans it once per connection instead of on every request. Measured on the library's
 * first page (bench fixture, 1,000 P&Ps): its two statements spent 3-4 ms being planned (`bind`)
 * and 0.7 ms executing; a named statement is parsed once, and after five executions PostgreSQL
 * keeps a generic plan when it costs no more than the custom ones (plan_cache_mode auto), so the
 * planning goes. Row-level security stays correct: a cached plan records the role it was made for
 * and PostgreSQL plans again under another role; the organisation is read from a setting at
 * execution time, not baked into the plan.
 *
 * Only statements with parameters are named: a statement without them may hold several commands
 * (migrations), which the extended protocol that names use does not allow.
 */
export function nameStatementsOf(client: pg.PoolClient | pg.Client): void {
  const named = new Set<string>();
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  /** The name a statement runs under on this connection, or undefined (unnamed). */
  const nameOf = (text: string): string | undefined => {
    if (text.length > MAX_NAMED_TEXT_LENGTH) return undefined;
    const name = statementName(text);
    if (!named.has(name) && named.size >= MAX_NAMED_STATEMENTS_PER_CONNECTION) return undefined;
    named.add(name);
    return name;
  };
  const wrapped = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    if (committed.has(client)) {
      const error = new Error('This transaction has committed with its final statement: nothing may follow it.');
      if (typeof callback !== 'function') return Promise.reject(error);
      (callback as (error: Error) => void)(error);
      return undefined;
    }
    const parameterised = isPlainConfig(config) && Array.isArray(values) && values.length > 0 ? config : null;
    const prologue = prologues.get(client);
    const final = finalStatements.has(client);
    if (final && parameterised && callback === undefined) {
      finalStatements.delete(client);
      prologues.delete(client);
      const sent = withPrologue(original, client, prologue ?? [], parameterised, values as unknown[], nameOf, COMMIT);
      return sent.then((result) => {
        committed.add(client);
        return result;
      });
    }
    // A final statement without parameters (or with a callback) leaves the COMMIT to its holder.
    finalStatements.delete(client);
    if (prologue) {
      prologues.delete(client);
      if (parameterised && callback === undefined) {
        return withPrologue(original, client, prologue, parameterised, values as unknown[], nameOf);
      }
      return afterPrologue(original, client, prologue.join(';\n'), () => wrapped(config, values, callback), callback);
    }
    if (parameterised) {
      const name = nameOf(parameterised.text);
      if (name !== undefined) return original({ ...parameterised, name }, values, callback);
    }
    return original(config, values, callback);
  };
  // pg's query() is overloaded; the wrapper passes every form through unchanged but the one it names.
  client.query = wrapped as typeof client.query;
}

/** The epilogue of a transaction's final statement (commitWithNextStatement). */
const COMMIT: readonly string[] = ['commit'];

/**
 * Statements a connection sends in front of its next query, in the same round trip (the simple
 * protocol takes several statements at once): a transaction's BEGIN and its settings
 * (server/db/tenant.ts). Keyed by the connection; set only while one holder has it checked out.
 */
const prologues = new WeakMap<object, string[]>();

/** Sends `statements` (no parameters, trusted text) in front of the connection's next query. */
export function deferPrologue(client: pg.PoolClient | pg.Client, statements: string[]): void {
  prologues.set(client, statements);
}

/** Adds a statement to a prologue not sent yet; false when it has gone (the caller sends it then). */
export function appendToPrologue(client: pg.PoolClient | pg.Client, statement: string): boolean {
  const prologue = prologues.get(client);
  if (!prologue) return false;
  prologue.push(statement);
  return true;
}

/** Takes back a prologue never sent (the holder made no query): true when there was one. */
export function dropPrologue(client: pg.PoolClient | pg.Client): boolean {
  return prologues.delete(client);
}

/**
 * The connection's next parameterised statement is its transaction's last: the COMMIT goes with it,
 * in the same round trip (after the statement, before the batch's Sync), and PostgreSQL skips it
 * when the statement fails. Once it has committed, any further query on the connection throws until
 * its holder lets it go (`takeCommitted`), so a statement can never run after the COMMIT, outside
 * the transaction and its settings.
 */
const finalStatements = new WeakSet<object>();
const committed = new WeakSet<object>();

export function commitWithNextStatement(client: pg.PoolClient | pg.Client): void {
  finalStatements.add(client);
}

/**
 * After a final statement committed: the connection's next query opens a new transaction, with
 * `prologue` (its BEGIN and settings) in front of it as the first one had. False, and nothing
 * changes, when no final statement committed (the transaction it is in goes on).
 */
export function reopenAfterCommit(client: pg.PoolClient | pg.Client, prologue: readonly string[]): boolean {
  if (!committed.delete(client)) return false;
  finalStatements.delete(client);
  prologues.set(client, [...prologue]);
  return true;
}

/** Whether the transaction committed with its final statement; forgets both marks (the holder ends). */
export function takeCommitted(client: pg.PoolClient | pg.Client): boolean {
  finalStatements.delete(client);
  return committed.delete(client);
}

/**
 * A parameterised statement with its prologue and epilogue in one round trip (prologue-query.ts),
 * answered as a promise like pg's own queries. A prologue opens a transaction: when its round trip
 * fails, what it shows is noted for the transaction's holder (connection-retry.ts).
 */
function withPrologue(
  original: (...args: unknown[]) => unknown,
  client: pg.PoolClient | pg.Client,
  prologue: readonly string[],
  config: QueryConfigLike & { text: string },
  values: unknown[],
  nameOf: (text: string) => string | undefined,
  epilogue: readonly string[] = [],
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const query = new PrologueQuery(prologue, { ...config, name: nameOf(config.text) }, values, epilogue);
    const settle = (error: Error | null, result?: unknown): void => {
      if (!error) {
        resolve(result);
        return;
      }
      if (prologue.length > 0) {
        const carriedCommit = epilogue.length > 0;
        noteOpeningFailure(client, error, { carriedStatement: true, completedAny: query.completedAny, carriedCommit });
      }
      reject(error);
    };
    (query as unknown as { callback: typeof settle }).callback = settle;
    original(query);
  });
}

/** The round trip of a prologue sent alone: the transaction's own statement waits for its answer. */
const PROLOGUE_ALONE: OpeningRoundTrip = { carriedStatement: false, completedAny: false, carriedCommit: false };

/**
 * A statement without parameters (it may hold several commands, which one extended-protocol batch
 * cannot) goes after its prologue, and only once the prologue succeeded: a query must never run
 * when its BEGIN or its role did not take (it would run as the owner, outside row-level security).
 * The query gets the prologue's error instead (noted for the transaction's holder, as withPrologue's).
 */
function afterPrologue(
  original: (...args: unknown[]) => unknown,
  client: pg.PoolClient | pg.Client,
  prologue: string,
  next: () => unknown,
  callback: unknown,
): unknown {
  const sent = original(prologue) as Promise<unknown>;
  const failed = (error: unknown): void => noteOpeningFailure(client, error, PROLOGUE_ALONE);
  if (typeof callback === 'function') {
    sent.then(next, (error: unknown) => {
      failed(error);
      (callback as (error: unknown) => void)(error);
    });
    return undefined;
  }
  return sent.then(next, (error: unknown) => {
    failed(error);
    throw error;
  });
}
