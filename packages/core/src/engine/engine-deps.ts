import type { AppDb } from '@prospector/db';
import type { AiWriter } from '../ai-writer/ai-writer';
import type { CoreDeps, JobQueue } from '../deps';

/** What the engine needs beyond the core: the public base URL its emails' links are built from. */
export interface EngineDeps extends CoreDeps {
  appUrl: string;
  /** Where a launch or enrolment asks for an engine round; absent in tests that run rounds themselves. */
  queue?: JobQueue;
  /** Classifies replies that no rule settles (the Inbox's lead status); absent: rules only. */
  aiWriter?: AiWriter | null;
  /**
   * Where in the list of ready mailboxes this worker starts its claims, in [0, 1). Absent: one drawn per
   * process (`claimOrder`), which is what running workers use; tests give each engine its own.
   */
  claimOffset?: number;
}

/** A database handle or a transaction on it (a transaction is a PgDatabase too). */
export type Tx = AppDb;

/** The pg-boss queue of engine rounds (tick, reconcile, hold, dispatch). */
export const SEQUENCE_ENGINE_JOB = 'sequence-engine';

/** A send left in 'sending' longer than this was abandoned by a worker and is reconciled. */
export const SENDING_TIMEOUT_MS = 10 * 60 * 1000;

/** Attempts at handing one email to Gmail, counting the first (the spec's queue max attempts). */
export const MAX_SEND_ATTEMPTS = 3;

/** Back-off after a 429 or 5xx from Gmail, doubled at each attempt. */
export const RETRY_BASE_DELAY_MS = 30_000;

/** The most sends one mailbox claims in a round when it sends without a gap. */
export const CLAIM_BATCH = 200;

/** Enrolments one tick transaction works on. */
export const TICK_BATCH = 100;

/** Asks a worker for an engine round now; a missing queue (tests) is fine. */
export async function requestEngineRound(deps: EngineDeps): Promise<void> {
  await deps.queue?.send(SEQUENCE_ENGINE_JOB, {});
}
