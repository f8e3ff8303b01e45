import type { MailboxSendingLimits } from '@prospector/contracts';
import { limitFor } from '../quota/quota-store';
import type { MailboxRow } from './account-store';
import { providerLimits } from './providers';
import { sendingLimitsOf } from './sending-limits';

/** What a provider lets a mailbox send, and how the user's limits are bounded by it. */
export interface ProviderCeiling {
  /** The provider's daily maximum for this mailbox. */
  maxDailyLimit: number;
  /** The shortest gap between two sends the provider's pace allows (0: none). */
  minGapSeconds: number;
  /** Whose maximum it is, for messages: "Gmail's own", "Microsoft's". */
  owner: string;
}

/**
 * Every mailbox ramps up to its provider's maximum as it ages (decision 006): Gmail's by kind, SMTP's 500,
 * Microsoft's the service's own rate limits (10,000 for Microsoft 365, 300 for Outlook.com), whose pace is
 * enforced too because Exchange refuses faster sending.
 */
export function providerCeiling(row: MailboxRow): ProviderCeiling {
  const { maxDailyLimit, minGapSeconds } = providerLimits(row);
  return { maxDailyLimit, minGapSeconds, owner: CEILING_OWNERS[row.provider] };
}

const CEILING_OWNERS: Record<MailboxRow['provider'], string> = {
  gmail: "Gmail's own",
  microsoft: "Microsoft's",
  smtp: 'the SMTP',
};

/** The mailbox's sending limits as the sending engine applies them, bounded by its provider. */
export function mailboxSendingLimits(row: MailboxRow, now: Date): MailboxSendingLimits {
  const ceiling = providerCeiling(row);
  const limits = sendingLimitsOf(row, now);
  return {
    ...limits,
    effectiveDailyLimit: limitFor(row, now),
    rampUpLimit: Math.min(limits.rampUpLimit, ceiling.maxDailyLimit),
    providerMaximum: ceiling.maxDailyLimit,
  };
}
