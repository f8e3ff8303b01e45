import { claimRound, roundBudget } from './claim-round';
import { type DeliveryOutcome, deliverSend } from './deliver-send';
import { dispatchRound } from './dispatch-round';
import type { EngineDeps } from './engine-deps';
import { inLanes } from './lanes';

export interface DispatchOptions {
  /** How many sends one process hands to Gmail at once. */
  concurrency?: number;
  /** Rounds of claiming before giving the rest to the next run. */
  maxRounds?: number;
  /** The most sends one round claims (default `roundBudget(concurrency)`). */
  claimsPerRound?: number;
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
    const claims = await claimRound(deps, {
      budget: options.claimsPerRound ?? roundBudget(concurrency),
      random: options.random,
    });
    // Interleaved, so the sends in flight belong to different mailboxes: one mailbox's sends queue on its
    // quota lock (decision 006).
    const claimed = interleave(claims.map((claim) => claim.sendIds));
    if (claimed.length === 0) break;
    const delivery = await dispatchRound(deps, claimed);
    const delivered: Promise<void>[] = [];
    await inLanes(claimed, concurrency, async (id) => {
      const done = deliverSend(deps, id, { round: delivery }).then((outcome) => {
        counts[outcome] += 1;
      });
      delivered.push(done);
      // The lane's next Gmail call goes once this one is answered; its mark is written with others.
      await Promise.race([done, delivery.handedOver(id)]);
    });
    await Promise.all(delivered);
  }
  return counts;
}

/** [[a1, a2], [b1]] -> [a1, b1, a2]. */
function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) if (i < list.length) out.push(list[i] as T);
  }
  return out;
}
