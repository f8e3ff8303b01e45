import type { ContactSuppression } from '@prospector/contracts';

/**
 * The state a contact created for a covered address takes (the same as SUPPRESSED_FLAG_VALUES in SQL):
 * unsubscribed by the contact after an unsubscribe or a complaint, hard-bounced after a hard bounce,
 * suppressed when the user added the address or its domain.
 */
export function suppressedFlags(entry: ContactSuppression | null) {
  const unsubscribed = entry?.reason === 'unsubscribe' || entry?.reason === 'complaint';
  return {
    suppressed: entry?.reason === 'manual',
    unsubscribed,
    unsubscribeSource: unsubscribed ? (entry.source as 'page' | 'one-click' | 'reply' | 'complaint') : null,
    unsubscribedAt: unsubscribed ? new Date(entry.createdAt) : null,
    hardBounced: entry?.reason === 'hard-bounce',
  };
}
