import type { MailboxSendingLimits } from '@prospector/contracts';
import { limitFor } from '../quota/quota-store';
import type { GmailAccountRow } from './account-store';
import { providerLimits } from './providers';
import { sendingLimitsOf } from './sending-limits';

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
  const { maxDailyLimit, minGapSeconds } = providerLimits(row);
  const rampsUp = row.provider !== 'microsoft';
  return { maxDailyLimit, minGapSeconds, rampsUp, owner: CEILING_OWNERS[row.provider] };
}

const CEILING_OWNERS: Record<GmailAccountRow['provider'], string> = {
  gmail: "Gmail's own",
  microsoft: "Microsoft's",
  smtp: 'the SMTP',
};

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
