import type { EnrolmentCounts, SequenceAnalytics, StepAnalytics } from '@prospector/contracts';
import { emailSends, sequenceContacts, sequenceSteps, sequences } from '@prospector/db';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { isUuid } from '../mailboxes/account-store';
import { SEQUENCE_NOT_FOUND } from '../sequences/enroll-contacts';
import { contactEngagement, engagementBy, NO_ENGAGEMENT } from './contact-engagement';
import { toFunnel } from './send-funnel';
import { variantDays, variantFunnels } from './variant-analytics';

const EMPTY_ENROLMENTS: EnrolmentCounts = {
  enrolled: 0,
  active: 0,
  paused: 0,
  completed: 0,
  replied: 0,
  unsubscribed: 0,
  bounced: 0,
  stopped: 0,
  failed: 0,
};

const scheduledColumn = sql<number>`count(*) filter (where ${emailSends.state} in ('scheduled', 'sending'))::int`;

const sequenceSends = (workspaceId: string, sequenceId: string) =>
  sql`${emailSends.workspaceId} = ${workspaceId} and ${emailSends.sequenceId} = ${sequenceId}`;

async function enrolmentCounts(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<EnrolmentCounts> {
  const rows = await deps.db
    .select({ status: sequenceContacts.status, n: count() })
    .from(sequenceContacts)
    .where(and(eq(sequenceContacts.workspaceId, workspaceId), eq(sequenceContacts.sequenceId, sequenceId)))
    .groupBy(sequenceContacts.status);
  const counts = { ...EMPTY_ENROLMENTS };
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.enrolled += Number(row.n);
  }
  return counts;
}

async function stepFunnels(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<StepAnalytics[]> {
  const [steps, engagement, waiting] = await Promise.all([
    deps.db
      .select({ id: sequenceSteps.id, name: sequenceSteps.name, order: sequenceSteps.order })
      .from(sequenceSteps)
      .where(
        and(
          eq(sequenceSteps.workspaceId, workspaceId),
          eq(sequenceSteps.sequenceId, sequenceId),
          eq(sequenceSteps.stepType, 'send_email'),
        ),
      )
      .orderBy(asc(sequenceSteps.order), asc(sequenceSteps.id)),
    engagementBy(deps, sequenceSends(workspaceId, sequenceId), sql`${emailSends.stepId}::text`),
    deps.db
      .select({ stepId: emailSends.stepId, scheduled: scheduledColumn })
      .from(emailSends)
      .where(and(eq(emailSends.workspaceId, workspaceId), eq(emailSends.sequenceId, sequenceId)))
      .groupBy(emailSends.stepId),
  ]);
  const scheduled = new Map(waiting.map((row) => [row.stepId, Number(row.scheduled)]));
  const result: StepAnalytics[] = steps.map((step) => ({
    stepId: step.id,
    name: step.name,
    order: step.order,
    scheduled: scheduled.get(step.id) ?? 0,
    ...toFunnel(engagement.get(step.id) ?? NO_ENGAGEMENT),
  }));
  const orphans = engagement.get(null) ?? NO_ENGAGEMENT;
  const orphansScheduled = scheduled.get(null) ?? 0;
  if (orphans.sent > 0 || orphansScheduled > 0) {
    result.push({
      stepId: null,
      name: 'Deleted steps',
      order: null,
      scheduled: orphansScheduled,
      ...toFunnel(orphans),
    });
  }
  return result;
}

async function dayFunnels(deps: CoreDeps, workspaceId: string, sequenceId: string, timezone: string) {
  const day = sql`to_char(${emailSends.sentAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const rows = await contactEngagement(
    deps,
    sql`${sequenceSends(workspaceId, sequenceId)} and ${emailSends.sentAt} is not null`,
    day,
  );
  return rows.map(({ group, ...counts }) => ({ date: String(group), ...toFunnel(counts) }));
}

/** The sequence's top figures: the counting rule over all its sent emails, so each contact counts once. */
async function sequenceTotals(deps: CoreDeps, workspaceId: string, sequenceId: string) {
  const [[engagement], [waiting]] = await Promise.all([
    contactEngagement(deps, sequenceSends(workspaceId, sequenceId)),
    deps.db
      .select({ scheduled: scheduledColumn })
      .from(emailSends)
      .where(and(eq(emailSends.workspaceId, workspaceId), eq(emailSends.sequenceId, sequenceId))),
  ]);
  return { ...toFunnel(engagement ?? NO_ENGAGEMENT), scheduled: Number(waiting?.scheduled ?? 0) };
}

/**
 * GET /api/sequences/{id}/analytics: the sequence's enrolments by status, and the contacts its emails went
 * to with what they did, counted by the one rule of `contact-engagement.ts`, in total, per send_email step,
 * per A/B variant and per day. A day holds the emails sent that day in the sequence's time zone, with what
 * their recipients did since, so its rates compare like with like.
 */
export async function getSequenceAnalytics(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<SequenceAnalytics> {
  if (!isUuid(sequenceId)) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  const [sequence] = await deps.db
    .select({ id: sequences.id, timezone: sequences.timezone })
    .from(sequences)
    .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, sequenceId)))
    .limit(1);
  if (!sequence) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  const [enrolments, steps, days, totals, variants, variantDayRows] = await Promise.all([
    enrolmentCounts(deps, workspaceId, sequence.id),
    stepFunnels(deps, workspaceId, sequence.id),
    dayFunnels(deps, workspaceId, sequence.id, sequence.timezone),
    sequenceTotals(deps, workspaceId, sequence.id),
    variantFunnels(deps, workspaceId, sequence.id),
    variantDays(deps, workspaceId, sequence.id, sequence.timezone),
  ]);
  return {
    sequenceId: sequence.id,
    timezone: sequence.timezone,
    enrolments,
    totals,
    steps,
    days,
    variants,
    variantDays: variantDayRows,
  };
}
