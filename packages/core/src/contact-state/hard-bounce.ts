import { contacts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import { stopContactEnrolments } from '../engine/stop-enrolments';
import { suppressContactAddressInTx } from '../suppressions/suppression-store';

export const hardBounceReason = (status: string) => `Hard bounce (${status})`;

/**
 * The one way a contact becomes hard-bounced, whether the reply poller read the delivery report or the user
 * marked an unclassified message as a bounce: the flag, the address on the user's suppression list, and its active or paused enrolments end as
 * bounced with their scheduled sends cancelled, in the caller's transaction.
 */
export async function hardBounceInTx(
  tx: Tx,
  target: { workspaceId: string; contactId: string; at: Date; status: string },
): Promise<void> {
  await tx
    .update(contacts)
    .set({ hardBounced: true, updatedAt: target.at })
    .where(and(eq(contacts.id, target.contactId), eq(contacts.workspaceId, target.workspaceId)));
  await suppressContactAddressInTx(tx, {
    workspaceId: target.workspaceId,
    contactId: target.contactId,
    reason: 'hard-bounce',
    source: 'bounce',
    detail: target.status,
    at: target.at,
  });
  await stopContactEnrolments(tx, {
    workspaceId: target.workspaceId,
    contactId: target.contactId,
    status: 'bounced',
    reason: hardBounceReason(target.status),
    at: target.at,
  });
}
