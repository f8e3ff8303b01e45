import { contacts } from '@prospector/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { Tx } from '../engine/engine-deps';
import { stopContactEnrolments, stopEnrolmentsOfContacts } from '../engine/stop-enrolments';

export const SUPPRESSED_REASON = 'Suppressed';

/**
 * The one way a contact is suppressed (never emailed) or let go again, in the caller's transaction:
 * suppressing ends its active or paused enrolments as stopped and cancels their scheduled sends.
 */
export async function setSuppressedInTx(
  tx: Tx,
  target: { workspaceId: string; contactId: string; at: Date },
  suppressed: boolean,
): Promise<void> {
  await tx
    .update(contacts)
    .set({ suppressed, updatedAt: target.at })
    .where(and(eq(contacts.id, target.contactId), eq(contacts.workspaceId, target.workspaceId)));
  if (!suppressed) return;
  await stopContactEnrolments(tx, {
    workspaceId: target.workspaceId,
    contactId: target.contactId,
    status: 'stopped',
    reason: SUPPRESSED_REASON,
    at: target.at,
  });
}

/**
 * setSuppressedInTx for every contact `c` of the user that `which` holds (an address or a whole domain the
 * user put on the suppression list, or lifted), in one statement: suppressing ends their open enrolments
 * the same way. Contacts already in the asked state are left alone.
 */
export async function setSuppressedWhereInTx(
  tx: Tx,
  target: { workspaceId: string; at: Date },
  which: SQL,
  suppressed: boolean,
): Promise<void> {
  const changed = await queryRows<{ id: string }>(
    tx,
    sql`update contacts c set suppressed = ${suppressed}, updated_at = ${target.at.toISOString()}::timestamptz
      where c.workspace_id = ${target.workspaceId}::uuid and c.suppressed <> ${suppressed} and ${which}
      returning c.id`,
  );
  if (!suppressed) return;
  await stopEnrolmentsOfContacts(tx, {
    workspaceId: target.workspaceId,
    contactIds: changed.map((contact) => contact.id),
    status: 'stopped',
    reason: SUPPRESSED_REASON,
    at: target.at,
  });
}
