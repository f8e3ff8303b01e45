import { AppError } from '../app-error';

export interface CallGateLimits {
  /** Calls under way at once in this process. */
  concurrency: number;
  /** Calls waiting for a place; one more is refused with RATE_LIMITED. Unset: every caller waits. */
  maxWaiting?: number;
  /** The refusal's message. */
  busyMessage?: string;
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds?: number;
}

export interface CallGate {
  /**
   * Runs `call` when a place is free. When every place is taken and `maxWaiting` calls already wait, refuses
   * at once with RATE_LIMITED and `retryAfterSeconds`; a `patient` caller (a background job, whose own
   * concurrency bounds how many wait) joins the line instead.
   */
  run<T>(call: () => Promise<T>, options?: { patient?: boolean }): Promise<T>;
  stats(): { running: number; waiting: number };
  /** The most calls that ever ran at once. */
  peakRunning(): number;
}

/** A bound on an outward call shared by every user of the process: so many at once, a short line, then 429. */
export function createCallGate(limits: CallGateLimits): CallGate {
  const line: (() => void)[] = [];
  let running = 0;
  let peakRunning = 0;

  async function place(patient: boolean): Promise<void> {
    if (running < limits.concurrency) {
      running += 1;
    } else {
      if (!patient && limits.maxWaiting !== undefined && line.length >= limits.maxWaiting) {
        throw new AppError('RATE_LIMITED', limits.busyMessage ?? 'Too many requests at once', undefined, {
          retryAfterSeconds: limits.retryAfterSeconds ?? 1,
        });
      }
      await new Promise<void>((resolve) => line.push(resolve));
    }
    peakRunning = Math.max(peakRunning, running);
  }

  function release() {
    const next = line.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run(call, options) {
      await place(options?.patient ?? false);
      try {
        return await call();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: line.length }),
    peakRunning: () => peakRunning,
  };
}
