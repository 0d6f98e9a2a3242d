import type { Results } from '@electric-sql/pglite';
import type { RowMode, WireResults } from './pglite-protocol';

/** A caller's parser of one type's text (PGlite's signature). */
export type ValueParser = (value: string, typeId: number) => unknown;

/** The part of PGlite's query options that works across the thread boundary. */
export interface ClientQueryOptions {
  rowMode?: RowMode;
  parsers?: Record<number, ValueParser>;
}

/**
 * Applies the caller's parsers on the main thread: the worker parsed every other type with
 * PGlite's own parsers (including the array parsers it learns from the catalog) and left the
 * caller's types as text. In object mode a repeated column name keeps the last column's value,
 * as PGlite does, so only that column's parser may apply.
 */
export function decodeResults(wire: WireResults, options: ClientQueryOptions): Results {
  const parsers = options.parsers ?? {};
  const lastIndexOf = new Map(wire.fields.map((field, index) => [field.name, index]));
  const columns = wire.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID];
    if (!parser) return [];
    if (options.rowMode !== 'array' && lastIndexOf.get(field.name) !== index) return [];
    return [{ key: options.rowMode === 'array' ? index : field.name, parser, typeId: field.dataTypeID }];
  });
  if (columns.length > 0) {
    for (const row of wire.rows as Record<string | number, unknown>[]) {
      for (const { key, parser, typeId } of columns) {
        const value = row[key];
        if (typeof value === 'string') row[key] = parser(value, typeId);
      }
    }
  }
  return {
    rows: wire.rows as Results['rows'],
    fields: wire.fields,
    ...(wire.affectedRows !== undefined ? { affectedRows: wire.affectedRows } : {}),
  };
}
