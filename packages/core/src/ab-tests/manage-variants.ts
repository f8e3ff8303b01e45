import {
  type CreateVariantInput,
  MAX_VARIANTS,
  NO_MORE_LABELS,
  ONLY_SEND_STEPS_HAVE_VARIANTS,
  SELECT_TEMPLATE_MESSAGE,
  STEP_NOT_FOUND,
  type StepVariant,
  TOO_MANY_VARIANTS,
  type UpdateVariantInput,
  VARIANT_A_UNDELETABLE,
  VARIANT_LABELS,
  VARIANT_NOT_FOUND,
} from '@prospector/contracts';
import {
  type AppDb,
  emailSends,
  sequenceSteps,
  stepVariantAssignments,
  stepVariants,
  templates,
} from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { isUuid } from '../mailboxes/account-store';
import { NO_WINNER } from './ab-test-of-step';
import { isLive, selectVariants, toVariants, type VariantRow } from './variant-store';

type StepRow = typeof sequenceSteps.$inferSelect;

/** The user's step (locked for a change when `forUpdate`), or a 404. */
async function ownStep(db: AppDb, workspaceId: string, stepId: string, forUpdate = true): Promise<StepRow> {
  if (!isUuid(stepId)) throw new AppError('NOT_FOUND', STEP_NOT_FOUND);
  const query = db
    .select()
    .from(sequenceSteps)
    .where(and(eq(sequenceSteps.workspaceId, workspaceId), eq(sequenceSteps.id, stepId)));
  const [step] = forUpdate ? await query.for('update') : await query;
  if (!step) throw new AppError('NOT_FOUND', STEP_NOT_FOUND);
  return step;
}

async function checkTemplate(db: AppDb, workspaceId: string, templateId: string) {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.id, templateId)));
  if (!row) throw new AppError('VALIDATION_ERROR', SELECT_TEMPLATE_MESSAGE);
}

function liveVariant(rows: readonly VariantRow[], variantId: string): VariantRow {
  const row = rows.find((variant) => variant.id === variantId && isLive(variant));
  if (!row) throw new AppError('NOT_FOUND', VARIANT_NOT_FOUND);
  return row;
}

/** GET /api/steps/{stepId}/variants: every variant, deleted ones too (with deletedAt), in label order. */
export async function listVariants(
  deps: CoreDeps,
  workspaceId: string,
  stepId: string,
): Promise<StepVariant[]> {
  const step = await ownStep(deps.db, workspaceId, stepId, false);
  return toVariants(await selectVariants(deps.db, step.id), step);
}

/**
 * POST /api/steps/{stepId}/variants: adds the next letter. The first variant added to a plain step makes
 * the step's own template variant A, so a step with variants always has A.
 */
export async function createVariant(
  deps: CoreDeps,
  workspaceId: string,
  stepId: string,
  input: CreateVariantInput,
): Promise<{ id: string; label: string }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const step = await ownStep(tx, workspaceId, stepId);
    if (step.stepType !== 'send_email') throw new AppError('VALIDATION_ERROR', ONLY_SEND_STEPS_HAVE_VARIANTS);
    await checkTemplate(tx, workspaceId, input.templateId);
    let rows = await selectVariants(tx, step.id);
    if (rows.length === 0) {
      await tx.insert(stepVariants).values({
        workspaceId,
        stepId: step.id,
        label: 'A',
        templateId: step.templateId,
        createdAt: now,
        updatedAt: now,
      });
      rows = await selectVariants(tx, step.id);
    }
    if (rows.filter(isLive).length >= MAX_VARIANTS) throw new AppError('VALIDATION_ERROR', TOO_MANY_VARIANTS);
    const used = new Set(rows.map((row) => row.label));
    const label = VARIANT_LABELS.find((letter) => !used.has(letter));
    if (!label) throw new AppError('VALIDATION_ERROR', NO_MORE_LABELS);
    const [created] = await tx
      .insert(stepVariants)
      .values({
        workspaceId,
        stepId: step.id,
        label,
        templateId: input.templateId,
        weight: input.weight ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: stepVariants.id, label: stepVariants.label });
    return created!;
  });
}

/** PATCH /api/steps/{stepId}/variants/{variantId}: its template or weight. Variant A's template is the step's. */
export async function updateVariant(
  deps: CoreDeps,
  workspaceId: string,
  stepId: string,
  variantId: string,
  input: UpdateVariantInput,
): Promise<StepVariant> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const step = await ownStep(tx, workspaceId, stepId);
    const variant = liveVariant(await selectVariants(tx, step.id), variantId);
    if (input.templateId !== undefined) await checkTemplate(tx, workspaceId, input.templateId);
    await tx
      .update(stepVariants)
      .set({
        ...(input.templateId !== undefined && { templateId: input.templateId }),
        ...(input.weight !== undefined && { weight: input.weight }),
        updatedAt: now,
      })
      .where(eq(stepVariants.id, variant.id));
    if (variant.label === 'A' && input.templateId !== undefined) {
      await tx
        .update(sequenceSteps)
        .set({ templateId: input.templateId, updatedAt: now })
        .where(eq(sequenceSteps.id, step.id));
    }
    const rows = await selectVariants(tx, step.id);
    return toVariants(rows, step).find((row) => row.id === variant.id)!;
  });
}

/**
 * DELETE /api/steps/{stepId}/variants/{variantId}: a variant that was ever given to an enrolment keeps its
 * row (deleted_at) so its emails keep their label and figures; one never used goes. Deleting the winner
 * sets the test running again.
 */
export async function deleteVariant(
  deps: CoreDeps,
  workspaceId: string,
  stepId: string,
  variantId: string,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const step = await ownStep(tx, workspaceId, stepId);
    const variant = liveVariant(await selectVariants(tx, step.id), variantId);
    if (variant.label === 'A') throw new AppError('VALIDATION_ERROR', VARIANT_A_UNDELETABLE);
    const [used] = await tx
      .select({ id: stepVariantAssignments.variantId })
      .from(stepVariantAssignments)
      .where(eq(stepVariantAssignments.variantId, variant.id))
      .limit(1);
    const [sent] = await tx
      .select({ id: emailSends.id })
      .from(emailSends)
      .where(eq(emailSends.variantId, variant.id))
      .limit(1);
    if (used || sent) {
      await tx
        .update(stepVariants)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(stepVariants.id, variant.id));
    } else {
      await tx.delete(stepVariants).where(eq(stepVariants.id, variant.id));
    }
    if (step.abWinnerVariantId === variant.id) {
      await tx
        .update(sequenceSteps)
        .set({ ...NO_WINNER, abStatus: 'running', updatedAt: now })
        .where(eq(sequenceSteps.id, step.id));
    }
    return { message: 'Variant deleted successfully' };
  });
}
