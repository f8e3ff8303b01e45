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
