import type { QueueJobCount } from '@prospector/contracts';
import { sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * pg-boss's jobs whose data names the user (`data.workspaceId`), per queue and state, read from its own table.
 * Before pg-boss has installed its schema (a fresh database, or an API process that has not started it
 * yet) there are none.
 */
export async function queueJobCounts(deps: CoreDeps, workspaceId: string): Promise<QueueJobCount[]> {
  const [installed] = rowsOf(await deps.db.execute(sql`select to_regclass('pgboss.job') is not null as ok`));
  if (!installed?.ok) return [];
  const rows = rowsOf(
    await deps.db.execute(sql`
      select name, state::text as state, count(*)::int as n
      from pgboss.job
      where data->>'workspaceId' = ${workspaceId}
      group by name, state
      order by name, state`),
  );
  return rows.map((row) => ({ name: String(row.name), state: String(row.state), count: Number(row.n) }));
}
