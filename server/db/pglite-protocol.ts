/**
 * The messages between the main thread and the PGlite worker (server/workers/pglite.worker.ts).
 * Everything here crosses a structured clone, so no functions: a caller's row parsers stay on the
 * main thread, and the worker is told only which type OIDs to hand back as raw text for them.
 */

export type RowMode = 'array' | 'object';

/** What a query needs besides its text and parameters. */
export interface WireQueryOptions {
  rowMode?: RowMode;
  /** Type OIDs whose values come back as the server's text (the caller parses them itself). */
  rawTypes?: number[];
}

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; options: WireQueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; options: WireQueryOptions; tx?: number }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

export interface WireField {
  name: string;
  dataTypeID: number;
}

export interface WireResults {
  rows: unknown[];
  fields: WireField[];
  affectedRows?: number;
}

/** A database error as plain data: PostgreSQL's fields (code, detail, constraint, ...) survive. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

export type WorkerReply =
  | { id: number; ok: true; value: WireResults | WireResults[] | ArrayBuffer | null }
  | { id: number; ok: false; error: WireError };

/** Sent once, before any reply: the database is open (or could not be). */
export type WorkerStartup = { ready: true } | { ready: false; error: WireError };

export interface PgliteWorkerData {
  /** Directory of the cluster; absent for an in-memory database. */
  dataDir?: string;
  /** A data-dir tarball to start from. */
  loadDataDir?: ArrayBuffer;
}

/** PostgreSQL's fields of an error (and PGlite's query text), without anything that cannot be cloned. */
export function errorToWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields };
}

/** An Error carrying the same fields the driver's error had, so code that reads `error.code` still works. */
export function errorFromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  Object.assign(error, wire.fields);
  Object.defineProperty(error, 'name', { value: wire.name, enumerable: false, configurable: true, writable: true });
  if (wire.stack) error.stack = wire.stack;
  return error;
}
