import { personaContacts, removedPersonas } from '@prospector/db';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';

export const LIST_REMOVAL_JOB = 'list-removal';

/**
 * Memberships removed in one transaction. Each batch is found by a walk of the list's key from where the
 * last one ended, and deleted by key, so a batch costs the same at the list's end as at its start.
 */
export const REMOVAL_BATCH = 5_000;

const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Removes the memberships of deleted lists (decision 045), a batch a transaction, in the order of their
 * contacts' ids. A list whose last batch is done leaves `removed_personas`. Each list is taken with SKIP
 * LOCKED, so workers running at once share the lists out. Returns how many memberships were removed.
 */
export async function removeDeletedLists(
  deps: Pick<CoreDeps, 'db'>,
  options: { batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? REMOVAL_BATCH;
  const after = new Map<string, string>();
  let removed = 0;
  for (;;) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [list] = await tx
        .select()
        .from(removedPersonas)
        .orderBy(asc(removedPersonas.removedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!list) return null;
      const from = after.get(list.personaId) ?? FIRST_ID;
      const pc = personaContacts;
      const [row] = await queryRows<{ taken: number; last: string | null; removed: number }>(
        tx,
        sql`with batch as materialized (
            select ${pc.contactId} as contact_id from ${pc}
            where ${pc.personaId} = ${list.personaId} and ${pc.workspaceId} = ${list.workspaceId}
              and ${pc.contactId} > ${from}::uuid
            order by ${pc.contactId} limit ${batch}
          ), gone as (
            delete from ${pc}
            where ${pc.personaId} = ${list.personaId} and ${pc.workspaceId} = ${list.workspaceId}
              and ${pc.contactId} = any(array(select contact_id from batch))
            returning 1
          )
          select (select count(*) from batch)::int as taken, (select max(contact_id::text) from batch) as last,
            (select count(*) from gone)::int as removed`,
      );
      // A batch short of full is the list's last: nothing can join a list that is gone.
      if (Number(row?.taken ?? 0) < batch) {
        await tx.delete(removedPersonas).where(eq(removedPersonas.personaId, list.personaId));
      } else if (row?.last) {
        after.set(list.personaId, row.last);
      }
      return Number(row?.removed ?? 0);
    });
    if (outcome === null) return removed;
    removed += outcome;
  }
}
