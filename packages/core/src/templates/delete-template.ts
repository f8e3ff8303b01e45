import { sequenceSteps, sequences, stepVariants } from '@prospector/db';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import type { Tx } from '../engine/engine-deps';
import { type Actor, recordActivityBy } from '../workspaces/actor';
import { deleteTemplateRow, requireTemplate, TEMPLATE_NOT_FOUND } from './template-store';

/** The running or paused sequences with a step (or a live A/B version of one) that sends this template. */
async function liveSequencesUsing(tx: Tx, workspaceId: string, templateId: string) {
  return tx
    .selectDistinct({ id: sequences.id, name: sequences.name, status: sequences.status })
    .from(sequences)
    .innerJoin(sequenceSteps, eq(sequenceSteps.sequenceId, sequences.id))
    .leftJoin(stepVariants, and(eq(stepVariants.stepId, sequenceSteps.id), isNull(stepVariants.deletedAt)))
    .where(
      and(
        eq(sequences.workspaceId, workspaceId),
        inArray(sequences.status, ['running', 'paused']),
        or(eq(sequenceSteps.templateId, templateId), eq(stepVariants.templateId, templateId)),
      ),
    )
    .orderBy(asc(sequences.name), asc(sequences.id));
}

const quoted = (names: string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * DELETE /api/templates/{id}. Refused (409) while a running or paused sequence sends it, naming those
 * sequences: its queued emails and next steps would have nothing to send. Otherwise sends already scheduled
 * keep their rendered copy (email_sends.template_id becomes null) and steps that used it lose it.
 */
export async function deleteTemplate(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
): Promise<void> {
  await requireTemplate(deps.db, workspaceId, id);
  await deps.db.transaction(async (tx) => {
    const using = await liveSequencesUsing(tx, workspaceId, id);
    if (using.length > 0) {
      const names = quoted(using.map((s) => `"${s.name}" (${s.status})`));
      throw new AppError(
        'CONFLICT',
        `This template is used by ${names}: choose another template for ${using.length === 1 ? 'its steps' : 'their steps'} or complete ${using.length === 1 ? 'that sequence' : 'those sequences'} before deleting it`,
        undefined,
        { sequences: using },
      );
    }
    const deleted = await deleteTemplateRow(tx, workspaceId, id);
    if (!deleted) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    await recordActivityBy(tx, deps.clock.now(), actor, {
      workspaceId,
      action: 'template.deleted',
      subjectType: 'template',
      subjectId: deleted.id,
      subjectName: deleted.name,
    });
  });
}
