import { claimMailboxSends, readyMailboxes } from './claim-sends';
import { type DeliveryOutcome, deliverSend } from './deliver-send';
import type { EngineDeps } from './engine-deps';

export interface DispatchOptions {
  /** How many sends one process hands to Gmail at once. */
  concurrency?: number;
  /** Rounds of claiming before giving the rest to the next run. */
  maxRounds?: number;
  random?: () => number;
}

/**
 * Rule 8: claims due sends mailbox by mailbox and hands them to Gmail, round after round, until nothing
 * is claimable (every ready mailbox drained, waiting for its gap, or at its limit). Returns the count of
 * each outcome.
 */
export async function dispatchDueSends(
  deps: EngineDeps,
  options: DispatchOptions = {},
): Promise<Record<DeliveryOutcome, number>> {
  const counts: Record<DeliveryOutcome, number> = {
    sent: 0,
    found: 0,
    retry: 0,
    held: 0,
    failed: 0,
    skipped: 0,
  };
  const concurrency = Math.max(1, options.concurrency ?? 4);
  for (let round = 0; round < (options.maxRounds ?? 1000); round++) {
    const mailboxes = await readyMailboxes(deps);
    const claimed: string[] = [];
    for (const mailbox of mailboxes)
      claimed.push(...(await claimMailboxSends(deps, mailbox, options.random)));
    if (claimed.length === 0) break;
    let next = 0;
    const lanes = Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
      while (next < claimed.length) {
        const id = claimed[next++] as string;
        counts[await deliverSend(deps, id)] += 1;
      }
    });
    await Promise.all(lanes);
  }
  return counts;
}
