import type { Sequence, UpdateSequenceInput } from '@prospector/contracts';
import { sequenceSteps, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { assertSequenceCanRun } from '../engine/something-to-send';
import { recordSequenceCompleted } from '../webhooks/record-event';
import { assertSequenceActivatable } from './activation-checks';
import { checkSenderChoice } from './sequence-senders';
import { nextSequenceStatus } from './sequence-status';
import { findSequence, toSequence } from './sequence-store';

export const START_BY_LAUNCH =
  'A sequence starts with its launch, which enrols the contacts of its lists: use Activate (POST /api/sequences/{id}/activate)';

/**
 * PATCH /api/sequences/{id}: any of the configuration fields, and the status (by the transitions of
 * sequence-status.ts; running needs the activation checks). Turning skipWeekends on or off applies it to
 * every step too, as the detail page's checkbox means.
 */
export async function updateSequence(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: UpdateSequenceInput,
): Promise<Sequence> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await findSequence(tx, workspaceId, id, { forUpdate: true });
    const senderAccountId =
      input.senderAccountId === undefined ? current.senderAccountId : input.senderAccountId;
    const senderAccountIds = input.senderAccountIds ?? current.senderAccountIds;
    const senderChanged =
      input.senderAccountId !== undefined ||
      input.senderAccountIds !== undefined ||
      input.sendAsEmail !== undefined;
    const sendAsEmail = senderChanged
      ? await checkSenderChoice(tx, workspaceId, {
          senderAccountId,
          senderAccountIds,
          sendAsEmail: input.sendAsEmail === undefined ? current.sendAsEmail : input.sendAsEmail,
        })
      : current.sendAsEmail;
    const status = input.status ? nextSequenceStatus(current.status, input.status) : current.status;
    if (status === 'running' && current.status !== 'running') {
      await assertSequenceActivatable(tx, workspaceId, id);
      if (!current.launchedAt) throw new AppError('CONFLICT', START_BY_LAUNCH);
      await assertSequenceCanRun(tx, workspaceId, id);
    }
    if (status === 'completed' && current.status !== 'completed') await recordSequenceCompleted(tx, id, now);
    const [row] = await tx
      .update(sequences)
      .set({
        name: input.name,
        description: input.description,
        timezone: input.timezone,
        skipWeekends: input.skipWeekends,
        useRecipientTimezone: input.useRecipientTimezone,
        contactLimit: input.contactLimit,
        senderAccountId,
        senderAccountIds,
        sendAsEmail,
        status,
        autoEnrollNewContacts: input.autoEnrollNewContacts,
        followUpsFirst: input.followUpsFirst,
        stopCompanyOnReply: input.stopCompanyOnReply,
        trackOpens: input.trackOpens,
        trackClicks: input.trackClicks,
        // Turned on: the members that joined while it was off are enrolled by the next round.
        ...(input.autoEnrollNewContacts && !current.autoEnrollNewContacts && { newMembersPending: true }),
        updatedAt: now,
      })
      .where(eq(sequences.id, id))
      .returning();
    if (input.skipWeekends !== undefined && input.skipWeekends !== current.skipWeekends) {
      await tx
        .update(sequenceSteps)
        .set({ skipWeekends: input.skipWeekends, updatedAt: now })
        .where(eq(sequenceSteps.sequenceId, id));
    }
    return toSequence(row!);
  });
}
