export interface BatchRecorderOptions {
  /** How long a request waits to be written with others. */
  flushEveryMs?: number;
  /** The most requests one write takes. */
  maxBatch?: number;
  /** Beyond this many waiting requests (the database far behind), new ones are dropped, not buffered. */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

/**
 * Requests held until they are `ms` old, so a write sees every request of the same `key` made within
 * that time together (a scanner's burst of clicks on one email). flush() does not wait for them.
 */
export interface Settle<T> {
  ms: number;
  now: () => Date;
  at: (request: T) => Date;
  key: (request: T) => string;
}

/**
 * Buffers tracking requests and writes them in batches, so the public endpoint answers without waiting
 * for the database and a burst costs a few statements, not a few per request. One write runs at a time;
 * what arrives meanwhile goes into the next, larger batch. Requests `accepts` refuses (tokens that cannot
 * exist) are dropped at once. flush() resolves once everything recorded before it is written. A crash
 * loses at most the requests of the last moment.
 */
export function createBatchRecorder<T>(
  write: (batch: T[]) => Promise<unknown>,
  options: BatchRecorderOptions & { accepts: (request: T) => boolean; settle?: Settle<T> },
) {
  const flushEveryMs = options.flushEveryMs ?? 50;
  const maxBatch = options.maxBatch ?? 100;
  const maxPending = options.maxPending ?? 100_000;
  const { settle } = options;
  let pending: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let flushing = 0;

  /** The next batch: the oldest requests, settled unless flushing, with the rest of their keys' requests. */
  function takeBatch(): T[] {
    let ready = Math.min(pending.length, maxBatch);
    if (settle && flushing === 0) {
      const cutoff = settle.now().getTime() - settle.ms;
      const unsettled = pending.findIndex((request) => settle.at(request).getTime() > cutoff);
      if (unsettled !== -1) ready = Math.min(ready, unsettled);
    }
    const batch = pending.slice(0, ready);
    pending = pending.slice(ready);
    if (!settle || batch.length === 0) return batch;
    const keys = new Set(batch.map(settle.key));
    const companions = pending.filter((request) => keys.has(settle.key(request)));
    pending = pending.filter((request) => !keys.has(settle.key(request)));
    return [...batch, ...companions];
  }

  async function drain(): Promise<void> {
    for (let batch = takeBatch(); batch.length > 0; batch = takeBatch())
      await write(batch).catch((error: unknown) => options.onError?.(error));
  }

  function schedule() {
    timer ??= setTimeout(startWriting, flushEveryMs);
    // Requests waiting to settle must not keep a finished process alive.
    if (settle) timer.unref();
  }

  function startWriting(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing ??= drain().finally(() => {
      writing = undefined;
      if (pending.length > 0) schedule();
    });
    return writing;
  }

  return {
    record(request: T): void {
      if (!options.accepts(request) || pending.length >= maxPending) return;
      pending.push(request);
      if (!writing) schedule();
    },
    async flush(): Promise<void> {
      flushing++;
      try {
        while (writing || pending.length > 0) await (writing ?? startWriting());
      } finally {
        flushing--;
      }
    },
  };
}
