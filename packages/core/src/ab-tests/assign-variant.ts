import { type AppDb, type sequenceSteps, stepVariantAssignments, stepVariants } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import { drawFor, pickVariant } from './pick-variant';
import { isLive, type VariantRow } from './variant-store';

type StepRow = typeof sequenceSteps.$inferSelect;

/** Which variant a new enrolment gets: the winner once there is one, A once the test is stopped, else a draw. */
function chooseVariant(step: StepRow, live: readonly VariantRow[], enrolmentId: string): VariantRow {
  const winner = live.find((v) => v.id === step.abWinnerVariantId);
  if (step.abStatus === 'winner' && winner) return winner;
  const variantA = live.find((v) => v.label === 'A');
  if (step.abStatus === 'stopped' && variantA) return variantA;
  return pickVariant(live, drawFor(enrolmentId, step.id));
}

/**
 * The variant of `step` for an enrolment that reaches it (engine rule 3, decision 020), or null for a step
 * without variants. The first reach stores the choice in step_variant_assignments, in the caller's
 * transaction (the one that stores the email); any later reach (a retry after a rollback, a restart, a
 * concurrent worker) reads the stored row, so an enrolment never switches variant.
 */
export async function assignVariant(
  tx: AppDb,
  step: StepRow,
  variants: readonly VariantRow[],
  enrolment: { id: string; userId: string },
  now: Date,
): Promise<VariantRow | null> {
  if (variants.length === 0) return null;
  const stored = () =>
    tx
      .select({ variant: stepVariants })
      .from(stepVariantAssignments)
      .innerJoin(stepVariants, eq(stepVariants.id, stepVariantAssignments.variantId))
      .where(
        and(
          eq(stepVariantAssignments.sequenceContactId, enrolment.id),
          eq(stepVariantAssignments.stepId, step.id),
        ),
      );
  const [existing] = await stored();
  if (existing) return existing.variant;
  const live = variants.filter(isLive);
  if (live.length === 0) return null;
  const chosen = chooseVariant(step, live, enrolment.id);
  await tx
    .insert(stepVariantAssignments)
    .values({
      sequenceContactId: enrolment.id,
      stepId: step.id,
      variantId: chosen.id,
      userId: enrolment.userId,
      assignedAt: now,
    })
    .onConflictDoNothing();
  const [assigned] = await stored();
  return assigned?.variant ?? chosen;
}

/**
 * assignVariant for many enrolments reaching steps with variants, in one statement: each is drawn its
 * variant as above and the choice stored; one that has a stored choice already keeps it. Answers each
 * enrolment's variant by its id (null where its step has no live variant).
 */
export async function assignVariants(
  tx: AppDb,
  reaches: { step: StepRow; variants: readonly VariantRow[]; enrolment: { id: string; userId: string } }[],
  now: Date,
): Promise<Map<string, VariantRow | null>> {
  const answer = new Map<string, VariantRow | null>();
  const byId = new Map<string, VariantRow>();
  const drawn = reaches.flatMap(({ step, variants, enrolment }) => {
    for (const variant of variants) byId.set(variant.id, variant);
    const live = variants.filter(isLive);
    answer.set(enrolment.id, null);
    return live.length === 0 ? [] : [{ step, enrolment, chosen: chooseVariant(step, live, enrolment.id) }];
  });
  if (drawn.length === 0) return answer;
  const rows = await queryRows<{ sequence_contact_id: string; variant_id: string }>(
    tx,
    sql`with input as (
        select * from unnest(${sql.param(drawn.map((d) => d.enrolment.id))}::uuid[],
          ${sql.param(drawn.map((d) => d.step.id))}::uuid[],
          ${sql.param(drawn.map((d) => d.chosen.id))}::uuid[],
          ${sql.param(drawn.map((d) => d.enrolment.userId))}::uuid[])
          as i(sequence_contact_id, step_id, variant_id, user_id)),
      inserted as (
        insert into ${stepVariantAssignments} (sequence_contact_id, step_id, variant_id, user_id, assigned_at)
        select sequence_contact_id, step_id, variant_id, user_id, ${now.toISOString()}::timestamptz from input
        on conflict do nothing
        returning sequence_contact_id, variant_id)
      select sequence_contact_id, variant_id from inserted
      union all
      select stored.sequence_contact_id, stored.variant_id from ${stepVariantAssignments} stored
        join input on input.sequence_contact_id = stored.sequence_contact_id and input.step_id = stored.step_id
          and input.user_id = stored.user_id`,
  );
  for (const { enrolment, chosen } of drawn) answer.set(enrolment.id, chosen);
  for (const row of rows) {
    const stored = byId.get(row.variant_id);
    if (stored) answer.set(row.sequence_contact_id, stored);
  }
  return answer;
}
