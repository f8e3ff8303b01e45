import type { CoreDeps } from '../deps';
import { isLinkToken } from './link-token';
import { type OpenRequest, recordOpens } from './record-open';

export interface OpenRecorderOptions {
  /** How long a fetch waits to be written with others. */
  flushEveryMs?: number;
  /** The most fetches one write takes. */
  maxBatch?: number;
  /** Beyond this many waiting fetches (the database far behind), new ones are dropped, not buffered. */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

/**
 * Buffers pixel fetches and writes them in batches (recordOpens), so the pixel answers without waiting for
 * the database and a burst of opens costs a few statements, not a few per open. One write runs at a time;
 * what arrives meanwhile goes into the next, larger batch. Fetches of tokens that cannot exist are dropped
 * at once. flush() resolves once everything recorded before it is written. A crash loses at most the
 * fetches of the last moment.
 */
export function createOpenRecorder(deps: CoreDeps, options: OpenRecorderOptions = {}) {
  const flushEveryMs = options.flushEveryMs ?? 50;
  const maxBatch = options.maxBatch ?? 100;
  const maxPending = options.maxPending ?? 100_000;
  let pending: OpenRequest[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      await recordOpens(deps, batch).catch((error: unknown) => options.onError?.(error));
    }
  }

  function startWriting(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing ??= drain().finally(() => {
      writing = undefined;
      if (pending.length > 0) timer ??= setTimeout(startWriting, flushEveryMs);
    });
    return writing;
  }

  return {
    record(open: OpenRequest): void {
      if (!isLinkToken(open.trackingToken) || pending.length >= maxPending) return;
      pending.push(open);
      if (!writing) timer ??= setTimeout(startWriting, flushEveryMs);
    },
    async flush(): Promise<void> {
      while (writing || pending.length > 0) await (writing ?? startWriting());
    },
  };
}
export type OpenRecorder = ReturnType<typeof createOpenRecorder>;
