/** How long a send may wait for its mailbox (quota or spacing) before it moves to the next day. */
export const DEFAULT_HOLD_LIMIT_MS = 4 * 60 * 60 * 1000;

/** A gap between two sends of one mailbox: a whole number of seconds drawn uniformly from [min, max]. */
export function drawGapSeconds(min: number, max: number, random: () => number = Math.random): number {
  const low = Math.ceil(Math.min(min, max));
  const high = Math.floor(Math.max(min, max));
  if (high <= low) return Math.max(0, low);
  const drawn = low + Math.floor(random() * (high - low + 1));
  return Math.max(0, Math.min(high, drawn));
}

/** Why a send does not go out now. */
export type PacingReason = 'daily_limit' | 'spacing' | 'late';

export type PacingDecision =
  | { action: 'send' }
  | { action: 'wait'; until: Date; reason: Exclude<PacingReason, 'late'> }
  | { action: 'defer'; reason: PacingReason };

export interface PacingInput {
  now: Date;
  /** Sends of the mailbox in the rolling 24 hours before `now`. */
  sentInLast24h: number;
  dailyLimit: number;
  /** The mailbox's next allowed send time (its last send plus the drawn gap); null when unset. */
  nextSendAt: Date | null;
  /** When the send was due. */
  scheduledFor: Date;
  /**
   * When the oldest send still inside the rolling 24 hours leaves it, freeing one unit of quota. Without
   * it a mailbox at its limit cannot tell when it frees up, so the send is deferred.
   */
  quotaFreesAt?: Date | null;
  holdLimitMs?: number;
}

/**
 * Whether a due send of a mailbox goes out now, waits (quota or spacing frees up within the hold limit of
 * its scheduled time), or moves to the next day's send time. A send already past the hold limit is
 * deferred even when the mailbox is free, so a send held by a pause never leaves at night.
 */
export function pacingDecision(input: PacingInput): PacingDecision {
  const holdUntil = input.scheduledFor.getTime() + (input.holdLimitMs ?? DEFAULT_HOLD_LIMIT_MS);
  const now = input.now.getTime();
  if (now > holdUntil) return { action: 'defer', reason: 'late' };

  let until = now;
  let reason: Exclude<PacingReason, 'late'> | null = null;
  if (input.sentInLast24h >= input.dailyLimit) {
    const frees = input.quotaFreesAt?.getTime();
    if (frees === undefined || frees <= now) return { action: 'defer', reason: 'daily_limit' };
    until = frees;
    reason = 'daily_limit';
  }
  const gapEnds = input.nextSendAt?.getTime();
  if (gapEnds !== undefined && gapEnds > until) {
    until = gapEnds;
    reason ??= 'spacing';
  }
  if (reason === null) return { action: 'send' };
  if (until > holdUntil) return { action: 'defer', reason };
  return { action: 'wait', until: new Date(until), reason };
}
