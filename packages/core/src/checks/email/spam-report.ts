/** One rule that fired on an email, with its points and what it means. */
export interface SpamReason {
  rule: string;
  score: number;
  description: string;
}

export type SpamEngine = 'spamassassin' | 'built-in';

export interface SpamReport {
  score: number;
  engine: SpamEngine;
  reasons: SpamReason[];
}

/** The reasons' points added up, rounded as SpamAssassin prints them (one decimal). */
export const totalScore = (reasons: readonly SpamReason[]) =>
  Math.round(reasons.reduce((sum, reason) => sum + reason.score, 0) * 10) / 10;

/** Which scorer checks emails: SpamAssassin when installed ('auto'), or the built-in checks only. */
export type SpamCheckEngine = 'auto' | 'built-in';
