import type { StepVariant } from '@prospector/contracts';
import { type AppDb, stepVariants } from '@prospector/db';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { sharesOf } from './pick-variant';

export type VariantRow = typeof stepVariants.$inferSelect;

/**
 * A step's variants in label order, deleted ones too. Async so the answer is a promise read once: a
 * drizzle query itself runs again each time it is awaited, which a cache of it would not expect.
 */
export async function selectVariants(db: AppDb, stepId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(stepVariants)
    .where(eq(stepVariants.stepId, stepId))
    .orderBy(asc(stepVariants.label));
}

export const isLive = (row: VariantRow) => row.deletedAt === null;

/** Each live variant's share of new enrolments now: all to the winner, all to A once stopped, else the split. */
function currentShares(live: readonly VariantRow[], test: AbState): Map<string, number> {
  const only =
    test.abStatus === 'winner'
      ? live.find((row) => row.id === test.abWinnerVariantId)
      : test.abStatus === 'stopped'
        ? live.find((row) => row.label === 'A')
        : undefined;
  if (only) return new Map(live.map((row) => [row.id, row.id === only.id ? 1 : 0]));
  return new Map(sharesOf(live).map((share, index) => [live[index]!.id, share]));
}

type AbState = { abStatus: 'running' | 'winner' | 'stopped'; abWinnerVariantId: string | null };

/** The API shape of a step's variants, each with the share of new enrolments it gets now. */
export function toVariants(rows: readonly VariantRow[], test: AbState): StepVariant[] {
  const shares = currentShares(rows.filter(isLive), test);
  return rows.map((row) => ({
    id: row.id,
    stepId: row.stepId,
    label: row.label,
    templateId: row.templateId,
    weight: row.weight,
    share: shares.get(row.id) ?? 0,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Copies the live variants of copied steps (old step id -> new step id), for a cloned sequence. */
export async function copyLiveVariants(db: AppDb, newStepIds: Map<string, string>, now: Date) {
  if (newStepIds.size === 0) return;
  const rows = await db
    .select()
    .from(stepVariants)
    .where(and(inArray(stepVariants.stepId, [...newStepIds.keys()]), isNull(stepVariants.deletedAt)));
  if (rows.length === 0) return;
  await db.insert(stepVariants).values(
    rows.map(({ id: _id, stepId, ...row }) => ({
      ...row,
      stepId: newStepIds.get(stepId)!,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
