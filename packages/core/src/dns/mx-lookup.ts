import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';
import { createCallGate } from '../limits/call-gate';
import type { DnsResolver } from './resolver';

/** Whether a domain takes mail: an MX (or, without one, an address record), none, or no answer to tell. */
export type MailDomainStatus = 'accepts-mail' | 'no-mx' | 'unknown';

export interface MxLookupStats {
  /** Domains being looked up now, and the most there ever were at once. */
  inFlight: number;
  peakInFlight: number;
  /** Domains kept in the cache. */
  cached: number;
}

export interface MxLookup {
  status(domain: string): Promise<MailDomainStatus>;
  stats(): MxLookupStats;
}

export const MX_LOOKUP_LIMITS = {
  /** Domains looked up at once in the whole process, whoever asks. */
  maxConcurrent: 16,
  /** The longest one domain's lookups (MX, then A and AAAA) may take before it is 'unknown'. */
  timeoutMs: 5_000,
  /** Domains whose status is kept (least recently used dropped first). */
  maxEntries: 20_000,
  /** How long a status is kept: an answer, a "no mail" answer, a failure to answer. */
  ttlMs: 60 * 60 * 1000,
  negativeTtlMs: 15 * 60 * 1000,
  failureTtlMs: 60 * 1000,
} as const;

export type MxLookupOptions = { clock: Clock } & { [K in keyof typeof MX_LOOKUP_LIMITS]?: number };

function withTimeout(lookup: Promise<MailDomainStatus>, ms: number): Promise<MailDomainStatus> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<MailDomainStatus>((resolve) => {
    timer = setTimeout(() => resolve('unknown'), ms);
  });
  return Promise.race([lookup, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether domains take mail, through the app's one resolver. A domain without MX records falls back to its
 * A/AAAA records (RFC 5321 section 5.1); a null MX (RFC 7505) takes no mail. Timeouts, SERVFAIL and refused
 * queries are 'unknown', never 'no-mx'. Statuses are kept in a bounded LRU by the clock (a failure only
 * briefly), lookups of one domain at once share one answer, and at most `maxConcurrent` domains are looked
 * up at once in the process, each within `timeoutMs`.
 */
export function createMxLookup(dns: DnsResolver, options: MxLookupOptions): MxLookup {
  const limits = { ...MX_LOOKUP_LIMITS, ...options };
  const cache = new LRUCache<string, MailDomainStatus>({
    max: limits.maxEntries,
    ttl: limits.ttlMs,
    // Every read asks the clock, so tests that move it see answers expire at once.
    ttlResolution: 0,
    perf: { now: () => options.clock.now().getTime() },
  });
  const inFlight = new Map<string, Promise<MailDomainStatus>>();
  // At most maxConcurrent lookups at once; the others wait their turn in order.
  const gate = createCallGate({ concurrency: limits.maxConcurrent });

  async function hasAddress(domain: string): Promise<MailDomainStatus> {
    for (const lookUp of [dns.resolve4, dns.resolve6]) {
      const answer = await lookUp(domain);
      if (answer.ok && answer.records.length > 0) return 'accepts-mail';
      if (!answer.ok && !answer.missing) return 'unknown';
    }
    return 'no-mx';
  }

  async function resolve(domain: string): Promise<MailDomainStatus> {
    const answer = await dns.resolveMx(domain);
    if (!answer.ok) {
      if (answer.nxdomain) return 'no-mx';
      return answer.missing ? hasAddress(domain) : 'unknown';
    }
    if (answer.records.length === 0) return hasAddress(domain);
    const nullMx = answer.records.every((record) => record.exchange === '' || record.exchange === '.');
    return nullMx ? 'no-mx' : 'accepts-mail';
  }

  const ttlOf = (status: MailDomainStatus) =>
    status === 'accepts-mail'
      ? limits.ttlMs
      : status === 'no-mx'
        ? limits.negativeTtlMs
        : limits.failureTtlMs;

  return {
    async status(rawDomain) {
      const domain = rawDomain.trim().toLowerCase().replace(/\.$/, '');
      const cached = cache.get(domain);
      if (cached) return cached;
      const pending = inFlight.get(domain);
      if (pending) return pending;
      const lookup = gate.run(() => withTimeout(resolve(domain), limits.timeoutMs));
      inFlight.set(domain, lookup);
      try {
        const status = await lookup;
        cache.set(domain, status, { ttl: ttlOf(status) });
        return status;
      } finally {
        inFlight.delete(domain);
      }
    },
    stats: () => ({
      inFlight: gate.stats().running,
      peakInFlight: gate.peakRunning(),
      cached: cache.size,
    }),
  };
}
