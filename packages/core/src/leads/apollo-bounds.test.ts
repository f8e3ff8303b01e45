import { describe, expect, it } from 'vitest';
import {
  APOLLO_BUSY,
  APOLLO_CALL_LIMITS,
  APOLLO_TIMED_OUT,
  apolloCalls,
  createApolloClient,
} from './apollo-client';
import { BACKGROUND_APOLLO_RETRY, INTERACTIVE_APOLLO_RETRY } from './apollo-settings';

const answer = () =>
  new Response(JSON.stringify({ people: [], pagination: { total_entries: 0 } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A fetch that answers only when told to, or fails when its signal aborts. */
function heldFetch() {
  const held: { signal: AbortSignal; answer: () => void }[] = [];
  const fetch = ((_input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal as AbortSignal;
      signal.addEventListener('abort', () => reject(signal.reason));
      held.push({ signal, answer: () => resolve(answer()) });
    })) as typeof globalThis.fetch;
  return { fetch, held };
}

function clientOver(
  fetch: typeof globalThis.fetch,
  options: { deadline?: () => AbortSignal; background?: boolean },
) {
  return createApolloClient(
    { baseUrl: 'https://api.apollo.example', apiKey: 'key' },
    {
      fetch,
      sleep: async () => {},
      retry: options.background ? BACKGROUND_APOLLO_RETRY : INTERACTIVE_APOLLO_RETRY,
      now: () => Date.parse('2025-05-01T09:00:00Z'),
      deadline: options.deadline,
    },
  );
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Apollo calls, bounded', () => {
  it('gives every call a deadline of 20 s and answers "did not answer in time" when it passes, without retrying', async () => {
    expect(APOLLO_CALL_LIMITS.timeoutMs).toBe(20_000);
    const { fetch, held } = heldFetch();
    const controller = new AbortController();
    const search = clientOver(fetch, { deadline: () => controller.signal }).searchPeople({});
    await settle();
    expect(held).toHaveLength(1);
    controller.abort(new DOMException('The operation timed out', 'TimeoutError'));
    await expect(search).rejects.toMatchObject({ code: 'UPSTREAM_ERROR', message: APOLLO_TIMED_OUT });
    expect(held).toHaveLength(1);
    expect(apolloCalls.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes a timeout signal to the transport by default', async () => {
    const { fetch, held } = heldFetch();
    const search = clientOver(fetch, {}).searchPeople({});
    await settle();
    expect(held[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(held[0]!.signal.aborted).toBe(false);
    held[0]!.answer();
    expect((await search).people).toEqual([]);
  });

  it('runs 8 calls at once per process with 16 waiting, refuses the next with 429, and lets a background import wait', async () => {
    const { fetch, held } = heldFetch();
    const apollo = clientOver(fetch, {});
    const lined = APOLLO_CALL_LIMITS.concurrency + APOLLO_CALL_LIMITS.maxWaiting;
    const searches = Array.from({ length: lined }, () => apollo.searchPeople({}));
    await settle();
    expect(held).toHaveLength(8);
    expect(apolloCalls.stats()).toEqual({ running: 8, waiting: 16 });

    await expect(apollo.searchPeople({})).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: APOLLO_BUSY,
      details: { retryAfterSeconds: APOLLO_CALL_LIMITS.retryAfterSeconds },
    });
    const background = clientOver(fetch, { background: true }).searchPeople({});
    await settle();
    expect(apolloCalls.stats()).toEqual({ running: 8, waiting: 17 });

    while (held.length) {
      for (const call of held.splice(0)) call.answer();
      await settle();
    }
    await Promise.all([...searches, background]);
    expect(apolloCalls.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
