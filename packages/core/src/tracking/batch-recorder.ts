export interface BatchRecorderOptions {
  /** How long a request waits to be written with others. */
  flushEveryMs?: number;
  /** The most requests one write takes (the requests of one key are never split). */
  maxBatch?: number;
  /** Beyond this many waiting requests (the database far behind), new ones are dropped, not buffered. */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

/**
 * Requests held until the first of their key is `ms` old, so a write sees every request of the key made
 * within that time together (a scanner's burst of clicks on one email). flush() does not wait for them.
 */
export interface Settle<T> {
  ms: number;
  now: () => Date;
  at: (request: T) => Date;
}

/**
 * Buffers tracking requests and writes them in batches, so the public endpoint answers without waiting
 * for the database and a burst costs a few statements, not a few per request. Requests are grouped by
 * `key` (the email's token) in the order their key first came, and a key's requests are written
 * together. One write runs at a time; what arrives meanwhile goes into the next batch. Requests `accepts`
 * refuses (tokens that cannot exist) are dropped at once. flush() resolves once everything recorded
 * before it is written. A crash loses at most the requests of the last moment.
 */
export function createBatchRecorder<T>(
  write: (batch: T[]) => Promise<unknown>,
  options: BatchRecorderOptions & {
    accepts: (request: T) => boolean;
    key: (request: T) => string;
    settle?: Settle<T>;
  },
) {
  const flushEveryMs = options.flushEveryMs ?? 50;
  const maxBatch = options.maxBatch ?? 500;
  const maxPending = options.maxPending ?? 100_000;
  const { settle } = options;
  const groups = new Map<string, { since: number; requests: T[] }>();
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let flushing = 0;

  /** The oldest keys' requests, up to maxBatch, settled unless flushing. */
  function takeBatch(): T[] {
    const cutoff = settle && flushing === 0 ? settle.now().getTime() - settle.ms : Number.POSITIVE_INFINITY;
    const batch: T[] = [];
    for (const [key, group] of groups) {
      if (batch.length >= maxBatch || group.since > cutoff) break;
      batch.push(...group.requests);
      groups.delete(key);
    }
    pending -= batch.length;
    return batch;
  }

  async function drain(): Promise<void> {
    for (let batch = takeBatch(); batch.length > 0; batch = takeBatch())
      await write(batch).catch((error: unknown) => options.onError?.(error));
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(startWriting, flushEveryMs);
    // Requests waiting to settle must not keep a finished process alive.
    if (settle) timer.unref();
  }

  function startWriting(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing ??= drain().finally(() => {
      writing = undefined;
      if (pending > 0) schedule();
    });
    return writing;
  }

  return {
    record(request: T): void {
      if (!options.accepts(request) || pending >= maxPending) return;
      const key = options.key(request);
      const group = groups.get(key);
      if (group) group.requests.push(request);
      else groups.set(key, { since: settle?.at(request).getTime() ?? 0, requests: [request] });
      pending++;
      if (!writing) schedule();
    },
    async flush(): Promise<void> {
      flushing++;
      try {
        while (writing || pending > 0) await (writing ?? startWriting());
      } finally {
        flushing--;
      }
    },
  };
}
