import type { JobStatus, JobStatusResponse } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import {
  ADD_ALL_IMPORT_MAX_POLLS,
  advancePoll,
  initialPollState,
  type PollOutcome,
  type PollTimer,
  pollDelayMs,
  pollJob,
  SELECTED_IMPORT_MAX_POLLS,
} from './job-polling';

function job(status: JobStatus, added = 0, error: string | null = null): JobStatusResponse {
  return {
    id: 'job-1',
    type: 'lead-import',
    status,
    progress: {
      added,
      skipped: 0,
      revealed: 0,
      skippedDuplicates: 0,
      skippedNoEmail: 0,
      processed: added,
      total: 10,
    },
    waiting: null,
    error,
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
  };
}

/** A timer that only fires when the test says so, and records every wait asked of it. */
function manualTimer() {
  const pending = new Map<number, () => void>();
  const delays: number[] = [];
  let nextHandle = 0;
  const timer: PollTimer = {
    setTimeout(run, ms) {
      nextHandle += 1;
      pending.set(nextHandle, run);
      delays.push(ms);
      return nextHandle;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  /** Fires the one pending timer and lets the poll's promise settle. */
  async function fire() {
    const [handle, run] = [...pending.entries()][0] ?? [];
    if (!run) throw new Error('no timer pending');
    pending.delete(handle as number);
    run();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  }
  return { timer, delays, fire, pendingCount: () => pending.size };
}

/** Runs pollJob against a scripted sequence of answers (a status, or an Error for a failed call). */
async function runScript(answers: (JobStatusResponse | Error)[], maxPolls: number) {
  const clock = manualTimer();
  const statuses: JobStatus[] = [];
  let outcome: PollOutcome | undefined;
  let calls = 0;
  pollJob({
    maxPolls,
    timer: clock.timer,
    fetchStatus: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      if (answer instanceof Error) throw answer;
      return answer as JobStatusResponse;
    },
    onStatus: (status) => statuses.push(status.status),
    onDone: (done) => {
      outcome = done;
    },
  });
  while (!outcome && clock.pendingCount() > 0) await clock.fire();
  return { outcome, delays: clock.delays, calls, statuses, pending: clock.pendingCount() };
}

describe('pollDelayMs', () => {
  it('waits 2 s, and 2 s x 1.5^n after n failures in a row, never more than 10 s', () => {
    expect(pollDelayMs(0)).toBe(2000);
    expect(pollDelayMs(1)).toBe(3000);
    expect(pollDelayMs(2)).toBe(4500);
    expect(pollDelayMs(3)).toBe(6750);
    expect(pollDelayMs(4)).toBe(10_000);
    expect(pollDelayMs(9)).toBe(10_000);
  });
});

describe('advancePoll', () => {
  it('ends on a completed or failed job', () => {
    const done = advancePoll(initialPollState, job('completed', 3), 60);
    expect(done).toEqual({ next: 'done', outcome: { kind: 'completed', job: job('completed', 3) } });
    const failed = advancePoll(initialPollState, job('failed', 0, 'Apollo refused the key'), 60);
    expect(failed.next === 'done' && failed.outcome.kind).toBe('failed');
  });

  it('resets the failure count after a good answer', () => {
    const afterFailure = advancePoll(initialPollState, null, 60);
    expect(afterFailure).toMatchObject({ next: 'wait', delayMs: 3000, state: { consecutiveFailures: 1 } });
    if (afterFailure.next !== 'wait') throw new Error('expected to wait');
    const recovered = advancePoll(afterFailure.state, job('processing'), 60);
    expect(recovered).toMatchObject({
      next: 'wait',
      delayMs: 2000,
      state: { consecutiveFailures: 0, polls: 2 },
    });
  });
});

describe('pollJob', () => {
  it('polls first after 2 s and then every 2 s until the job completes', async () => {
    const run = await runScript([job('pending'), job('processing', 4), job('completed', 10)], 60);
    expect(run.outcome).toEqual({ kind: 'completed', job: job('completed', 10) });
    expect(run.delays).toEqual([2000, 2000, 2000]);
    expect(run.statuses).toEqual(['pending', 'processing', 'completed']);
    expect(run.pending).toBe(0);
  });

  it('reports a failed job with its error', async () => {
    const run = await runScript([job('processing'), job('failed', 0, 'Apollo is unreachable')], 60);
    expect(run.outcome).toMatchObject({ kind: 'failed', job: { error: 'Apollo is unreachable' } });
  });

  it('backs off after failed status calls and stops after five in a row', async () => {
    const down = new Error('503: Service Unavailable');
    const run = await runScript([job('processing'), down, down, down, down, down], 60);
    expect(run.outcome).toEqual({ kind: 'unreachable' });
    expect(run.calls).toBe(6);
    expect(run.delays).toEqual([2000, 2000, 3000, 4500, 6750, 10_000]);
  });

  it('keeps going when failures are not consecutive', async () => {
    const down = new Error('Failed to fetch');
    const answers = [down, down, down, down, job('processing'), down, down, job('completed', 7)];
    const run = await runScript(answers, 60);
    expect(run.outcome).toMatchObject({ kind: 'completed' });
    expect(run.calls).toBe(8);
  });

  it('gives up after 60 polls for selected leads, saying the import is still running', async () => {
    const run = await runScript([job('processing')], SELECTED_IMPORT_MAX_POLLS);
    expect(run.calls).toBe(60);
    expect(run.outcome).toEqual({ kind: 'gave-up', stillRunning: true });
    expect(run.delays.every((delay) => delay === 2000)).toBe(true);
  });

  it('allows 120 polls for add-all, and reports the status unavailable when the last call failed', async () => {
    const answers: (JobStatusResponse | Error)[] = [];
    for (let i = 0; i < ADD_ALL_IMPORT_MAX_POLLS - 1; i += 1) answers.push(job('processing'));
    answers.push(new Error('Failed to fetch'));
    const run = await runScript(answers, ADD_ALL_IMPORT_MAX_POLLS);
    expect(run.calls).toBe(120);
    expect(run.outcome).toEqual({ kind: 'gave-up', stillRunning: false });
  });

  it('stops polling when cancelled', async () => {
    const clock = manualTimer();
    let calls = 0;
    const stop = pollJob({
      maxPolls: 60,
      timer: clock.timer,
      fetchStatus: async () => {
        calls += 1;
        return job('processing');
      },
      onStatus: () => {},
      onDone: () => {
        throw new Error('should not finish');
      },
    });
    await clock.fire();
    stop();
    expect(calls).toBe(1);
    expect(clock.pendingCount()).toBe(0);
  });
});
