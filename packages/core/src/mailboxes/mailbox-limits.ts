import {
  dailyLimitAboveProviderMaximum,
  dailyLimitAboveRampUp,
  type GmailAccount,
  type MailboxLimitsInput,
  MIN_GAP_ABOVE_MAX,
} from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { requireAccount, updateAccount } from './account-store';
import { getGmailAccount } from './account-view';
import { providerLimits } from './providers';
import { rampUpLimitOf } from './sending-limits';

/**
 * PATCH /api/gmail/accounts/{id} {dailyLimit, minGapSeconds, maxGapSeconds, warmedUp}: sets how much and how
 * fast the mailbox sends. The daily limit can never go above the mailbox's ramp-up limit, or, once the user
 * declares it warmed up, the provider's maximum (decision 026); null restores the default.
 * A gap given alone is checked against the stored other end.
 */
export async function updateMailboxLimits(
  deps: CoreDeps,
  workspaceId: string,
  accountId: string,
  input: MailboxLimitsInput,
): Promise<GmailAccount> {
  const account = await requireAccount(deps.db, workspaceId, accountId);
  const now = deps.clock.now();
  const warmedUp = input.warmedUp ?? account.warmedUp;
  const rampUpLimit = rampUpLimitOf({ ...account, warmedUp }, now);
  if (input.dailyLimit != null && input.dailyLimit > rampUpLimit) {
    // Below the provider's maximum the ramp-up holds the mailbox; at it (warmed up or old enough), Gmail does.
    if (rampUpLimit < providerLimits(account).maxDailyLimit)
      throw new AppError('VALIDATION_ERROR', dailyLimitAboveRampUp(rampUpLimit));
    throw new AppError('ABOVE_PROVIDER_MAXIMUM', dailyLimitAboveProviderMaximum(rampUpLimit), undefined, {
      providerMaximum: rampUpLimit,
    });
  }
  const minGapSeconds = input.minGapSeconds ?? account.minGapSeconds;
  const maxGapSeconds = input.maxGapSeconds ?? account.maxGapSeconds;
  if (minGapSeconds > maxGapSeconds) throw new AppError('VALIDATION_ERROR', MIN_GAP_ABOVE_MAX);
  // A shorter gap applies to the next send too, rather than after a gap drawn under the old setting.
  const latestNext = new Date(now.getTime() + maxGapSeconds * 1000);
  const nextSendAt = account.nextSendAt && account.nextSendAt > latestNext ? latestNext : account.nextSendAt;
  await updateAccount(deps.db, workspaceId, account.id, {
    ...(input.dailyLimit !== undefined && { dailyLimit: input.dailyLimit }),
    warmedUp,
    minGapSeconds,
    maxGapSeconds,
    nextSendAt,
    updatedAt: now,
  });
  return (await getGmailAccount(deps, workspaceId, account.id))!;
}
