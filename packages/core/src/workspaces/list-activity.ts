import type { ActivityPage, ActivityQuery } from '@prospector/contracts';
import { workspaceActivity } from '@prospector/db';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { requireMembership } from './require-membership';

export const INVALID_ACTIVITY_CURSOR = 'before is not a valid cursor';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/i;

/**
 * GET /api/workspaces/{id}/activity: who did what, newest first, a page at a time (keyset on the time and
 * id, which the workspace's activity index holds in that order). Any member may read it.
 */
export async function listActivity(
  deps: CoreDeps,
  userId: string,
  workspaceId: string,
  query: ActivityQuery,
): Promise<ActivityPage> {
  await requireMembership(deps.db, workspaceId, userId, 'viewer');
  const a = workspaceActivity;
  const conditions: SQL[] = [eq(a.workspaceId, workspaceId)];
  if (query.before) {
    const { at, id } = decodeCursor(query.before);
    conditions.push(sql`(${a.occurredAt}, ${a.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await deps.db
    .select({
      id: a.id,
      actorName: a.actorName,
      action: a.action,
      subjectType: a.subjectType,
      subjectId: a.subjectId,
      subjectName: a.subjectName,
      occurredAt: a.occurredAt,
      // To the microsecond: a cursor of the JavaScript date alone could skip or repeat lines.
      exactTime: sql<string>`to_char(${a.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(a)
    .where(and(...conditions))
    .orderBy(desc(a.occurredAt), desc(a.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ exactTime: _, occurredAt, ...item }) => ({
      ...item,
      occurredAt: occurredAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.exactTime, last.id) : null,
  };
}

const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) throw new AppError('VALIDATION_ERROR', INVALID_ACTIVITY_CURSOR);
  return { at: match[1], id: match[2] };
}
