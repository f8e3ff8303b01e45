import { type LaunchReview, unreachableSteps } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error';
import { requireSequence } from '../mailbox-recovery/stranded-mailboxes';
import { SEQUENCE_NOT_FOUND } from '../sequences/enroll-contacts';
import { dryRunEnrolment } from './dry-run-enrolment';
import type { EngineDeps } from './engine-deps';
import { loadPlan } from './engine-store';
import { estimateFirstEmails } from './first-email-estimate';
import { runLaunchChecks } from './launch-checks';
import { firstSendTime } from './launch-preview';

/**
 * GET /api/sequences/{id}/launch-review (decision 026): what launching now would do, for the dialog that
 * confirms it: how many contacts it enrols and why the others are left out (naming the other sequences
 * that hold them), the steps never reached, how long the first emails take at the mailboxes' limits, and
 * the findings of every launch check. The enrolment runs as the launch's would, rolled back.
 */
export async function reviewLaunch(
  deps: EngineDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<LaunchReview> {
  const sequence = await requireSequence(deps.db, workspaceId, sequenceId);
  const plan = await loadPlan(deps.db, sequence.id);
  if (!plan) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  const now = deps.clock.now();
  const dryRun = (includeContactsInOtherSequences: boolean) =>
    dryRunEnrolment(deps, {
      workspaceId,
      sequenceId,
      contactLimit: sequence.contactLimit,
      includeContactsInOtherSequences,
    });
  const result = await dryRun(false);
  const including = result.skipped.inOtherSequence > 0 ? (await dryRun(true)).enrolled : result.enrolled;
  const names = await sequenceNames(
    deps,
    workspaceId,
    result.otherSequences.map((other) => other.id),
  );
  const first = firstSendTime(plan, now);
  return {
    enrol: result.enrolled,
    skipped: result.skipped,
    otherSequences: result.otherSequences.map((other) => ({ ...other, name: names.get(other.id) ?? '' })),
    enrolIncludingOtherSequences: including,
    unreachableSteps: unreachableSteps([...plan.steps.values()], plan.sequence).map(({ id, name }) => ({
      id,
      name,
    })),
    estimate: await estimateFirstEmails(deps.db, sequence, first ? result.enrolled : 0, first, now),
    problems: await runLaunchChecks(deps, { workspaceId, plan, enrol: result.enrolled }),
  };
}

async function sequenceNames(
  deps: EngineDeps,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: sequences.id, name: sequences.name })
    .from(sequences)
    .where(and(eq(sequences.workspaceId, workspaceId), inArray(sequences.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
