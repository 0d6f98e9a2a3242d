import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Parameterised statements run as named prepared statements in the embedded PGlite, as they do on
 * PostgreSQL (server/db/named-statements.ts): parsed and planned once per worker, then bound and
 * executed. PGlite's own `query()` parses, describes, binds, describes and executes an unnamed
 * statement on every call, five trips into the WebAssembly with the plan made afresh each time:
 * the session lookup of every request took 358 us that way and 47 us as a named statement bound,
 * described, executed and synced in one trip (in process, 3,000 calls each). Planning was most of
 * it, and the application's statements are larger than that one.
 *
 * The results are parsed by PGlite's own parser with the same options, so rows, types and errors
 * are what `query()` gives; the worker test compares both on every check.
 */

/** How many statements the worker keeps prepared (as a PostgreSQL connection does): a text that varies stops at the bound. */
export const MAX_NAMED_STATEMENTS = 400;
/** A text this long is a bulk statement (a multi-row insert) whose plan is not worth keeping. */
const MAX_NAMED_TEXT_LENGTH = 20_000;

interface Prepared {
  name: string;
  /** The parameters' type OIDs, as the server inferred them when it parsed the text. */
  types: number[];
}

type Serializer = (value: unknown) => string;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** PGlite's error, with the statement it came from, as `query()` reports it. */
function withQuery(error: unknown, text: string): unknown {
  if (error instanceof Error) Object.assign(error, { query: text });
  return error;
}

export interface NamedStatements {
  /**
   * The statement's results, or undefined when it is not to run named (no parameters, too long,
   * past the bound). Outside a transaction the file system is synced after it, as `query()` does.
   */
  query(
    text: string,
    params: readonly unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results | undefined>;
}

export function namedStatementsOf(db: PGlite): NamedStatements {
  const prepared = new Map<string, Prepared>();
  const { serialize } = protocol;
  // PGlite's serializers and parsers by type OID, filled from the catalog when it opened.
  const serializers = db.serializers as Record<number, Serializer | undefined>;

  async function prepare(text: string): Promise<Prepared> {
    const name = `tenet_${prepared.size + 1}`;
    const messages = await db.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
  }

  return {
    async query(text, params, options, inTransaction) {
      if (params.length === 0 || text.length > MAX_NAMED_TEXT_LENGTH) return undefined;
      if (!prepared.has(text) && prepared.size >= MAX_NAMED_STATEMENTS) return undefined;
      const results = await db.runExclusive(async () => {
        try {
          const statement = prepared.get(text) ?? (await prepare(text));
          const values = params.map((value, index) => {
            if (value === null || value === undefined) return null;
            const serializer = serializers[statement.types[index] ?? 0];
            // As `query()` does for a type it has no serializer for.
            return serializer ? serializer(value) : (value as { toString(): string }).toString();
          });
          const messages = await db.execProtocolStream(
            concat([
              serialize.bind({ statement: statement.name, values }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ]),
            { syncToFs: false },
          );
          return parse.parseResults(messages, db.parsers, options)[0];
        } catch (error) {
          throw withQuery(error, text);
        }
      });
      if (!inTransaction) await db.syncToFs();
      return results;
    },
  };
}
