import type { JobStatusResponse } from '@prospector/contracts';

/**
 * Polling an import job (spec section 9 "Job polling"): first poll after 2 s, then every 2 s; after a
 * failed status call the wait is 2 s x 1.5^failures, capped at 10 s; 5 failures in a row stop it; a
 * selected-lead import is polled at most 60 times, an add-all import at most 120.
 */
export const POLL_INTERVAL_MS = 2000;
export const POLL_BACKOFF_FACTOR = 1.5;
export const POLL_BACKOFF_CAP_MS = 10_000;
export const MAX_CONSECUTIVE_POLL_FAILURES = 5;
export const SELECTED_IMPORT_MAX_POLLS = 60;
export const ADD_ALL_IMPORT_MAX_POLLS = 120;

/** How an import's polling ended. */
export type PollOutcome =
  | { kind: 'completed'; job: JobStatusResponse }
  | { kind: 'failed'; job: JobStatusResponse }
  /** Five status calls in a row failed: the import may still be processing. */
  | { kind: 'unreachable' }
  /** The poll budget ran out; `stillRunning` when the last answer said pending or processing. */
  | { kind: 'gave-up'; stillRunning: boolean };

export interface PollState {
  polls: number;
  consecutiveFailures: number;
  /** The last status the server gave, or null when the last call failed. */
  last: JobStatusResponse | null;
}

export type PollStep =
  | { next: 'wait'; delayMs: number; state: PollState }
  | { next: 'done'; outcome: PollOutcome };

export const initialPollState: PollState = { polls: 0, consecutiveFailures: 0, last: null };

/** The wait before the next poll: 2 s, or 2 s x 1.5^failures (at most 10 s) after failed calls. */
export function pollDelayMs(consecutiveFailures: number): number {
  if (consecutiveFailures <= 0) return POLL_INTERVAL_MS;
  return Math.min(POLL_INTERVAL_MS * POLL_BACKOFF_FACTOR ** consecutiveFailures, POLL_BACKOFF_CAP_MS);
}

/** What follows one poll's answer (a job status, or `null` when the status call failed). */
export function advancePoll(state: PollState, answer: JobStatusResponse | null, maxPolls: number): PollStep {
  const polls = state.polls + 1;
  if (answer?.status === 'completed') return { next: 'done', outcome: { kind: 'completed', job: answer } };
  if (answer?.status === 'failed') return { next: 'done', outcome: { kind: 'failed', job: answer } };
  const consecutiveFailures = answer ? 0 : state.consecutiveFailures + 1;
  if (consecutiveFailures >= MAX_CONSECUTIVE_POLL_FAILURES) {
    return { next: 'done', outcome: { kind: 'unreachable' } };
  }
  if (polls >= maxPolls) return { next: 'done', outcome: { kind: 'gave-up', stillRunning: answer !== null } };
  return {
    next: 'wait',
    delayMs: pollDelayMs(consecutiveFailures),
    state: { polls, consecutiveFailures, last: answer },
  };
}

/** The timer polling runs on; tests pass a manual one so they never sleep. */
export interface PollTimer {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimer: PollTimer = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PollJobOptions {
  fetchStatus: () => Promise<JobStatusResponse>;
  maxPolls: number;
  /** Each status the server gives while the job runs (for the progress bar). */
  onStatus: (job: JobStatusResponse) => void;
  /** A status call that failed (logged; polling backs off). */
  onPollError?: (error: unknown) => void;
  onDone: (outcome: PollOutcome) => void;
  timer?: PollTimer;
}

/** Polls until the job ends or polling gives up; returns a function that stops it. */
export function pollJob({
  fetchStatus,
  maxPolls,
  onStatus,
  onPollError,
  onDone,
  timer = browserTimer,
}: PollJobOptions): () => void {
  let stopped = false;
  let handle: unknown;

  const poll = async (state: PollState) => {
    let answer: JobStatusResponse | null = null;
    try {
      answer = await fetchStatus();
    } catch (error) {
      onPollError?.(error);
    }
    if (stopped) return;
    if (answer) onStatus(answer);
    const step = advancePoll(state, answer, maxPolls);
    if (step.next === 'done') {
      stopped = true;
      onDone(step.outcome);
      return;
    }
    handle = timer.setTimeout(() => void poll(step.state), step.delayMs);
  };

  handle = timer.setTimeout(() => void poll(initialPollState), POLL_INTERVAL_MS);
  return () => {
    stopped = true;
    timer.clearTimeout(handle);
  };
}
