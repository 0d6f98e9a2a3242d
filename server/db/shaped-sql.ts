import { isDeepStrictEqual } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Statements built once per shape. A list's statement is a tree of a few hundred drizzle
 * fragments; walking it into text and parameters on every request was about a fifth of a library
 * page's JavaScript (a CPU profile of the reader's first page under load, docs/performance.md).
 * Most of it never changes between requests: only the organisation, the user and the day do.
 *
 * `shapedSql` builds the statement of a shape (what changes its text: a view, whether the caller
 * is an org admin, a page size) once, with stand-ins for the values (what only changes its
 * parameters), and remembers its text cut at each parameter and where each parameter comes from.
 * A request then only puts its values in place: one flat fragment, whose text is the same as the
 * full build's, so named statements and their plans are shared as before.
 *
 * Safety: the statement is built twice with two different sets of stand-ins. A value that reaches
 * the text (written in rather than passed), or a parameter computed from a value (neither the same
 * in both builds nor one of the stand-ins), makes the shape unfit to keep, and the call throws:
 * the caller must then move that value into the shape. The builder must read nothing but its
 * values and what the shape names: no clock (a date it read itself would be kept as a constant),
 * no state. What the shape must hold is the caller's
 * part of the contract: anything the builder reads that is not among `values` must be in `shape`
 * (the tests of every statement kept so run the admin's and a reader's requests in one process).
 */

export type ShapeValue = number | string;
type Values = Readonly<Record<string, ShapeValue>>;

interface Kept {
  /** The text between parameters: one more than `sources`. */
  strings: string[];
  /** For each parameter, the value's name, or the constant it always is. */
  sources: Array<{ value: string } | { constant: unknown }>;
}

const dialect = new PgDialect();
const MAX_SHAPES = 1_000;
const kept = new Map<string, Kept>();

/**
 * A stand-in no real value equals: negative and out of any id's range, or text with a NUL, long
 * enough that cutting or changing it in the builder shows.
 */
function standIn(name: string, value: ShapeValue, round: number, index: number): ShapeValue {
  if (typeof value === 'number') return -(1_000_000_007 + round * 1_000 + index);
  return `\u0000${round}:${name}:`.padEnd(64, String(round));
}

/**
 * In development and tests (server/config.ts: any other NODE_ENV runs as production) every call is
 * also built afresh with its real values and compared, so the whole test suite checks that each
 * kept shape gives the statement the builder would.
 */
const CHECK_EVERY_CALL = process.env.NODE_ENV === 'development' || process.env.NODE_ENV === 'test';

function build<V extends Values>(values: V, builder: (values: V) => SQL, round: number) {
  const names = Object.keys(values);
  const stand = Object.fromEntries(names.map((name, i) => [name, standIn(name, values[name]!, round, i)])) as V;
  const query = dialect.sqlToQuery(builder(stand));
  const byStandIn = new Map<unknown, string>(names.map((name) => [stand[name], name]));
  return { query, byStandIn };
}

function keep<V extends Values>(key: string, values: V, builder: (values: V) => SQL): Kept {
  const first = build(values, builder, 1);
  const second = build(values, builder, 2);
  if (first.query.sql !== second.query.sql || first.query.params.length !== second.query.params.length) {
    throw new Error(`Statement shape ${key}: a value reaches the statement's text; make it part of the shape.`);
  }
  const sources = first.query.params.map((param, i): Kept['sources'][number] => {
    const other = second.query.params[i];
    const name = first.byStandIn.get(param);
    if (name !== undefined && second.byStandIn.get(other) === name) return { value: name };
    if (Object.is(param, other) && !second.byStandIn.has(other)) return { constant: param };
    throw new Error(`Statement shape ${key}: parameter $${i + 1} is computed from a value; pass it as a value.`);
  });
  const strings = first.query.sql.split(/\$\d+\b/);
  if (strings.length !== sources.length + 1) {
    throw new Error(`Statement shape ${key}: its text holds a '$' that is not a parameter.`);
  }
  return { strings, sources };
}

/**
 * The statement `builder(values)`, built once for `shape` (whose every field decides the text) and
 * filled with `values` on each call. Equal in text and parameters to building it afresh.
 */
export function shapedSql<V extends Values>(shape: string, values: V, builder: (values: V) => SQL): SQL {
  let entry = kept.get(shape);
  if (entry === undefined) {
    entry = keep(shape, values, builder);
    if (kept.size >= MAX_SHAPES) kept.clear();
    kept.set(shape, entry);
  }
  const params = entry.sources.map((source) => ('value' in source ? values[source.value] : source.constant));
  const filled = sql(Object.assign([...entry.strings], { raw: entry.strings }) as TemplateStringsArray, ...params);
  if (CHECK_EVERY_CALL) checkAgainstFreshBuild(shape, filled, builder(values));
  return filled;
}

function checkAgainstFreshBuild(shape: string, filled: SQL, fresh: SQL): void {
  const a = dialect.sqlToQuery(filled);
  const b = dialect.sqlToQuery(fresh);
  if (a.sql !== b.sql || !isDeepStrictEqual(a.params, b.params)) {
    throw new Error(
      `Statement shape ${shape}: the kept statement differs from a fresh build; a field is missing from the shape.`,
    );
  }
}
