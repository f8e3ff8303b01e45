import {
  dailyLimitAboveProviderMaximum,
  type Mailbox,
  minGapBelowProviderPace,
  type UpdateMailboxInput,
} from '@prospector/contracts';
import { gmailAliases } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { requireAccount, updateAccount } from './account-store';
import { getMailbox } from './list-mailboxes';
import { updateMailboxLimits } from './mailbox-limits';
import { providerCeiling } from './provider-ceiling';

export const MAILBOX_NOT_FOUND = 'Mailbox not found';

/**
 * PATCH /api/mailboxes/{id}, any provider: display name and sending limits. The daily limit stays within
 * the provider's maximum and the mailbox's ramp-up (as on the Gmail route), whatever the provider; a
 * Microsoft mailbox's gap cannot go below Exchange's pace. Everything is checked before anything is saved.
 */
export async function updateMailbox(
  deps: CoreDeps,
  workspaceId: string,
  mailboxId: string,
  input: UpdateMailboxInput,
): Promise<Mailbox> {
  const mailbox = await requireAccount(deps.db, workspaceId, mailboxId, MAILBOX_NOT_FOUND);
  const { displayName, dailyLimit, ...pace } = input;
  const ceiling = providerCeiling(mailbox);
  if (dailyLimit != null && dailyLimit > ceiling.maxDailyLimit) {
    throw new AppError(
      'ABOVE_PROVIDER_MAXIMUM',
      dailyLimitAboveProviderMaximum(ceiling.maxDailyLimit, ceiling.owner),
      undefined,
      { providerMaximum: ceiling.maxDailyLimit },
    );
  }
  if (pace.minGapSeconds !== undefined && pace.minGapSeconds < ceiling.minGapSeconds)
    throw new AppError('VALIDATION_ERROR', minGapBelowProviderPace(ceiling.minGapSeconds, ceiling.owner));

  const limits = { ...pace, dailyLimit };
  if (Object.values(limits).some((value) => value !== undefined))
    await updateMailboxLimits(deps, workspaceId, mailbox.id, limits);
  if (displayName !== undefined) await rename(deps, mailbox, displayName || null);
  return (await getMailbox(deps, workspaceId, mailbox.id))!;
}

/**
 * An SMTP mailbox's one sender is ours, so it takes the name too (the From line uses the sender's name
 * first); Gmail's send-as names stay Gmail's own, read again by Refresh Aliases.
 */
async function rename(
  deps: CoreDeps,
  mailbox: { id: string; workspaceId: string; provider: string },
  displayName: string | null,
) {
  const now = deps.clock.now();
  await updateAccount(deps.db, mailbox.workspaceId, mailbox.id, { displayName, updatedAt: now });
  if (mailbox.provider !== 'smtp') return;
  await deps.db
    .update(gmailAliases)
    .set({ displayName, updatedAt: now })
    .where(
      and(
        eq(gmailAliases.workspaceId, mailbox.workspaceId),
        eq(gmailAliases.accountId, mailbox.id),
        eq(gmailAliases.isPrimary, true),
      ),
    );
}
