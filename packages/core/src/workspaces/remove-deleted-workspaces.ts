import {
  contacts,
  emailLogs,
  emailSends,
  inboxConversations,
  inboxDrafts,
  inboxMessages,
  launchSkips,
  personaContacts,
  sequenceContacts,
  stepVariantAssignments,
  trackingEvents,
  webhookDeliveries,
  webhookEvents,
  webhookMessages,
  workspaces,
} from '@prospector/db';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';

export const WORKSPACE_REMOVAL_JOB = 'workspace-removal';

/** Rows removed in one transaction. */
export const WORKSPACE_REMOVAL_BATCH = 5_000;

/**
 * The tables that grow with use, children before their parents, so each batch deletes what it names and
 * little else through cascades. Deleting the workspace row at the end removes everything left (settings,
 * sequences, mailboxes, keys: a few rows each); a table missing here is still removed, only in one go.
 */
const LARGE_TABLES = [
  trackingEvents,
  emailLogs,
  webhookDeliveries,
  webhookMessages,
  webhookEvents,
  inboxDrafts,
  inboxMessages,
  inboxConversations,
  stepVariantAssignments,
  emailSends,
  launchSkips,
  sequenceContacts,
  personaContacts,
  contacts,
] as const;

/**
 * Removes the records of deleted workspaces a batch a transaction, then the workspace itself. Each
 * workspace is taken with SKIP LOCKED, so workers running at once share them out; a worker stopped in the
 * middle leaves a workspace the next round finishes. Returns how many rows were removed (not counting
 * what the final cascade took).
 */
export async function removeDeletedWorkspaces(
  deps: Pick<CoreDeps, 'db'>,
  options: { batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? WORKSPACE_REMOVAL_BATCH;
  const nextTable = new Map<string, number>();
  let removed = 0;
  for (;;) {
    const outcome = await deps.db.transaction(async (tx) => {
      // No key update: rows still being written into the workspace (key share) do not wait on it.
      const [workspace] = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(isNotNull(workspaces.deletedAt))
        .orderBy(asc(workspaces.deletedAt))
        .limit(1)
        .for('no key update', { skipLocked: true });
      if (!workspace) return null;
      const index = nextTable.get(workspace.id) ?? 0;
      const table = LARGE_TABLES[index];
      if (!table) {
        await tx.delete(workspaces).where(eq(workspaces.id, workspace.id));
        nextTable.delete(workspace.id);
        return 0;
      }
      const [row] = await queryRows<{ taken: number; removed: number }>(
        tx,
        sql`with batch as materialized (
            select ctid from ${table} where ${table.workspaceId} = ${workspace.id} limit ${batch}
          ), gone as (
            delete from ${table} where ctid = any(array(select ctid from batch))
              and ${table.workspaceId} = ${workspace.id}
            returning 1
          )
          select (select count(*) from batch)::int as taken, (select count(*) from gone)::int as removed`,
      );
      // A short batch is the table's last: nothing new is written into a deleted workspace's records.
      if (Number(row?.taken ?? 0) < batch) nextTable.set(workspace.id, index + 1);
      return Number(row?.removed ?? 0);
    });
    if (outcome === null) return removed;
    removed += outcome;
  }
}
