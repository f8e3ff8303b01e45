import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppDb } from './client';

/** A node of `EXPLAIN (FORMAT JSON)`, with the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  Operation?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

type ExplainRow = { 'QUERY PLAN': { Plan: PlanNode }[] | string };

function rootOf(row: ExplainRow | undefined): PlanNode {
  const json = row?.['QUERY PLAN'] ?? [];
  return (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
}

/** How a plan reads `table`: the indexes it scans (named `<table>_…`) or "Seq Scan", each once. */
export function readsOf(node: PlanNode, table: string): string[] {
  const index = node['Index Name'];
  const own = index?.startsWith(`${table}_`)
    ? [index]
    : node['Relation Name'] === table && node['Node Type'] === 'Seq Scan'
      ? ['Seq Scan']
      : [];
  return [...new Set([...own, ...(node.Plans ?? []).flatMap((child) => readsOf(child, table))])];
}

/** The plan PostgreSQL makes for `query`, its values known. */
export async function planOf(db: Pick<AppDb, 'execute'>, query: SQL): Promise<PlanNode> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  return rootOf((result as unknown as { rows: ExplainRow[] }).rows[0]);
}

/**
 * The generic plan of `query`: the one a statement prepared on a connection keeps after its first runs,
 * made without its values (PREPARE, then EXPLAIN EXECUTE with plan_cache_mode = force_generic_plan, on one
 * connection; a data-changing statement is explained, not run).
 */
export async function genericPlanOf(db: Pick<AppDb, 'transaction'>, query: SQL): Promise<PlanNode> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`prepare generic_plan_probe as ${text}`));
    try {
      const values = params.map(literal).join(', ');
      const result = await tx.execute(sql.raw(`explain (format json) execute generic_plan_probe(${values})`));
      return rootOf((result as unknown as { rows: ExplainRow[] }).rows[0]);
    } finally {
      await tx.execute(sql.raw('deallocate generic_plan_probe'));
    }
  });
}

/** A statement's value written as an SQL literal, for EXECUTE's arguments (which take no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  const text = Array.isArray(value)
    ? `{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`
    : value instanceof Date
      ? value.toISOString()
      : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}
