import type { MailboxRow } from '../mailboxes/account-store';

/**
 * Microsoft's sending limits. Exchange Online (Microsoft 365): 10,000 recipients a day and 30 messages a
 * minute ("Exchange Online limits", sending limits). Outlook.com: 300 messages a day ("Sending limits in
 * Outlook.com", Microsoft support). The pace keeps a send at most every 60 / 30 = 2 seconds on Exchange.
 */
export const MICROSOFT_LIMITS = {
  workspace: { maxDailyLimit: 10_000, minGapSeconds: 2 },
  consumer: { maxDailyLimit: 300, minGapSeconds: 60 },
} as const;

const CONSUMER_DOMAINS = new Set([
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'outlook.fr',
  'hotmail.co.uk',
]);

/** Outlook.com (a Microsoft account) or a Microsoft 365 work mailbox, by its address. */
export function microsoftAccountKind(email: string): 'workspace' | 'consumer' {
  return CONSUMER_DOMAINS.has(email.split('@')[1]?.toLowerCase() ?? '') ? 'consumer' : 'workspace';
}

export function microsoftLimits(mailbox: Pick<MailboxRow, 'accountKind'>) {
  const limits = MICROSOFT_LIMITS[mailbox.accountKind];
  return {
    maxDailyLimit: limits.maxDailyLimit,
    minGapSeconds: limits.minGapSeconds,
  };
}
