import { AppError } from '../app-error';

export interface CallGateLimits {
  /** Calls under way at once in this process. */
  concurrency: number;
  /** Calls waiting for a place; one more is refused with RATE_LIMITED. */
  maxWaiting: number;
  /** The refusal's message. */
  busyMessage: string;
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number;
}

export interface CallGate {
  /**
   * Runs `call` when a place is free. When every place is taken and `maxWaiting` calls already wait, refuses
   * at once with RATE_LIMITED and `retryAfterSeconds`; a `patient` caller (a background job, whose own
   * concurrency bounds how many wait) joins the line instead.
   */
  run<T>(call: () => Promise<T>, options?: { patient?: boolean }): Promise<T>;
  stats(): { running: number; waiting: number };
}

/** A bound on an outward call shared by every user of the process: so many at once, a short line, then 429. */
export function createCallGate(limits: CallGateLimits): CallGate {
  const line: (() => void)[] = [];
  let running = 0;

  async function place(patient: boolean): Promise<void> {
    if (running < limits.concurrency) {
      running += 1;
      return;
    }
    if (!patient && line.length >= limits.maxWaiting) {
      throw new AppError('RATE_LIMITED', limits.busyMessage, undefined, {
        retryAfterSeconds: limits.retryAfterSeconds,
      });
    }
    await new Promise<void>((resolve) => line.push(resolve));
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
  };
}
