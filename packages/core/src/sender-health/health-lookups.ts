import type { DnsAnswer, DnsResolver, MxRecord } from '../dns/resolver';
import { type CallGate, createCallGate } from '../limits/call-gate';

export const SENDER_HEALTH_LIMITS = {
  /** DNS questions of sender-health checks under way at once in the process, whoever asks. */
  maxConcurrentLookups: 16,
  /** The longest one mailbox's checks may take; questions not answered by then are "could not check". */
  deadlineMs: 20_000,
} as const;

/** Every check of the process shares one bound on its DNS questions. */
const processGate = createCallGate({ concurrency: SENDER_HEALTH_LIMITS.maxConcurrentLookups });

/** The resolver function mailauth takes (node:dns's `resolve(name, type)`): records, or an error with a code. */
export type MailauthResolver = (name: string, type: string) => Promise<never[]>;

/** One mailbox's DNS questions: through the app's resolver, the process's gate, within one deadline. */
export interface HealthLookups {
  txt(name: string): Promise<DnsAnswer<string[]>>;
  mx(name: string): Promise<DnsAnswer<MxRecord>>;
  a(name: string): Promise<DnsAnswer<string>>;
  aaaa(name: string): Promise<DnsAnswer<string>>;
  /** The same questions for mailauth's SPF, DKIM and DMARC code. */
  mailauth: MailauthResolver;
  /** Ends the deadline's timer. */
  close(): void;
}

export interface HealthLookupOptions {
  gate?: CallGate;
  deadlineMs?: number;
}

const OUT_OF_TIME: DnsAnswer<never> = {
  ok: false,
  reason: 'the name servers did not answer in time',
  missing: false,
  nxdomain: false,
};

/** A failed answer as node:dns would throw it, so mailauth tells "no such record" from "no answer". */
function dnsError(answer: Extract<DnsAnswer<unknown>, { ok: false }>): Error {
  const code = answer.nxdomain ? 'ENOTFOUND' : answer.missing ? 'ENODATA' : 'ETIMEOUT';
  return Object.assign(new Error(answer.reason), { code });
}

export function createHealthLookups(dns: DnsResolver, options: HealthLookupOptions = {}): HealthLookups {
  const gate = options.gate ?? processGate;
  let expired = false;
  let expire: () => void = () => {};
  const deadline = new Promise<DnsAnswer<never>>((resolve) => {
    expire = () => resolve(OUT_OF_TIME);
  });
  const timer = setTimeout(() => {
    expired = true;
    expire();
  }, options.deadlineMs ?? SENDER_HEALTH_LIMITS.deadlineMs);
  timer.unref();

  function bounded<T>(lookUp: (name: string) => Promise<DnsAnswer<T>>) {
    return (name: string): Promise<DnsAnswer<T>> => {
      if (expired) return Promise.resolve(OUT_OF_TIME);
      const answer = gate.run(() => (expired ? Promise.resolve(OUT_OF_TIME) : lookUp(name)), {
        patient: true,
      });
      return Promise.race([answer, deadline]);
    };
  }

  const txt = bounded((name) => dns.resolveTxt(name));
  const mx = bounded((name) => dns.resolveMx(name));
  const a = bounded((name) => dns.resolve4(name));
  const aaaa = bounded((name) => dns.resolve6(name));
  const byType: Record<string, (name: string) => Promise<DnsAnswer<unknown>>> = {
    TXT: txt,
    MX: mx,
    A: a,
    AAAA: aaaa,
    PTR: bounded((name) => dns.resolvePtr(name)),
    CNAME: bounded((name) => dns.resolveCname(name)),
  };

  return {
    txt,
    mx,
    a,
    aaaa,
    mailauth: async (name, type) => {
      const lookUp = byType[type.toUpperCase()];
      if (!lookUp) throw Object.assign(new Error(`${type} lookups are not made`), { code: 'ENOTIMP' });
      const answer = await lookUp(name);
      if (!answer.ok) throw dnsError(answer);
      return answer.records as never[];
    },
    close: () => clearTimeout(timer),
  };
}
