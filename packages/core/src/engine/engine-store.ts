import { type emailSends, type sequenceContacts, sequenceSteps, sequences } from '@prospector/db';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from './engine-deps';

export type SequenceRow = typeof sequences.$inferSelect;
export type StepRow = typeof sequenceSteps.$inferSelect;
export type EnrolmentRow = typeof sequenceContacts.$inferSelect;
export type SendRow = typeof emailSends.$inferSelect;

/** A sequence with its steps, as the engine walks them. */
export interface SequencePlan {
  sequence: SequenceRow;
  steps: Map<string, StepRow>;
  /** The step with the lowest order: where every enrolment enters. */
  first: StepRow | null;
}

export async function loadPlan(tx: Tx, sequenceId: string): Promise<SequencePlan | null> {
  const [sequence] = await tx.select().from(sequences).where(eq(sequences.id, sequenceId));
  if (!sequence) return null;
  const steps = await tx
    .select()
    .from(sequenceSteps)
    .where(eq(sequenceSteps.sequenceId, sequenceId))
    .orderBy(asc(sequenceSteps.order), asc(sequenceSteps.createdAt));
  return { sequence, steps: new Map(steps.map((step) => [step.id, step])), first: steps[0] ?? null };
}

/** Loads each sequence's plan once per batch. */
export function planCache(tx: Tx) {
  const plans = new Map<string, Promise<SequencePlan | null>>();
  return (sequenceId: string) => {
    let plan = plans.get(sequenceId);
    if (!plan) {
      plan = loadPlan(tx, sequenceId);
      plans.set(sequenceId, plan);
    }
    return plan;
  };
}
