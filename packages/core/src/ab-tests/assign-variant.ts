import { type AppDb, type sequenceSteps, stepVariantAssignments } from '@prospector/db';
import { sql } from 'drizzle-orm';
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
  enrolment: { id: string; workspaceId: string },
  now: Date,
): Promise<VariantRow | null> {
  return (await assignVariants(tx, [{ step, variants, enrolment }], now)).get(enrolment.id) ?? null;
}

/**
 * assignVariant for many enrolments at once, in one statement: each enrolment reaching a step with live
 * variants is drawn one and the choice stored; one with a stored choice keeps it. Answers each
 * enrolment's variant by its id.
 */
export async function assignVariants(
  tx: AppDb,
  reaches: {
    step: StepRow;
    variants: readonly VariantRow[];
    enrolment: { id: string; workspaceId: string };
  }[],
  now: Date,
): Promise<Map<string, VariantRow | null>> {
  const answer = new Map<string, VariantRow | null>();
  const byId = new Map<string, VariantRow>();
  const tested = reaches.flatMap(({ step, variants, enrolment }) => {
    answer.set(enrolment.id, null);
    if (variants.length === 0) return [];
    for (const variant of variants) byId.set(variant.id, variant);
    const live = variants.filter(isLive);
    return [{ step, enrolment, chosen: live.length > 0 ? chooseVariant(step, live, enrolment.id) : null }];
  });
  if (tested.length === 0) return answer;
  const rows = await queryRows<{ sequence_contact_id: string; variant_id: string }>(
    tx,
    sql`with input as (
        select * from unnest(${sql.param(tested.map((t) => t.enrolment.id))}::uuid[],
          ${sql.param(tested.map((t) => t.step.id))}::uuid[],
          ${sql.param(tested.map((t) => t.chosen?.id ?? null))}::uuid[],
          ${sql.param(tested.map((t) => t.enrolment.workspaceId))}::uuid[])
          as i(sequence_contact_id, step_id, variant_id, workspace_id)),
      inserted as (
        insert into ${stepVariantAssignments} (sequence_contact_id, step_id, variant_id, workspace_id, assigned_at)
        select sequence_contact_id, step_id, variant_id, workspace_id, ${now.toISOString()}::timestamptz from input
        where variant_id is not null
        on conflict do nothing
        returning sequence_contact_id, variant_id)
      select sequence_contact_id, variant_id from inserted
      union all
      select stored.sequence_contact_id, stored.variant_id from ${stepVariantAssignments} stored
        join input on input.sequence_contact_id = stored.sequence_contact_id and input.step_id = stored.step_id
          and input.workspace_id = stored.workspace_id`,
  );
  for (const { enrolment, chosen } of tested) answer.set(enrolment.id, chosen);
  for (const row of rows) {
    const stored = byId.get(row.variant_id);
    if (stored) answer.set(row.sequence_contact_id, stored);
  }
  return answer;
}
