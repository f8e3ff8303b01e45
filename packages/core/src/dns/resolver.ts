import { Resolver } from 'node:dns/promises';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';

/**
 * The answer to one lookup: the records, or why there are none. `missing` says the name servers answered
 * that there is no such record or domain (NODATA, NXDOMAIN), as against failing to answer.
 */
export type DnsAnswer<T> =
  | { ok: true; records: T[] }
  | { ok: false; reason: string; missing: boolean; nxdomain: boolean };

export interface MxRecord {
  exchange: string;
  priority: number;
}

/**
 * CNAME, MX, A, AAAA, TXT and PTR lookups through the configured name servers. Each answer, and each answer
 * that there is no such record, is kept for a while by the clock; a failure to answer is not kept.
 */
export interface DnsResolver {
  resolveCname(domain: string): Promise<DnsAnswer<string>>;
  resolveMx(domain: string): Promise<DnsAnswer<MxRecord>>;
  resolve4(domain: string): Promise<DnsAnswer<string>>;
  resolve6(domain: string): Promise<DnsAnswer<string>>;
  /** Each TXT record as the strings it is published in (join them for its text). */
  resolveTxt(domain: string): Promise<DnsAnswer<string[]>>;
  /** The names an address's reverse name (`4.3.2.1.in-addr.arpa`) points to. */
  resolvePtr(name: string): Promise<DnsAnswer<string>>;
  /**
   * Drops every cached answer for the domain and the names under it (`_dmarc.`, `selector._domainkey.`):
   * a "Check now" must ask the name servers again.
   */
  forget(domain: string): void;
}

export interface ResolverOptions {
  /** `host` or `host:port` (IPv6 as `[addr]:port`); empty: the system's name servers. */
  servers: string[];
  clock: Clock;
  /** How long an answer (or a failure) is kept; default one minute. */
  cacheMs?: number;
  /** Per try, in milliseconds; default 3000. */
  timeoutMs?: number;
  tries?: number;
  /** Answers kept at most (least recently used dropped first); default 10,000. */
  maxEntries?: number;
}

/** Readable reasons for the error codes node:dns answers with. */
const REASONS: Record<string, string> = {
  ENODATA: 'no such record',
  ENOTFOUND: 'the domain does not exist (NXDOMAIN)',
  ESERVFAIL: 'the name server failed to answer (SERVFAIL)',
  EREFUSED: 'the name server refused the query',
  ETIMEOUT: 'the name server did not answer in time',
  ECONNREFUSED: 'the name server could not be reached',
  EFORMERR: 'the name server could not read the query',
  EBADRESP: 'the name server sent a malformed answer',
};

const errorCode = (error: unknown) => (error as { code?: string }).code ?? '';

export function dnsFailureReason(error: unknown): string {
  const code = errorCode(error);
  return REASONS[code] ?? `the lookup failed (${code || 'unknown error'})`;
}

function failed<T>(error: unknown): DnsAnswer<T> {
  const code = errorCode(error);
  return {
    ok: false,
    reason: dnsFailureReason(error),
    missing: code === 'ENOTFOUND' || code === 'ENODATA',
    nxdomain: code === 'ENOTFOUND',
  };
}

const KINDS = ['CNAME', 'MX', 'A', 'AAAA', 'TXT', 'PTR'] as const;
const nameOf = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '');

/**
 * One resolver for the app: CNAME checks of tracking domains, MX lookups and sender-health checks share its
 * servers and cache.
 */
export function createResolver(options: ResolverOptions): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const cacheMs = options.cacheMs ?? 60_000;
  const cache = new LRUCache<string, Promise<DnsAnswer<unknown>>>({
    max: options.maxEntries ?? 10_000,
    ttl: Math.max(1, cacheMs),
    // Every read asks the clock, so tests that move it see answers expire at once.
    ttlResolution: 0,
    perf: { now: () => options.clock.now().getTime() },
  });

  function cached<T>(kind: (typeof KINDS)[number], domain: string, lookUp: (name: string) => Promise<T[]>) {
    const name = nameOf(domain);
    const key = `${kind} ${name}`;
    const hit = cache.get(key);
    if (hit) return hit as Promise<DnsAnswer<T>>;
    const answer = lookUp(name).then((records): DnsAnswer<T> => ({ ok: true, records }), failed<T>);
    cache.set(key, answer);
    // Lookups of one name at once share the answer; one that failed to answer is asked again next time.
    void answer.then((result) => {
      if (!result.ok && !result.missing && cache.peek(key) === answer) cache.delete(key);
    });
    return answer;
  }

  return {
    resolveCname: (domain) => cached('CNAME', domain, (name) => resolver.resolveCname(name)),
    resolveMx: (domain) => cached('MX', domain, (name) => resolver.resolveMx(name)),
    resolve4: (domain) => cached('A', domain, (name) => resolver.resolve4(name)),
    resolve6: (domain) => cached('AAAA', domain, (name) => resolver.resolve6(name)),
    resolveTxt: (domain) => cached('TXT', domain, (name) => resolver.resolveTxt(name)),
    resolvePtr: (name) => cached('PTR', name, (ptr) => resolver.resolvePtr(ptr)),
    forget: (domain) => {
      const name = nameOf(domain);
      for (const key of [...cache.keys()]) {
        const cachedName = key.slice(key.indexOf(' ') + 1);
        if (cachedName === name || cachedName.endsWith(`.${name}`)) cache.delete(key);
      }
    },
  };
}
