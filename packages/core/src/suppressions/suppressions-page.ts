import type { Suppression, V1Page } from '@prospector/contracts';
import { suppressions } from '@prospector/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { decodeCursor, keysetPage } from '../public-api/cursor';
import { toSuppression } from './suppression-store';

/** The user's suppression list for the public API: newest first, a page at a time after a cursor. */
export async function listSuppressionsAfter(
  deps: CoreDeps,
  workspaceId: string,
  query: { cursor?: string; limit: number },
): Promise<V1Page<Suppression>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await deps.db
    .select()
    .from(suppressions)
    .where(
      and(
        eq(suppressions.workspaceId, workspaceId),
        after
          ? sql`(${suppressions.createdAt}, ${suppressions.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(suppressions.createdAt), desc(suppressions.id))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { data: page.rows.map(toSuppression), nextCursor: page.nextCursor };
}
