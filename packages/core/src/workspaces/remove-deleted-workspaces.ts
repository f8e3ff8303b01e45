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
  webhookEndpoints,
  webhookEvents,
  workspaces,
} from '@prospector/db';
import { asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';

export const WORKSPACE_REMOVAL_JOB = 'workspace-removal';

/** Rows removed in one transaction. */
export const WORKSPACE_REMOVAL_BATCH = 5_000;

type Owned = { table: PgTable; owned: (workspaceId: string) => SQL };
const byWorkspace = (table: PgTable & { workspaceId: PgColumn }): Owned => ({
  table,
  owned: (workspaceId) => sql`${table.workspaceId} = ${workspaceId}`,
});

/**
 * The tables that grow with use, each before what it references, so a batch deletes what it names and
 * little through cascades or SET NULL (some of those would scan a whole table for each row). Deleting the
 * workspace row at the end removes what is left (settings, sequences, mailboxes, keys: a few rows each);
 * a table missing here is still removed, only in one go.
 */
const LARGE_TABLES: Owned[] = [
  byWorkspace(inboxDrafts),
  byWorkspace(inboxMessages),
  byWorkspace(inboxConversations),
  byWorkspace(trackingEvents),
  byWorkspace(emailLogs),
  // Found through their endpoints: no index of theirs starts with the workspace.
  {
    table: webhookDeliveries,
    owned: (workspaceId) => sql`${webhookDeliveries.endpointId} in (select ${webhookEndpoints.id}
      from ${webhookEndpoints} where ${webhookEndpoints.workspaceId} = ${workspaceId})`,
  },
  // Takes its messages along, found by their event.
  byWorkspace(webhookEvents),
  byWorkspace(stepVariantAssignments),
  byWorkspace(emailSends),
  byWorkspace(launchSkips),
  byWorkspace(sequenceContacts),
  byWorkspace(personaContacts),
  byWorkspace(contacts),
];

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
      const next = LARGE_TABLES[index];
      if (!next) {
        await tx.delete(workspaces).where(eq(workspaces.id, workspace.id));
        nextTable.delete(workspace.id);
        return 0;
      }
      const [row] = await queryRows<{ taken: number; removed: number }>(
        tx,
        sql`with batch as materialized (
            select ctid from ${next.table} where ${next.owned(workspace.id)} limit ${batch}
          ), gone as (
            delete from ${next.table} where ctid = any(array(select ctid from batch))
              and ${next.owned(workspace.id)}
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
