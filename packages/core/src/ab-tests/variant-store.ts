import type { StepVariant } from '@prospector/contracts';
import { type AppDb, stepVariants } from '@prospector/db';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { sharesOf } from './pick-variant';

export type VariantRow = typeof stepVariants.$inferSelect;

/** A step's variants in label order, deleted ones too. */
export function selectVariants(db: AppDb, stepId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(stepVariants)
    .where(eq(stepVariants.stepId, stepId))
    .orderBy(asc(stepVariants.label));
}

export const isLive = (row: VariantRow) => row.deletedAt === null;

/** The API shape of a step's variants, each with the share of new enrolments it gets now. */
export function toVariants(rows: readonly VariantRow[]): StepVariant[] {
  const live = rows.filter(isLive);
  const shares = new Map(sharesOf(live).map((share, index) => [live[index]!.id, share]));
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
