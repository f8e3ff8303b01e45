import { emailSends, sequenceContacts } from '@prospector/db';
import { and, eq, isNull } from 'drizzle-orm';
import { createBatchCache } from './batch-cache';
import type { EngineDeps } from './engine-deps';
import { loadPlan } from './engine-store';
import { takeReplyOutcome } from './reply-outcome';
import { stopOthersAfterReply } from './stop-after-reply';

export interface ApplyReplyInput {
  workspaceId: string;
  /** The email that was answered. */
  emailSendId: string;
  /** When the reply arrived. */
  at: Date;
}

/**
 * Engine rule 5, called when a (non-automatic) reply to one of the user's sequence emails is detected:
 * cancels the enrolment's scheduled sends and takes the replied outcome of the answered step at the reply
 * instant. Idempotent: a second call for the same email, or a reply to an enrolment that already ended,
 * changes nothing but the email's replied_at when it was not yet set. Returns whether the outcome was taken.
 */
export async function applyReply(deps: EngineDeps, input: ApplyReplyInput): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const answered = and(eq(emailSends.id, input.emailSendId), eq(emailSends.workspaceId, input.workspaceId));
    const [found] = await tx
      .select({ enrolmentId: emailSends.sequenceContactId })
      .from(emailSends)
      .where(answered);
    if (!found) return false;
    const [enrolment] = await tx
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.id, found.enrolmentId))
      .for('update');
    // Read again under the enrolment's lock, which the tick holds while it judges this email.
    const [send] = await tx.select().from(emailSends).where(answered);
    if (!send) return false;
    const open = enrolment && (enrolment.status === 'active' || enrolment.status === 'paused');
    if (!enrolment || !open || send.reaction === 'replied') {
      await tx
        .update(emailSends)
        .set({ repliedAt: input.at })
        .where(and(eq(emailSends.id, send.id), isNull(emailSends.repliedAt)));
      return false;
    }
    const plan = await loadPlan(tx, send.sequenceId);
    if (!plan) return false;
    const step = send.stepId ? (plan.steps.get(send.stepId) ?? null) : null;
    const ctx = { deps, tx, plan, enrolment, cache: createBatchCache(tx) };
    await takeReplyOutcome(ctx, step, send.id, input.at);
    await stopOthersAfterReply(ctx, input.at);
    return true;
  });
}
