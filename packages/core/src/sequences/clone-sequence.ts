import { randomUUID } from 'node:crypto';
import { type Sequence, STEP_POINTER_FIELDS } from '@prospector/contracts';
import { sequencePersonas, sequenceSteps, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { NO_WINNER } from '../ab-tests/ab-test-of-step';
import { copyLiveVariants } from '../ab-tests/variant-store';
import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import { recordSequenceActivity } from './sequence-activity';
import { findSequence, toSequence } from './sequence-store';
import { selectSteps } from './step-store';

/**
 * POST /api/sequences/{id}/clone: a draft named '{name} (Copy)' with the same configuration, a copy of
 * every step whose reaction and next-step pointers name the copied steps, and the same linked email lists.
 * Enrolments and sends are not copied.
 */
export async function cloneSequence(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
): Promise<Sequence> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const source = await findSequence(tx, workspaceId, id);
    const [copy] = await tx
      .insert(sequences)
      .values({
        workspaceId,
        name: `${source.name} (Copy)`,
        description: source.description,
        timezone: source.timezone,
        skipWeekends: source.skipWeekends,
        useRecipientTimezone: source.useRecipientTimezone,
        contactLimit: source.contactLimit,
        autoEnrollNewContacts: source.autoEnrollNewContacts,
        followUpsFirst: source.followUpsFirst,
        stopCompanyOnReply: source.stopCompanyOnReply,
        trackOpens: source.trackOpens,
        trackClicks: source.trackClicks,
        status: 'draft',
        senderAccountId: source.senderAccountId,
        senderAccountIds: source.senderAccountIds,
        sendAsEmail: source.sendAsEmail,
        personaId: source.personaId,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const steps = await selectSteps(tx, id);
    const newIds = new Map(steps.map((step) => [step.id, randomUUID()]));
    if (steps.length > 0) {
      // One statement: PostgreSQL checks the pointers' foreign keys once every copied step is in.
      await tx.insert(sequenceSteps).values(
        steps.map((step) => {
          const pointers = Object.fromEntries(
            STEP_POINTER_FIELDS.map((field) => [
              field,
              step[field] ? (newIds.get(step[field]) ?? null) : null,
            ]),
          );
          return {
            ...step,
            ...pointers,
            // The copy tests its variants afresh.
            ...NO_WINNER,
            abStatus: 'running' as const,
            id: newIds.get(step.id)!,
            sequenceId: copy!.id,
            createdAt: now,
            updatedAt: now,
          };
        }),
      );
      await copyLiveVariants(tx, newIds, now);
    }
    const lists = await tx
      .select({ personaId: sequencePersonas.personaId })
      .from(sequencePersonas)
      .where(eq(sequencePersonas.sequenceId, id));
    if (lists.length > 0) {
      await tx.insert(sequencePersonas).values(
        lists.map((list) => ({
          sequenceId: copy!.id,
          personaId: list.personaId,
          workspaceId,
          createdAt: now,
        })),
      );
    }
    await recordSequenceActivity(tx, now, actor, copy!, 'sequence.created');
    return toSequence(copy!);
  });
}
