import type { EmailCheckResult, ListCheckResult } from '@prospector/contracts';
import {
  createManualClock,
  createResolver,
  createSpamCheckPool,
  type DnsResolver,
  MX_LOOKUP_LIMITS,
  SPAM_CHECK_BUSY,
  type SpamCheckPool,
} from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DnsServer, startDnsServer } from '../../testing/dns-test-kit';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { importedSequence } from '../personalisation/personalisation-test-kit';
import { LIST_CHECKS_PER_USER } from './check-routes';

/** The process pool, each run of which waits until the test opens the gate; counts runs under way. */
function gatedSpamPool() {
  const pool = createSpamCheckPool({ concurrency: 1, perUser: 2, maxWaiting: 2 });
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const runs = { now: 0, peak: 0, total: 0 };
  const gated: SpamCheckPool = {
    check: (workspaceId, key, score) =>
      pool.check(workspaceId, key, async (signal) => {
        runs.now += 1;
        runs.total += 1;
        runs.peak = Math.max(runs.peak, runs.now);
        try {
          await opened;
          return await score(signal);
        } finally {
          runs.now -= 1;
        }
      }),
    stats: () => pool.stats(),
  };
  return { pool: gated, runs, open: () => open() };
}

/** The app's resolver, counting the DNS queries under way at once. */
function countingResolver(inner: DnsResolver) {
  const queries = { now: 0, peak: 0 };
  const counted =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      queries.now += 1;
      queries.peak = Math.max(queries.peak, queries.now);
      try {
        return await call(...args);
      } finally {
        queries.now -= 1;
      }
    };
  const resolver: DnsResolver = {
    ...inner,
    resolveMx: counted(inner.resolveMx),
    resolve4: counted(inner.resolve4),
    resolve6: counted(inner.resolve6),
  };
  return { resolver, queries };
}

let dns: DnsServer;
let env: MailboxApp;
const spam = gatedSpamPool();
let counting: ReturnType<typeof countingResolver>;

beforeAll(async () => {
  dns = await startDnsServer();
  dns.set('gmail.com', { mx: ['gmail-smtp-in.l.google.com'] });
  dns.set('engine-test.example', { mx: ['mx.engine-test.example'] });
  // A name that never answers gives up after 200 ms, so the lookups under way are seen at once.
  const resolver = createResolver({
    servers: [dns.address],
    clock: createManualClock(),
    timeoutMs: 200,
    tries: 1,
  });
  counting = countingResolver(resolver);
  env = await startMailboxApp({ spamPool: spam.pool, dns: counting.resolver });
});
afterAll(async () => {
  await env?.close();
  await dns?.close();
});

const checkEmail = (u: EngineUser, templateId: string) =>
  u.browser.post(`/api/templates/${templateId}/check`, {});

/** GET /api/health `times` times in a row: the slowest answer in milliseconds, and every status. */
async function health(u: EngineUser, times: number) {
  let slowest = 0;
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    statuses.push((await u.browser.get('/api/health')).status);
    slowest = Math.max(slowest, performance.now() - started);
  }
  return { slowest, statuses };
}

/** A sequence over `count` contacts, each at a domain of its own that the DNS server never answers. */
async function silentList(u: EngineUser, name: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const domain = `d${i}.${name}.example`;
    dns.behave(domain, 'silent');
    return { email: `p${i}@${domain}`, firstName: 'P' };
  });
  return (await importedSequence(u, 'Hi', '<p>Hi {{first_name}} {{unsubscribe_url}}</p>', rows)).sequence;
}

describe('checks started many at once stay within their bounds', () => {
  it('runs one spam check at a time, queues a few, answers 429 with Retry-After beyond, and caches', async () => {
    const [a, b, c] = [await engineUser(env), await engineUser(env), await engineUser(env)];
    const templates = await Promise.all([1, 2, 3].map((n) => a.template(`Subject ${n}`, `<p>Body ${n}</p>`)));
    const [a1, a2, a3] = templates.map((t) => t.id) as [string, string, string];
    const bTemplate = await b.template('Other', '<p>Other body</p>');
    const cTemplate = await c.template('Third', '<p>Third body</p>');

    const first = [checkEmail(a, a1), checkEmail(a, a2)];
    await vi.waitFor(() => expect(spam.pool.stats()).toMatchObject({ running: 1, waiting: 1 }));
    // A third check of the same user: over the user's share.
    const overUser = await checkEmail(a, a3);
    expect(overUser.status).toBe(429);
    expect(overUser.json()).toMatchObject({ code: 'RATE_LIMITED', message: SPAM_CHECK_BUSY });
    expect(Number(overUser.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const second = checkEmail(b, bTemplate.id);
    await vi.waitFor(() => expect(spam.pool.stats()).toMatchObject({ running: 1, waiting: 2 }));
    // Another user's first check while the process's queue is full.
    const overProcess = await checkEmail(c, cTemplate.id);
    expect(overProcess.status).toBe(429);
    expect(Number(overProcess.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const meanwhile = await health(c, 5);
    expect(meanwhile.statuses).toEqual([200, 200, 200, 200, 200]);
    expect(meanwhile.slowest).toBeLessThan(1_000);

    spam.open();
    const answers = await Promise.all([...first, second]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(spam.runs.peak).toBe(1);
    expect(spam.pool.stats().peakRunning).toBe(1);

    // The same email again: the kept report, no new run.
    const runs = spam.runs.total;
    const again = await checkEmail(a, a1);
    expect(again.status).toBe(200);
    expect(again.json<EmailCheckResult>()).toEqual(answers[0]?.json<EmailCheckResult>());
    expect(spam.runs.total).toBe(runs);
  }, 60_000);

  it('caps DNS lookups across list checks run at once, and each user to a few checks a minute', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => engineUser(env)));
    const sequences = await Promise.all(users.map((u, i) => silentList(u, `user${i}`, 20)));
    const before = counting.queries.peak;
    expect(before).toBeLessThanOrEqual(MX_LOOKUP_LIMITS.maxConcurrent);

    const checks = users.map((u, i) => u.browser.post(`/api/sequences/${sequences[i]?.id}/list-check`, {}));
    const meanwhile = await health(users[0] as EngineUser, 5);
    const answers = await Promise.all(checks);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) {
      // A domain whose DNS never answers is "could not check", not "no mail server".
      expect(answer.json<ListCheckResult>()).toMatchObject({ total: 20, unknown: 20, noMx: 0 });
    }
    // 4 checks of 20 domains wanted 80 lookups at once; the process never had more than its cap under way.
    expect(counting.queries.peak).toBe(MX_LOOKUP_LIMITS.maxConcurrent);
    expect(meanwhile.statuses).toEqual([200, 200, 200, 200, 200]);
    expect(meanwhile.slowest).toBeLessThan(1_000);

    const u = users[1] as EngineUser;
    const path = `/api/sequences/${sequences[1]?.id}/list-check`;
    for (let i = 1; i < LIST_CHECKS_PER_USER.max; i++)
      expect((await u.browser.post(path, {})).status).toBe(200);
    const over = await u.browser.post(path, {});
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another user is not held back by this one's checks.
    expect((await users[2]?.browser.post(`/api/sequences/${sequences[2]?.id}/list-check`, {}))?.status).toBe(
      200,
    );
  }, 60_000);
});
