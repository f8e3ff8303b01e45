import { BLACKLIST_TAG } from '@prospector/contracts';
import { contacts } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import { stopContactEnrolments } from '../engine/stop-enrolments';

export const BLACKLISTED_BY_USER_REASON = 'Blacklisted by you';
export const INVALID_ADDRESS_REASON = 'Blacklisted: invalid or disposable address';

/**
 * The one way a contact is blacklisted, whether the engine counts too many unopened emails or the user
 * tags it: the `blacklist` tag (once), and its active or paused enrolments end as stopped with their
 * scheduled sends cancelled, in the caller's transaction.
 */
export async function blacklistInTx(
  tx: Tx,
  target: { workspaceId: string; contactId: string; at: Date; reason: string },
): Promise<void> {
  await tx
    .update(contacts)
    .set({ tags: sql`array_append(${contacts.tags}, ${BLACKLIST_TAG})`, updatedAt: target.at })
    .where(
      and(
        eq(contacts.id, target.contactId),
        eq(contacts.workspaceId, target.workspaceId),
        sql`not (${BLACKLIST_TAG} = any(${contacts.tags}))`,
      ),
    );
  await stopContactEnrolments(tx, {
    workspaceId: target.workspaceId,
    contactId: target.contactId,
    status: 'stopped',
    reason: target.reason,
    at: target.at,
  });
}
