import { emailSends, sequenceContacts } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from './engine-deps';

export interface StopContactEnrolmentsInput {
  workspaceId: string;
  contactId: string;
  /** The final status the contact's open enrolments take. */
  status: 'unsubscribed' | 'bounced' | 'stopped';
  /** Why, shown on the enrolment (last_error). */
  reason: string;
  at: Date;
}

/**
 * Ends every active or paused enrolment of a contact with `status` and cancels their scheduled sends, in the
 * caller's transaction: after an unsubscribe, a hard bounce or blacklisting no further email goes out.
 * Idempotent; returns how many enrolments it stopped.
 */
export async function stopContactEnrolments(tx: Tx, input: StopContactEnrolmentsInput): Promise<number> {
  const { contactId, ...rest } = input;
  return stopEnrolmentsOfContacts(tx, { ...rest, contactIds: [contactId] });
}

/**
 * stopContactEnrolments for many contacts at once (an address or a whole domain suppressed by the user), or,
 * with `sequenceId`, only their enrolments in that sequence (one enrolment stopped by hand).
 */
export async function stopEnrolmentsOfContacts(
  tx: Tx,
  input: Omit<StopContactEnrolmentsInput, 'contactId'> & { contactIds: string[]; sequenceId?: string },
): Promise<number> {
  if (input.contactIds.length === 0) return 0;
  const stopped = await tx
    .update(sequenceContacts)
    .set({
      status: input.status,
      completedAt: input.at,
      lastError: input.reason,
      nextRunAt: null,
      updatedAt: input.at,
    })
    .where(
      and(
        eq(sequenceContacts.workspaceId, input.workspaceId),
        inArray(sequenceContacts.contactId, input.contactIds),
        input.sequenceId ? eq(sequenceContacts.sequenceId, input.sequenceId) : undefined,
        inArray(sequenceContacts.status, ['active', 'paused']),
      ),
    )
    .returning({ id: sequenceContacts.id });
  await tx
    .update(emailSends)
    .set({ state: 'cancelled', waitingReason: null, lastError: input.reason, updatedAt: input.at })
    .where(
      and(
        eq(emailSends.workspaceId, input.workspaceId),
        inArray(emailSends.contactId, input.contactIds),
        input.sequenceId ? eq(emailSends.sequenceId, input.sequenceId) : undefined,
        eq(emailSends.state, 'scheduled'),
      ),
    );
  return stopped.length;
}
