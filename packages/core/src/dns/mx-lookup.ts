import { Resolver } from 'node:dns/promises';
import type { Clock } from '../clock';

/** Whether a domain takes mail: an MX (or, without one, an address record), none, or no answer to tell. */
export type MailDomainStatus = 'accepts-mail' | 'no-mx' | 'unknown';

export interface MxLookup {
  status(domain: string): Promise<MailDomainStatus>;
}

export interface MxLookupOptions {
  clock: Clock;
  /** DNS_SERVERS: `ip` or `ip:port` entries; the system's resolvers when empty. */
  servers?: readonly string[];
  /** How long an answer is kept per domain. */
  ttlMs?: number;
  timeoutMs?: number;
  tries?: number;
}

/** NXDOMAIN and "no records of that type": the only answers that say a domain has no mail host. */
const NO_SUCH_RECORD = new Set(['ENOTFOUND', 'ENODATA']);

const errorCode = (error: unknown) => (error as { code?: string }).code ?? '';

/**
 * MX lookups through one resolver, cached per domain for `ttlMs` by the injected clock. A domain without MX
 * records falls back to its A/AAAA records (RFC 5321 section 5.1); a null MX (RFC 7505) takes no mail.
 * Timeouts, SERVFAIL and refused queries are 'unknown', never 'no-mx', and are not cached.
 */
export function createMxLookup(options: MxLookupOptions): MxLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  if (options.servers?.length) resolver.setServers([...options.servers]);
  const ttlMs = options.ttlMs ?? 60 * 60 * 1000;
  const cache = new Map<string, { status: MailDomainStatus; expiresAt: number }>();
  const inFlight = new Map<string, Promise<MailDomainStatus>>();

  async function hasAddress(domain: string): Promise<MailDomainStatus> {
    for (const lookup of [() => resolver.resolve4(domain), () => resolver.resolve6(domain)]) {
      try {
        if ((await lookup()).length > 0) return 'accepts-mail';
      } catch (error) {
        if (!NO_SUCH_RECORD.has(errorCode(error))) return 'unknown';
      }
    }
    return 'no-mx';
  }

  async function resolve(domain: string): Promise<MailDomainStatus> {
    try {
      const records = await resolver.resolveMx(domain);
      if (records.length === 0) return hasAddress(domain);
      const nullMx = records.every((record) => record.exchange === '' || record.exchange === '.');
      return nullMx ? 'no-mx' : 'accepts-mail';
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOTFOUND') return 'no-mx';
      if (code === 'ENODATA') return hasAddress(domain);
      return 'unknown';
    }
  }

  return {
    async status(rawDomain) {
      const domain = rawDomain.trim().toLowerCase().replace(/\.$/, '');
      const now = options.clock.now().getTime();
      const cached = cache.get(domain);
      if (cached && cached.expiresAt > now) return cached.status;
      const pending = inFlight.get(domain);
      if (pending) return pending;
      const lookup = resolve(domain).then((status) => {
        if (status !== 'unknown')
          cache.set(domain, { status, expiresAt: options.clock.now().getTime() + ttlMs });
        return status;
      });
      inFlight.set(domain, lookup);
      try {
        return await lookup;
      } finally {
        inFlight.delete(domain);
      }
    },
  };
}
