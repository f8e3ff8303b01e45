import type { CreateSequenceInput, Sequence } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import { recordSequenceActivity } from './sequence-activity';
import { checkSenderChoice } from './sequence-senders';
import { toSequence } from './sequence-store';

/** POST /api/sequences: a new draft (timezone UTC and weekends not skipped unless chosen). */
export async function createSequence(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  input: CreateSequenceInput,
): Promise<Sequence> {
  const senderAccountIds = input.senderAccountIds ?? [];
  const sendAsEmail = await checkSenderChoice(deps.db, workspaceId, { ...input, senderAccountIds });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sequences)
      .values({
        workspaceId,
        name: input.name,
        description: input.description,
        timezone: input.timezone,
        skipWeekends: input.skipWeekends,
        useRecipientTimezone: input.useRecipientTimezone,
        contactLimit: input.contactLimit,
        status: input.status,
        senderAccountId: input.senderAccountId,
        senderAccountIds,
        sendAsEmail,
        autoEnrollNewContacts: input.autoEnrollNewContacts,
        followUpsFirst: input.followUpsFirst,
        stopCompanyOnReply: input.stopCompanyOnReply,
        trackOpens: input.trackOpens,
        trackClicks: input.trackClicks,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordSequenceActivity(tx, now, actor, row!, 'sequence.created');
    return toSequence(row!);
  });
}
