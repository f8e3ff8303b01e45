import { CLICKED_BRANCH, REACTION_BRANCHES, type Reaction } from '@prospector/contracts';
import { contacts, emailSends, sequenceContacts } from '@prospector/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { blacklistInTx } from '../contact-state/blacklist';
import { reactionDeadline } from '../schedule/send-time';
import type { SendRow, StepRow } from './engine-store';
import { endEnrolment, type ReachContext, reachStep } from './reach-step';
import { takeReplyOutcome } from './reply-outcome';

/** Gives the blacklisting reason shown on stopped enrolments. */
export const notOpenedBlacklistReason = (count: number) => `Blacklisted: ${count} emails in a row not opened`;

/**
 * Rule 4: the reaction window of the step's email has closed (or is about to be looked at). Replied was
 * taken when the reply arrived; a counted click at or before the deadline takes the clicked branch of a
 * step that has one, a counted open (or click) opened-no-reply; otherwise not-opened, which lengthens the
 * contact's not-opened streak and blacklists it at `maxNotOpens` when the sequence tracks opens.
 */
export async function judgeReaction(ctx: ReachContext, step: StepRow, maxNotOpens: number): Promise<void> {
  const { tx, enrolment } = ctx;
  const now = ctx.deps.clock.now();
  const [send] = await tx
    .select()
    .from(emailSends)
    .where(and(eq(emailSends.sequenceContactId, enrolment.id), eq(emailSends.stepId, step.id)));
  if (!send) return reachStep(ctx, step, enrolment.nextRunAt ?? now, null);
  if (send.state === 'scheduled' || send.state === 'sending') return waitForSend(ctx);
  if (send.state === 'failed') return endEnrolment(ctx, 'failed', now, send.lastError ?? 'The email failed');
  if (send.state === 'cancelled') return endEnrolment(ctx, 'stopped', now, 'The email was cancelled');
  if (send.reaction !== null) return waitForSend(ctx);
  const sentAt = send.sentAt ?? send.scheduledFor;
  const deadline = reactionDeadline(sentAt, step.reactionWindowHours, step.reactionWindowMinutes);
  if (deadline > now) {
    await tx
      .update(sequenceContacts)
      .set({ nextRunAt: deadline })
      .where(eq(sequenceContacts.id, enrolment.id));
    return;
  }
  if (send.repliedAt) return takeReplyOutcome(ctx, step, send.id, send.repliedAt);
  const reaction = reactionOf(send, step, ctx.plan.sequence.trackOpens, deadline);
  const judged = await tx
    .update(emailSends)
    .set({ reaction, judgedAt: deadline, updatedAt: now })
    .where(and(eq(emailSends.id, send.id), isNull(emailSends.reaction)))
    .returning({ id: emailSends.id });
  if (judged.length === 0) return;
  // Without the pixel nobody is known not to have opened: no streak, no blacklisting.
  const unopened = reaction === 'not_opened' && ctx.plan.sequence.trackOpens;
  if (unopened && (await lengthenStreak(ctx, maxNotOpens, deadline))) return;
  const branch = REACTION_BRANCHES.find((each) => each.reaction === reaction) ?? CLICKED_BRANCH;
  const target = step[branch.stepField];
  await reachStep(
    ctx,
    target ? (ctx.plan.steps.get(target) ?? null) : null,
    deadline,
    step[branch.waitField] ?? 0,
  );
}

/**
 * The outcome of a window without a reply. A counted click takes the step's clicked branch when it has
 * one; otherwise a click proves an open. A sequence that tracks no opens knows no opens: everything else
 * takes the not-opened branch, which the app then calls "No reply".
 */
function reactionOf(send: SendRow, step: StepRow, trackOpens: boolean, deadline: Date): Reaction {
  const clicked = send.clickedAt !== null && send.clickedAt <= deadline;
  if (clicked && step.branchOnClick) return 'clicked';
  if (!trackOpens) return 'not_opened';
  const opened = clicked || (send.openedAt !== null && send.openedAt <= deadline);
  return opened ? 'opened_no_reply' : 'not_opened';
}

async function waitForSend(ctx: ReachContext) {
  await ctx.tx
    .update(sequenceContacts)
    .set({ nextRunAt: null })
    .where(eq(sequenceContacts.id, ctx.enrolment.id));
}

/** One more email not opened; at the limit the contact is blacklisted and all its enrolments stop. */
async function lengthenStreak(ctx: ReachContext, maxNotOpens: number, at: Date): Promise<boolean> {
  const { tx, enrolment } = ctx;
  const [row] = await tx
    .update(contacts)
    .set({ notOpenedStreak: sql`${contacts.notOpenedStreak} + 1` })
    .where(eq(contacts.id, enrolment.contactId))
    .returning({ streak: contacts.notOpenedStreak });
  if (!row || row.streak < maxNotOpens) return false;
  await blacklistInTx(tx, {
    workspaceId: enrolment.workspaceId,
    contactId: enrolment.contactId,
    reason: notOpenedBlacklistReason(row.streak),
    at,
  });
  return true;
}
