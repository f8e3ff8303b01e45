import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../app-error';
import { createCallGate } from '../../limits/call-gate';
import type { SpamReport } from './spam-report';

/** Scores one email; `signal` aborts when the run takes longer than the pool's timeout. */
export type SpamScorer = (signal: AbortSignal) => Promise<SpamReport>;

export interface SpamCheckPoolOptions {
  /** Checks scored at once in this process: one on a machine of two cores or fewer, else two. */
  concurrency?: number;
  /** Checks one user may have running or waiting; beyond it, 429. */
  perUser?: number;
  /** Checks waiting in the whole process; beyond it, 429. */
  maxWaiting?: number;
  /** Reports kept, by the exact email scored. */
  cacheSize?: number;
  /** The longest one run may take. */
  timeoutMs?: number;
}

export interface SpamCheckPoolStats {
  running: number;
  waiting: number;
  /** The most runs that were ever under way at once. */
  peakRunning: number;
  /** Runs started (cache hits and shared runs are not). */
  runs: number;
}

export interface SpamCheckPool {
  /**
   * The report for the email whose cache key is `key`: from the cache, from a run of the same email under
   * way, or from a new run of `score` when a place is free. Refuses with RATE_LIMITED (and
   * `retryAfterSeconds`) when the user already has `perUser` checks, or the process `maxWaiting`, waiting.
   */
  check(workspaceId: string, key: string, score: SpamScorer): Promise<SpamReport>;
  stats(): SpamCheckPoolStats;
}

export const SPAM_CHECK_LIMITS = {
  concurrency: availableParallelism() > 2 ? 2 : 1,
  perUser: 2,
  maxWaiting: 8,
  cacheSize: 500,
  timeoutMs: 20_000,
} as const;

export const SPAM_CHECK_BUSY = 'Too many email checks are running; try again in a few seconds';
export const SPAM_CHECK_TIMED_OUT = 'The email check took too long; try again';

/** What one run takes until runs have been measured: SpamAssassin's start-up and scan. */
const EXPECTED_RUN_MS = 4_000;

/**
 * The cache key of an email: the SHA-256 of its bytes, with the values that differ on every build of the
 * same email (its Date, Message-ID and MIME boundary, given in `volatile` or found) masked.
 */
export function spamCacheKey(raw: Buffer, volatile: readonly string[]): string {
  let text = raw.toString('utf8');
  const boundary = /boundary="([^"]+)"/.exec(text)?.[1] ?? '';
  for (const value of [...volatile, boundary]) if (value) text = text.split(value).join('\u0000');
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A bounded pool for the email check: a spam scan is a process of ~100 MB and seconds of CPU, so at most
 * `concurrency` run at once, each user has at most `perUser` under way, at most `maxWaiting` wait, each run
 * is stopped after `timeoutMs`, and a report is kept per exact email (LRU of `cacheSize`).
 */
export function createSpamCheckPool(options: SpamCheckPoolOptions = {}): SpamCheckPool {
  const limits = { ...SPAM_CHECK_LIMITS, ...options };
  const cache = new LRUCache<string, SpamReport>({ max: limits.cacheSize });
  const underWay = new Map<string, Promise<SpamReport>>();
  const perUser = new Map<string, number>();
  // The pool refuses by its own rule below (per user, and with a Retry-After from the runs' pace), so its
  // gate only keeps order: every check it lets in waits for a place.
  const gate = createCallGate({ concurrency: limits.concurrency });
  let runs = 0;
  let averageMs = EXPECTED_RUN_MS;

  const retryAfterSeconds = () => {
    const { running, waiting } = gate.stats();
    return Math.max(1, Math.ceil((((waiting + running) / limits.concurrency) * averageMs) / 1000));
  };

  function busy(): never {
    throw new AppError('RATE_LIMITED', SPAM_CHECK_BUSY, undefined, {
      retryAfterSeconds: retryAfterSeconds(),
    });
  }

  async function timed(score: SpamScorer): Promise<SpamReport> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new AppError('UPSTREAM_ERROR', SPAM_CHECK_TIMED_OUT));
      }, limits.timeoutMs);
    });
    const started = performance.now();
    try {
      return await Promise.race([score(controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
      averageMs = (averageMs * 3 + (performance.now() - started)) / 4;
    }
  }

  function run(key: string, score: SpamScorer): Promise<SpamReport> {
    return gate.run(async () => {
      runs += 1;
      const report = await timed(score);
      cache.set(key, report);
      return report;
    });
  }

  return {
    async check(workspaceId, key, score) {
      const cached = cache.get(key);
      if (cached) return cached;
      const shared = underWay.get(key);
      if (shared) return shared;
      const mine = perUser.get(workspaceId) ?? 0;
      if (mine >= limits.perUser) busy();
      const { running, waiting } = gate.stats();
      if (running >= limits.concurrency && waiting >= limits.maxWaiting) busy();
      perUser.set(workspaceId, mine + 1);
      const report = run(key, score);
      underWay.set(key, report);
      try {
        return await report;
      } finally {
        underWay.delete(key);
        const left = (perUser.get(workspaceId) ?? 1) - 1;
        if (left > 0) perUser.set(workspaceId, left);
        else perUser.delete(workspaceId);
      }
    },
    stats: () => ({ ...gate.stats(), peakRunning: gate.peakRunning(), runs }),
  };
}
