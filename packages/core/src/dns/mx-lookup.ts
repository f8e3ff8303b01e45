import type { Clock } from '../clock';
import type { DnsResolver } from './resolver';

/** Whether a domain takes mail: an MX (or, without one, an address record), none, or no answer to tell. */
export type MailDomainStatus = 'accepts-mail' | 'no-mx' | 'unknown';

export interface MxLookup {
  status(domain: string): Promise<MailDomainStatus>;
}

export interface MxLookupOptions {
  clock: Clock;
  /** How long a domain's status is kept; default one hour. */
  ttlMs?: number;
}

/**
 * Whether domains take mail, through the app's one resolver, each status kept per domain for `ttlMs` by the
 * clock. A domain without MX records falls back to its A/AAAA records (RFC 5321 section 5.1); a null MX
 * (RFC 7505) takes no mail. Timeouts, SERVFAIL and refused queries are 'unknown', never 'no-mx', and are
 * not kept.
 */
export function createMxLookup(dns: DnsResolver, options: MxLookupOptions): MxLookup {
  const ttlMs = options.ttlMs ?? 60 * 60 * 1000;
  const cache = new Map<string, { status: MailDomainStatus; expiresAt: number }>();
  const inFlight = new Map<string, Promise<MailDomainStatus>>();

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
