import type { MailboxSendingLimits } from '@prospector/contracts';
import { microsoftLimits } from '../microsoft/microsoft-limits';
import { KIND_DAILY_LIMITS } from '../quota/quota-policy';
import { limitFor } from '../quota/quota-store';
import type { GmailAccountRow } from './account-store';
import { sendingLimitsOf } from './sending-limits';
import { smtpProvider } from './smtp/smtp-provider';

/** What a provider lets a mailbox send, and how the user's limits are bounded by it. */
export interface ProviderCeiling {
  /** The provider's daily maximum for this mailbox. */
  maxDailyLimit: number;
  /** The shortest gap between two sends the provider's pace allows (0: none). */
  minGapSeconds: number;
  /** A new mailbox ramps up to the maximum (decision 026); without, the maximum is open from the start. */
  rampsUp: boolean;
  /** Whose maximum it is, for messages: "Gmail's own", "Microsoft's". */
  owner: string;
}

/**
 * Gmail and SMTP mailboxes ramp up to their maximum as they age (an SMTP mailbox counts as a consumer one,
 * whose 500 a day is the SMTP ceiling too). Microsoft's limits are the service's own rate limits, stored on
 * the mailbox when it is connected; its pace is enforced because Exchange refuses faster sending.
 */
export function providerCeiling(row: GmailAccountRow): ProviderCeiling {
  if (row.provider === 'microsoft') {
    const limits = microsoftLimits(row);
    return {
      maxDailyLimit: limits.maxDailyLimit,
      minGapSeconds: limits.minGapSeconds,
      rampsUp: false,
      owner: "Microsoft's",
    };
  }
  if (row.provider === 'smtp') {
    const limits = smtpProvider.limits(row);
    return { maxDailyLimit: limits.maxDailyLimit, minGapSeconds: 0, rampsUp: true, owner: 'the SMTP' };
  }
  return {
    maxDailyLimit: KIND_DAILY_LIMITS[row.accountKind],
    minGapSeconds: 0,
    rampsUp: true,
    owner: "Gmail's own",
  };
}

/** The mailbox's sending limits as the sending engine applies them, bounded by its provider. */
export function mailboxSendingLimits(row: GmailAccountRow, now: Date): MailboxSendingLimits {
  const ceiling = providerCeiling(row);
  const limits = sendingLimitsOf(row, now);
  return {
    ...limits,
    effectiveDailyLimit: limitFor(row, now),
    rampUpLimit: ceiling.rampsUp
      ? Math.min(limits.rampUpLimit, ceiling.maxDailyLimit)
      : ceiling.maxDailyLimit,
    providerMaximum: ceiling.maxDailyLimit,
  };
}
