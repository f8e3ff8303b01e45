import type { BuiltInLeadStatus } from '@prospector/contracts';
import { replyTextOf } from '../tracking/reply-text';
import { LEAD_STATUS_PHRASES } from './lead-status-phrases';

export interface LeadStatusDecision {
  status: BuiltInLeadStatus;
  /** Shown beside the status: why the classifier chose it. */
  reason: string;
}

/** Every language's phrases of a status, in the order statuses are tried. */
const RULES = LEAD_STATUS_PHRASES.map(([status, byLanguage]) => ({
  status,
  phrases: Object.values(byLanguage).flat(),
}));

/**
 * The rules classifier: what a person's reply says about them, from the words they wrote (the quoted
 * original and signature cut). Null when no rule applies (the AI writer may then decide).
 */
export function leadStatusByRules(text: string): LeadStatusDecision | null {
  // One space between words and one apostrophe: mail editors write non-breaking spaces, wrap lines
  // mid-sentence and curl apostrophes ("don’t", "ça m’intéresse").
  const written = replyTextOf(text).toLowerCase().replace(/\s+/g, ' ').replace(/[’‘]/g, "'");
  for (const rule of RULES) {
    for (const phrase of rule.phrases) {
      const match = phrase.exec(written);
      if (match) return { status: rule.status, reason: `The reply says "${match[0].trim()}"` };
    }
  }
  return null;
}

const ADDRESS = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

/** An address a "wrong person" reply points to, other than the ones given (the contact, the mailbox). */
export function referralIn(text: string, exclude: string[]): string | null {
  const skip = new Set(exclude.map((address) => address.toLowerCase()));
  const found = replyTextOf(text).match(ADDRESS) ?? [];
  return found.map((address) => address.toLowerCase()).find((address) => !skip.has(address)) ?? null;
}
