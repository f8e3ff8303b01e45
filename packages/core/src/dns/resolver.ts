import { Resolver } from 'node:dns/promises';
import type { Clock } from '../clock';

/** The answer to one lookup: the records, or why there are none. */
export type DnsAnswer<T> = { ok: true; records: T[] } | { ok: false; reason: string };

export interface MxRecord {
  exchange: string;
  priority: number;
}

/** CNAME, MX and A lookups through the configured name servers, each answer kept for a while by the clock. */
export interface DnsResolver {
  resolveCname(domain: string): Promise<DnsAnswer<string>>;
  resolveMx(domain: string): Promise<DnsAnswer<MxRecord>>;
  resolve4(domain: string): Promise<DnsAnswer<string>>;
  /** Drops every cached answer for the domain (a "Check now" must ask the name servers again). */
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

export function dnsFailureReason(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  return REASONS[code] ?? `the lookup failed (${code || 'unknown error'})`;
}

/** One resolver for the app: CNAME checks of tracking domains and MX lookups share its servers and cache. */
export function createResolver(options: ResolverOptions): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const cacheMs = options.cacheMs ?? 60_000;
  const cache = new Map<string, { until: number; answer: Promise<DnsAnswer<unknown>> }>();

  function cached<T>(kind: string, domain: string, lookUp: (name: string) => Promise<T[]>) {
    const name = domain.toLowerCase().replace(/\.$/, '');
    const key = `${kind} ${name}`;
    const now = options.clock.now().getTime();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.answer as Promise<DnsAnswer<T>>;
    const answer = lookUp(name).then(
      (records): DnsAnswer<T> => ({ ok: true, records }),
      (error: unknown): DnsAnswer<T> => ({ ok: false, reason: dnsFailureReason(error) }),
    );
    cache.set(key, { until: now + cacheMs, answer });
    return answer;
  }

  return {
    resolveCname: (domain) => cached('CNAME', domain, (name) => resolver.resolveCname(name)),
    resolveMx: (domain) => cached('MX', domain, (name) => resolver.resolveMx(name)),
    resolve4: (domain) => cached('A', domain, (name) => resolver.resolve4(name)),
    forget: (domain) => {
      const name = domain.toLowerCase().replace(/\.$/, '');
      for (const kind of ['CNAME', 'MX', 'A']) cache.delete(`${kind} ${name}`);
    },
  };
}
