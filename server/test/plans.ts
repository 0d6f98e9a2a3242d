import { sql, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';

/** One node of a plan as EXPLAIN (FORMAT JSON) writes it. */
export interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Index Name'?: string;
  readonly 'Scan Direction'?: string;
  readonly Filter?: string;
  readonly 'Index Cond'?: string;
  readonly 'Recheck Cond'?: string;
  readonly Plans?: readonly PlanNode[];
}

/** The plan of a statement (not run), every node of it, outermost first. */
export async function planOf(db: Executor, query: SQLWrapper): Promise<PlanNode[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query.getSQL()}`);
  // PostgreSQL's driver parses the json; PGlite may hand it over as text.
  const value = row?.['QUERY PLAN'];
  const [top] = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: PlanNode }];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode): void => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(top.Plan);
  return nodes;
}

/** An index's expression and predicate, as the catalogue prints them (a plan prints them alike). */
export async function indexDefinition(
  db: Executor,
  name: string,
): Promise<{ expression: string | null; predicate: string | null }> {
  const [index] = await queryRows<{ expression: string | null; predicate: string | null }>(
    db,
    sql`select pg_get_expr(i.indexprs, i.indrelid) as expression, pg_get_expr(i.indpred, i.indrelid) as predicate
          from pg_index i where i.indexrelid = to_regclass(${name})`,
  );
  if (!index) throw new Error(`No index ${name}`);
  return index;
}
