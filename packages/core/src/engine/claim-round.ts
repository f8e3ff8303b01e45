import { claimOrder } from './claim-order';
import { claimMailboxSends, readyMailboxes } from './claim-sends';
import { CLAIM_BATCH, type EngineDeps } from './engine-deps';

/** The sends one dispatch round claimed from one mailbox. */
export interface MailboxClaim {
  mailboxId: string;
  sendIds: string[];
}

/** Sends a round claims per lane: enough to keep each lane busy, few enough to leave the rest to other workers. */
const SENDS_PER_LANE = 16;

/** A round's sends come from at least this many mailboxes when that many are ready (Gmail limits each mailbox's rate). */
const MAILBOXES_PER_ROUND = 4;

/** How many sends one dispatch round claims at most: never fewer than one full claim batch. */
export const roundBudget = (concurrency: number) => Math.max(CLAIM_BATCH, concurrency * SENDS_PER_LANE);

/**
 * One worker's claims for a dispatch round: the ready mailboxes in the worker's own order (`claimOrder`), each
 * giving at most its share of the round's budget, until the budget is spent. A mailbox another worker is
 * claiming from is skipped, not waited for. Keeping a round to its budget leaves the other due sends to the
 * other workers instead of one worker holding them all while the others find nothing.
 */
export async function claimRound(
  deps: EngineDeps,
  options: { budget: number; random?: () => number },
): Promise<MailboxClaim[]> {
  const share = Math.max(1, Math.ceil(options.budget / MAILBOXES_PER_ROUND));
  const claims: MailboxClaim[] = [];
  let left = options.budget;
  for (const mailboxId of claimOrder(await readyMailboxes(deps), deps.claimOffset)) {
    if (left <= 0) break;
    const sendIds = await claimMailboxSends(deps, mailboxId, {
      limit: Math.min(share, left),
      random: options.random,
    });
    if (sendIds.length === 0) continue;
    claims.push({ mailboxId, sendIds });
    left -= sendIds.length;
  }
  return claims;
}
