import type { MailboxSendingLimits } from '@prospector/contracts';
import { accountAgeDays, dailyLimit } from '../quota/quota-policy';
import type { GmailAccountRow } from './account-store';

/** The default daily limit of the mailbox today: its kind's limit, capped by the ramp-up for its age. */
export const rampUpLimitOf = (row: GmailAccountRow, now: Date) =>
  dailyLimit(row.accountKind, accountAgeDays(row.createdAt, now));

export function sendingLimitsOf(row: GmailAccountRow, now: Date): MailboxSendingLimits {
  const rampUpLimit = rampUpLimitOf(row, now);
  return {
    dailyLimit: row.dailyLimit,
    effectiveDailyLimit: row.dailyLimit ?? rampUpLimit,
    rampUpLimit,
    minGapSeconds: row.minGapSeconds,
    maxGapSeconds: row.maxGapSeconds,
  };
}
