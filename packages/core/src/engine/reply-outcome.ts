import { emailSends, sequenceContacts } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import type { StepRow } from './engine-store';
import { type ReachContext, reachStep } from './reach-step';

/**
 * Rule 5, inside the caller's transaction with the enrolment locked: the enrolment's scheduled sends are
 * cancelled, the answered email is judged replied, and the step's replied outcome is reached at the reply
 * instant (no target: the enrolment ends as replied).
 */
export async function takeReplyOutcome(
  ctx: ReachContext,
  step: StepRow | null,
  sendId: string,
  at: Date,
): Promise<void> {
  const { tx, enrolment } = ctx;
  const now = ctx.deps.clock.now();
  await tx
    .update(emailSends)
    .set({ state: 'cancelled', waitingReason: null, updatedAt: now })
    .where(and(eq(emailSends.sequenceContactId, enrolment.id), eq(emailSends.state, 'scheduled')));
  await tx
    .update(emailSends)
    .set({
      reaction: 'replied',
      judgedAt: at,
      repliedAt: sql`coalesce(${emailSends.repliedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(emailSends.id, sendId));
  await tx
    .update(sequenceContacts)
    .set({ lastEvent: 'reply', lastEventAt: at })
    .where(eq(sequenceContacts.id, enrolment.id));
  const targetId = step?.repliedStepId;
  const target = targetId ? (ctx.plan.steps.get(targetId) ?? null) : null;
  await reachStep(ctx, target, at, step?.repliedWaitDays ?? 0, 'replied');
}
