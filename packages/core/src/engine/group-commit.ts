/**
 * Coalesces calls made while a write is in flight into the next write (group commit): the first call
 * writes at once, the calls arriving meanwhile wait for it and then go together in one write. Each call
 * resolves with its own answer, or rejects with the write's error. `write` answers in the items' order.
 */
export function groupCommit<T, R>(write: (items: T[]) => Promise<R[]>, maxBatch = 200) {
  let waiting: { item: T; resolve: (value: R) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      try {
        const answers = await write(batch.map((entry) => entry.item));
        for (const [i, entry] of batch.entries()) entry.resolve(answers[i] as R);
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  };
  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
