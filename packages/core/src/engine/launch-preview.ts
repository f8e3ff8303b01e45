import { type LaunchPreview, totalSkipped } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { requireSequence } from '../mailbox-recovery/stranded-mailboxes';
import { sendTimeFor } from '../schedule/send-time';
import { localTimeCoverage } from '../timezones/local-time-coverage';
import { dryRunEnrolment } from './dry-run-enrolment';
import type { EngineDeps } from './engine-deps';
import { loadPlan, type SequencePlan } from './engine-store';
import { nextActionOf, waitEnd } from './reach-step';
import { sequenceMailboxes } from './sender-pinning';

/**
 * GET /api/sequences/{id}/launch-preview: how many contacts a launch would enrol now and when the first
 * email would be due, for the launch confirmation. The enrolment runs as a launch would, in a transaction
 * that is rolled back, so the count applies exactly the same skips (already enrolled, unsubscribed,
 * bounced, blacklisted, invalid addresses, the contact limit).
 */
export async function previewLaunch(
  deps: EngineDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<LaunchPreview> {
  const sequence = await requireSequence(deps.db, workspaceId, sequenceId);
  const now = deps.clock.now();
  const plan = await loadPlan(deps.db, sequence.id);
  const stepTime = plan ? firstSendTime(plan, now) : null;
  let localTime: LaunchPreview['localTime'] = null;
  const result = await dryRunEnrolment(
    deps,
    {
      workspaceId,
      sequenceId: sequence.id,
      contactLimit: sequence.contactLimit,
      includeContactsInOtherSequences: sequence.includeContactsInOtherSequences,
    },
    async (tx) => {
      if (sequence.useRecipientTimezone)
        localTime = await localTimeCoverage(tx, workspaceId, sequence.id, stepTime);
    },
  );
  const counted = { newContacts: result.enrolled, skipped: totalSkipped(result.skipped) };
  const mailbox = (await sequenceMailboxes(deps.db, sequence)).find((box) => box.connected);
  const [account] = mailbox
    ? await deps.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, mailbox.accountId))
    : [];
  let firstSendAt = stepTime;
  if (firstSendAt && account?.nextSendAt && account.nextSendAt > firstSendAt)
    firstSendAt = account.nextSendAt;
  return {
    ...counted,
    firstSendAt: firstSendAt?.toISOString() ?? null,
    timezone: sequence.timezone,
    localTime,
    mailbox: account
      ? { email: account.email, minGapSeconds: account.minGapSeconds, maxGapSeconds: account.maxGapSeconds }
      : null,
  };
}

/** When an enrolment entering now would have its first email due: through wait and add-to-list steps. */
export function firstSendTime(plan: SequencePlan, now: Date): Date | null {
  let step = plan.first;
  let at = now;
  for (let hop = 0; step && hop < 100; hop++) {
    if (step.stepType === 'send_email') {
      return sendTimeFor({
        reachedAt: at,
        dayOffset: step.delayDays,
        hour: step.sendHour,
        minute: step.sendMinute,
        timezone: plan.sequence.timezone,
        skipWeekends: plan.sequence.skipWeekends || step.skipWeekends,
      });
    }
    if (step.stepType === 'wait') at = waitEnd(step, at, plan.sequence.timezone);
    step = nextActionOf(plan, step);
  }
  return null;
}
