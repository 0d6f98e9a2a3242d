import { createHash } from 'node:crypto';
import type pg from 'pg';

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
  const wrapped = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    const prologue = prologues.get(client);
    if (prologue) {
      prologues.delete(client);
      return afterPrologue(original, prologue.join(';\n'), () => wrapped(config, values, callback), callback);
    }
    if (
      isPlainConfig(config) &&
      Array.isArray(values) &&
      values.length > 0 &&
      config.text.length <= MAX_NAMED_TEXT_LENGTH
    ) {
      const name = statementName(config.text);
      if (named.has(name) || named.size < MAX_NAMED_STATEMENTS_PER_CONNECTION) {
        named.add(name);
        return original({ ...config, name }, values, callback);
      }
    }
    return original(config, values, callback);
  };
  // pg's query() is overloaded; the wrapper passes every form through unchanged but the one it names.
  client.query = wrapped as typeof client.query;
}

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
 * The prologue, then the query only once it succeeded: a query must never run when its BEGIN or
 * its role did not take (it would run as the owner, outside row-level security). The query gets
 * the prologue's error instead.
 */
function afterPrologue(
  original: (...args: unknown[]) => unknown,
  prologue: string,
  next: () => unknown,
  callback: unknown,
): unknown {
  const sent = original(prologue) as Promise<unknown>;
  if (typeof callback === 'function') {
    sent.then(next, (error: unknown) => (callback as (error: unknown) => void)(error));
    return undefined;
  }
  return sent.then(next);
}
