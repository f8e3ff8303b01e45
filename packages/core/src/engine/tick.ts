import { sequenceContacts, sequences } from '@prospector/db';
import { and, asc, eq, lte, type SQL } from 'drizzle-orm';
import { getContactSettings } from '../settings/contact-settings';
import { createBatchCache } from './batch-cache';
import { type EngineDeps, TICK_BATCH } from './engine-deps';
import { planCache, type SequencePlan } from './engine-store';
import { type DueEnrolment, enrolmentsWithEmails, enterMany, NO_SENDER_TO_ENTER } from './enter-many';
import { judgeReaction } from './judge-reaction';
import { endEnrolment, failureReason, nextActionOf, type ReachContext, reachStep } from './reach-step';
import {
  createSenderPinner,
  type MailboxLoads,
  type PinnedSender,
  sequenceMailboxes,
} from './sender-pinning';

/**
 * Rules 2, 4 and 6: works every active enrolment of a running sequence whose next_run_at has come, in
 * batches. Each batch locks its enrolments (FOR UPDATE SKIP LOCKED), so concurrent workers take different
 * ones. New enrolments whose first step is a plain email are entered together (enterMany); every other one
 * is worked in a savepoint, and one that throws is marked failed. Returns how many enrolments were worked.
 */
export async function tickEnrolments(
  deps: EngineDeps,
  options: { sequenceId?: string; maxBatches?: number } = {},
): Promise<number> {
  let worked = 0;
  const loads: MailboxLoads = new Map();
  for (let batch = 0; batch < (options.maxBatches ?? 50); batch++) {
    const count = await tickBatch(deps, options.sequenceId, loads);
    worked += count;
    if (count < TICK_BATCH) break;
  }
  return worked;
}

/** Tick batches (of 100) a launch or an enrolment request enters itself; a worker round takes the rest. */
const ENTRY_BATCHES_IN_REQUEST = 10;

/** Enters (schedules the first step of) a running sequence's new enrolments at once, up to 1,000. */
export const enterDueEnrolments = (deps: EngineDeps, options: { sequenceId: string }) =>
  tickEnrolments(deps, { ...options, maxBatches: ENTRY_BATCHES_IN_REQUEST });

async function tickBatch(deps: EngineDeps, sequenceId: string | undefined, loads: MailboxLoads) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const filters: SQL[] = [
      eq(sequenceContacts.status, 'active'),
      lte(sequenceContacts.nextRunAt, now),
      eq(sequences.status, 'running'),
    ];
    if (sequenceId) filters.push(eq(sequenceContacts.sequenceId, sequenceId));
    const due = await tx
      .select({ enrolment: sequenceContacts })
      .from(sequenceContacts)
      .innerJoin(sequences, eq(sequences.id, sequenceContacts.sequenceId))
      .where(and(...filters))
      .orderBy(asc(sequenceContacts.nextRunAt))
      .limit(TICK_BATCH)
      .for('update', { of: sequenceContacts, skipLocked: true });
    const plans = planCache(tx);
    const cache = createBatchCache(tx);
    await cache.preloadContacts(due.map(({ enrolment }) => enrolment.contactId));
    const limits = new Map<string, Promise<number>>();
    const maxNotOpens = (workspaceId: string) => {
      if (!limits.has(workspaceId)) {
        limits.set(
          workspaceId,
          getContactSettings({ ...deps, db: tx }, workspaceId).then((s) => s.maxContinuousNotOpens),
        );
      }
      return limits.get(workspaceId) as Promise<number>;
    };
    const pinners = new Map<string, Promise<() => PinnedSender | null>>();
    const pinnerOf = (plan: SequencePlan) => {
      let pin = pinners.get(plan.sequence.id);
      if (!pin) {
        pin = sequenceMailboxes(tx, plan.sequence).then((boxes) =>
          createSenderPinner(tx, plan.sequence.workspaceId, boxes, loads),
        );
        pinners.set(plan.sequence.id, pin);
      }
      return pin;
    };
    const work: DueEnrolment[] = [];
    for (const { enrolment } of due) {
      const plan = await plans(enrolment.sequenceId);
      if (plan) work.push({ enrolment, plan, pin: await pinnerOf(plan) });
    }
    for (const { enrolment, plan, pin } of await enterMany({ deps, tx, cache }, work, now)) {
      try {
        await tx.transaction(async (savepoint) => {
          await advance(
            { deps, tx: savepoint, plan, enrolment, cache },
            now,
            pin,
            await maxNotOpens(enrolment.workspaceId),
          );
        });
      } catch (error) {
        await endEnrolment({ deps, tx, plan, enrolment, cache }, 'failed', now, failureReason(error));
      }
    }
    return due.length;
  });
}

/** What an enrolment whose time has come does next, by where its cursor is. */
async function advance(
  ctx: ReachContext,
  now: Date,
  pin: () => PinnedSender | null,
  maxNotOpens: number,
): Promise<void> {
  const { enrolment, plan } = ctx;
  if (enrolment.currentStepId === null) return enter(ctx, now, pin);
  const step = plan.steps.get(enrolment.currentStepId);
  if (!step) return endEnrolment(ctx, 'completed', now);
  const at = enrolment.nextRunAt ?? now;
  if (step.stepType === 'send_email') return judgeReaction(ctx, step, maxNotOpens);
  return reachStep(ctx, nextActionOf(plan, step), at, null);
}

/** Rule 2: the first step, reached now, from the mailbox the enrolment is pinned to. */
async function enter(ctx: ReachContext, now: Date, pin: () => PinnedSender | null) {
  const { tx, enrolment } = ctx;
  if ((await enrolmentsWithEmails(tx, [enrolment])).size > 0) return endEnrolment(ctx, 'completed', now);
  if (!enrolment.senderAccountId) {
    const sender = pin();
    if (!sender) return endEnrolment(ctx, 'failed', now, NO_SENDER_TO_ENTER);
    await tx
      .update(sequenceContacts)
      .set({ senderAccountId: sender.accountId, sendAsEmail: sender.sendAsEmail })
      .where(eq(sequenceContacts.id, enrolment.id));
    ctx.enrolment = { ...enrolment, senderAccountId: sender.accountId, sendAsEmail: sender.sendAsEmail };
  }
  return reachStep(ctx, firstStep(ctx.plan), now, null);
}

const firstStep = (plan: SequencePlan) => plan.first;
