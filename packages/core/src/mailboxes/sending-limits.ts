import type { MailboxSendingLimits } from '@prospector/contracts';
import { defaultDailyLimit } from '../quota/quota-policy';
import type { MailboxRow } from './account-store';
import { providerLimits } from './providers';

/**
 * The default daily limit of the mailbox today: its provider's limit, capped by the ramp-up for its age
 * (none once declared warmed up).
 */
export const rampUpLimitOf = (row: MailboxRow, now: Date) =>
  defaultDailyLimit(row, providerLimits(row).maxDailyLimit, now);

export function sendingLimitsOf(row: MailboxRow, now: Date): MailboxSendingLimits {
  const rampUpLimit = rampUpLimitOf(row, now);
  return {
    dailyLimit: row.dailyLimit,
    effectiveDailyLimit: row.dailyLimit ?? rampUpLimit,
    rampUpLimit,
    warmedUp: row.warmedUp,
    providerMaximum: providerLimits(row).maxDailyLimit,
    sendingSince: row.sendingSince?.toISOString() ?? null,
    ageFrom: !row.sendingSince ? null : row.sendingSince < row.createdAt ? 'sent_mail' : 'connection',
    minGapSeconds: row.minGapSeconds,
    maxGapSeconds: row.maxGapSeconds,
  };
}
