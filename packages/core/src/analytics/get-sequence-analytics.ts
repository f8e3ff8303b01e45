import type { EnrolmentCounts, SequenceAnalytics, StepAnalytics } from '@prospector/contracts';
import { emailSends, sequenceContacts, sequenceSteps, sequences } from '@prospector/db';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { isUuid } from '../gmail/account-store';
import { SEQUENCE_NOT_FOUND } from '../sequences/enroll-contacts';
import { EMPTY_COUNTS, funnelColumns, toFunnel } from './send-funnel';
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

async function enrolmentCounts(deps: CoreDeps, userId: string, sequenceId: string): Promise<EnrolmentCounts> {
  const rows = await deps.db
    .select({ status: sequenceContacts.status, n: count() })
    .from(sequenceContacts)
    .where(and(eq(sequenceContacts.userId, userId), eq(sequenceContacts.sequenceId, sequenceId)))
    .groupBy(sequenceContacts.status);
  const counts = { ...EMPTY_ENROLMENTS };
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.enrolled += Number(row.n);
  }
  return counts;
}

async function stepFunnels(deps: CoreDeps, userId: string, sequenceId: string): Promise<StepAnalytics[]> {
  const scope = and(eq(emailSends.userId, userId), eq(emailSends.sequenceId, sequenceId));
  const [steps, counts] = await Promise.all([
    deps.db
      .select({ id: sequenceSteps.id, name: sequenceSteps.name, order: sequenceSteps.order })
      .from(sequenceSteps)
      .where(
        and(
          eq(sequenceSteps.userId, userId),
          eq(sequenceSteps.sequenceId, sequenceId),
          eq(sequenceSteps.stepType, 'send_email'),
        ),
      )
      .orderBy(asc(sequenceSteps.order), asc(sequenceSteps.id)),
    deps.db
      .select({ stepId: emailSends.stepId, ...funnelColumns, scheduled: scheduledColumn })
      .from(emailSends)
      .where(scope)
      .groupBy(emailSends.stepId),
  ]);
  const byStep = new Map(counts.map((row) => [row.stepId, row]));
  const result: StepAnalytics[] = steps.map((step) => {
    const row = byStep.get(step.id);
    return {
      stepId: step.id,
      name: step.name,
      order: step.order,
      scheduled: Number(row?.scheduled ?? 0),
      ...toFunnel(row ?? EMPTY_COUNTS),
    };
  });
  const orphans = byStep.get(null);
  if (orphans && (Number(orphans.sent) > 0 || Number(orphans.scheduled) > 0)) {
    result.push({
      stepId: null,
      name: 'Deleted steps',
      order: null,
      scheduled: Number(orphans.scheduled),
      ...toFunnel(orphans),
    });
  }
  return result;
}

async function dayFunnels(deps: CoreDeps, userId: string, sequenceId: string, timezone: string) {
  const day = sql<string>`to_char(${emailSends.sentAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const rows = await deps.db
    .select({ date: day, ...funnelColumns })
    .from(emailSends)
    .where(
      and(
        eq(emailSends.userId, userId),
        eq(emailSends.sequenceId, sequenceId),
        eq(emailSends.state, 'sent'),
        sql`${emailSends.sentAt} is not null`,
      ),
    )
    // By position: the zone is a bound parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({ date: row.date, ...toFunnel(row) }));
}

/**
 * GET /api/sequences/{id}/analytics: the sequence's enrolments by status, and its sent emails with their
 * opens, replies and bounces, in total, per send_email step, per A/B variant and per day. A day holds the emails sent that
 * day in the sequence's time zone, with what their recipients did since, so its rates compare like with like.
 */
export async function getSequenceAnalytics(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
): Promise<SequenceAnalytics> {
  if (!isUuid(sequenceId)) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  const [sequence] = await deps.db
    .select({ id: sequences.id, timezone: sequences.timezone })
    .from(sequences)
    .where(and(eq(sequences.userId, userId), eq(sequences.id, sequenceId)))
    .limit(1);
  if (!sequence) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  const [enrolments, steps, days, [totals], variants, variantDayRows] = await Promise.all([
    enrolmentCounts(deps, userId, sequence.id),
    stepFunnels(deps, userId, sequence.id),
    dayFunnels(deps, userId, sequence.id, sequence.timezone),
    deps.db
      .select({ ...funnelColumns, scheduled: scheduledColumn })
      .from(emailSends)
      .where(and(eq(emailSends.userId, userId), eq(emailSends.sequenceId, sequence.id))),
    variantFunnels(deps, userId, sequence.id),
    variantDays(deps, userId, sequence.id, sequence.timezone),
  ]);
  return {
    sequenceId: sequence.id,
    timezone: sequence.timezone,
    enrolments,
    totals: { ...toFunnel(totals ?? EMPTY_COUNTS), scheduled: Number(totals?.scheduled ?? 0) },
    steps,
    days,
    variants,
    variantDays: variantDayRows,
  };
}
