import { contacts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import { stopContactEnrolments } from '../engine/stop-enrolments';

export const SUPPRESSED_REASON = 'Suppressed';

/**
 * The one way a contact is suppressed (never emailed) or let go again, in the caller's transaction:
 * suppressing ends its active or paused enrolments as stopped and cancels their scheduled sends.
 */
export async function setSuppressedInTx(
  tx: Tx,
  target: { userId: string; contactId: string; at: Date },
  suppressed: boolean,
): Promise<void> {
  await tx
    .update(contacts)
    .set({ suppressed, updatedAt: target.at })
    .where(and(eq(contacts.id, target.contactId), eq(contacts.userId, target.userId)));
  if (!suppressed) return;
  await stopContactEnrolments(tx, {
    userId: target.userId,
    contactId: target.contactId,
    status: 'stopped',
    reason: SUPPRESSED_REASON,
    at: target.at,
  });
}
