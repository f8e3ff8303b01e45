import { contacts, emailSends, sequenceContacts, sequences } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { type EngineDeps, requestEngineRound } from '../engine/engine-deps';
import { rerenderUnfilledSend } from '../engine/rerender-send';
import { contactBlocked } from '../engine/send-conditions';
import { isUuid } from '../mailboxes/account-store';

export const EMAIL_NOT_FOUND = 'Email not found';

/** Why a failed email cannot be sent again, or null when it can (shared with the Email Sending list). */
export function retryRefusal(row: {
  state: string;
  stepId: string | null;
  enrolmentStatus: string;
  sequenceStatus: string;
  blocked: boolean;
}): string | null {
  if (row.state !== 'failed') return 'Only a failed email can be retried';
  if (row.stepId === null) return 'Its step was deleted from the sequence';
  if (row.blocked) return 'The contact can no longer be emailed (unsubscribed, bounced or blacklisted)';
  if (row.enrolmentStatus !== 'failed' && row.enrolmentStatus !== 'active') {
    return `The contact's enrolment has ended (${row.enrolmentStatus})`;
  }
  if (row.sequenceStatus === 'completed') return 'The sequence is completed';
  return null;
}

/**
 * POST /api/email-sends/{id}/retry: a failed email goes back to scheduled, due now, and its failed
 * enrolment becomes active again at that step. The next claim first looks the email's Message-ID up in
 * its mailbox (attempts stays above zero), so an earlier attempt that did reach Gmail is recorded, never
 * sent again; the attempts left are those a first failure leaves (decision 011, rule 12).
 */
export async function retryFailedSend(deps: EngineDeps, workspaceId: string, sendId: string) {
  if (!isUuid(sendId)) throw new AppError('NOT_FOUND', EMAIL_NOT_FOUND);
  const now = deps.clock.now();
  const scheduledFor = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        state: emailSends.state,
        lastError: emailSends.lastError,
        stepId: emailSends.stepId,
        enrolmentId: sequenceContacts.id,
        enrolmentStatus: sequenceContacts.status,
        sequenceStatus: sequences.status,
        blocked: sql<boolean>`${contactBlocked()}`,
      })
      .from(emailSends)
      .innerJoin(sequenceContacts, eq(sequenceContacts.id, emailSends.sequenceContactId))
      .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId))
      .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
      .where(and(eq(emailSends.workspaceId, workspaceId), eq(emailSends.id, sendId)))
      .for('update', { of: [emailSends, sequenceContacts] });
    if (!row) throw new AppError('NOT_FOUND', EMAIL_NOT_FOUND);
    const refusal = retryRefusal(row);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await rerenderUnfilledSend(deps, tx, workspaceId, sendId, row.lastError);
    await tx
      .update(emailSends)
      .set({
        state: 'scheduled',
        scheduledFor: now,
        attempts: 1,
        claimedAt: null,
        lastError: null,
        waitingReason: null,
        updatedAt: now,
      })
      .where(eq(emailSends.id, sendId));
    if (row.enrolmentStatus === 'failed') {
      await tx
        .update(sequenceContacts)
        .set({
          status: 'active',
          currentStepId: row.stepId,
          nextRunAt: null,
          completedAt: null,
          lastError: null,
          updatedAt: now,
        })
        .where(eq(sequenceContacts.id, row.enrolmentId));
    }
    return now;
  });
  await requestEngineRound(deps);
  return { success: true, scheduledFor: scheduledFor.toISOString() };
}
