import { type AppDb, type sequenceSteps, stepVariantAssignments, stepVariants } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
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
