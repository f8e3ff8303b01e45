import type { CreateSequenceInput, Sequence } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import type { CoreDeps } from '../deps';
import { checkSenderChoice } from './sequence-senders';
import { toSequence } from './sequence-store';

/** POST /api/sequences: a new draft (timezone UTC and weekends not skipped unless chosen). */
export async function createSequence(
  deps: CoreDeps,
  workspaceId: string,
  input: CreateSequenceInput,
): Promise<Sequence> {
  const senderAccountIds = input.senderAccountIds ?? [];
  const sendAsEmail = await checkSenderChoice(deps.db, workspaceId, { ...input, senderAccountIds });
  const now = deps.clock.now();
  const [row] = await deps.db
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
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toSequence(row!);
}
