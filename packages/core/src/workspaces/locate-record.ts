import type { LocateRecordQuery, WorkspaceListItem } from '@prospector/contracts';
import {
  contacts,
  personas,
  sequences,
  templates,
  workflows,
  workspaceMembers,
  workspaces,
} from '@prospector/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { workspaceListItem } from './workspace-list-items';

const TABLES = {
  sequence: sequences,
  list: personas,
  template: templates,
  workflow: workflows,
  contact: contacts,
};

export const RECORD_NOT_IN_YOUR_WORKSPACES = 'Record not found';

/**
 * GET /api/workspaces/locate: which of the person's workspaces holds a record a link points at, so the link
 * can switch there. A record in a workspace they are not in is a 404, like one that does not exist.
 */
export async function locateRecord(
  deps: CoreDeps,
  identity: { userId: string; workspaceId: string },
  query: LocateRecordQuery,
): Promise<WorkspaceListItem> {
  const table = TABLES[query.kind];
  const [found] = await deps.db
    .select({ workspaceId: table.workspaceId })
    .from(table)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, table.workspaceId), eq(workspaceMembers.userId, identity.userId)),
    )
    .innerJoin(workspaces, and(eq(workspaces.id, table.workspaceId), isNull(workspaces.deletedAt)))
    .where(eq(table.id, query.id))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', RECORD_NOT_IN_YOUR_WORKSPACES);
  return workspaceListItem(deps.db, identity.userId, identity.workspaceId, found.workspaceId);
}
