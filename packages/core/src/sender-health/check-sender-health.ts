import type { Clock } from '../clock';
import type { DnsResolver } from '../dns/resolver';
import type { CallGate } from '../limits/call-gate';
import { checkBlocklist } from './check-blocklist';
import { checkDkim } from './check-dkim';
import { checkDmarc } from './check-dmarc';
import { checkMx } from './check-mx';
import { checkSpf } from './check-spf';
import { createHealthLookups } from './health-lookups';
import type { HealthCheck, HealthCheckName, HealthReport, SenderToCheck } from './health-report';
import { overallStatus } from './health-results';
import { consumerProvider } from './sending-providers';

export interface SenderHealthDeps {
  /** The app's resolver (DNS_SERVERS), whose cache the checks share. */
  dns: DnsResolver;
  clock: Clock;
  /** DNSBL_ZONES entries: `zone` or `ip:zone` (address lists), `domain:zone` (domain lists). */
  dnsblZones: string[];
  /** The bound on DNS questions at once; by default one shared by every check in the process. */
  lookupGate?: CallGate;
  /** The longest one mailbox's checks may take; questions unanswered by then are "could not check". */
  deadlineMs?: number;
}

const CONSUMER_CHECKS: Record<HealthCheckName, string> = {
  mx: 'receives mail',
  spf: 'publishes SPF for its own servers',
  dkim: 'signs its mail with DKIM',
  dmarc: 'publishes DMARC and aligns its own mail',
  blocklist: 'keeps its own sending addresses and domain off blocklists',
};

/** gmail.com, outlook.com and the like: the provider authenticates its own addresses' mail. */
function consumerReport(domain: string, owner: string, clock: Clock): HealthReport {
  const checks = Object.entries(CONSUMER_CHECKS).map(
    ([name, what]): HealthCheck => ({
      name: name as HealthCheckName,
      result: 'pass',
      found: null,
      reason: `${domain} is ${owner}'s own domain: ${owner} ${what}, so there is nothing for you to set up.`,
      fix: null,
    }),
  );
  return { status: 'good', checkedAt: clock.now(), checks, dmarcAligned: true, blocklisted: false };
}

/**
 * Checks one mailbox's domain as receivers see it: MX, SPF, DKIM, DMARC and the configured blocklists,
 * through the app's resolver with fresh answers for the domain. A lookup that gets no answer makes its check
 * "could not check" (unknown), never a failure.
 */
export async function checkSenderHealth(
  sender: SenderToCheck,
  deps: SenderHealthDeps,
): Promise<HealthReport> {
  const domain = (sender.email.split('@').pop() ?? '').trim().toLowerCase().replace(/\.$/, '');
  const owner = consumerProvider(domain);
  if (owner) return consumerReport(domain, owner, deps.clock);

  // "Check again" must see records just added: drop what the cache holds for the domain and names under it.
  deps.dns.forget(domain);
  const lookups = createHealthLookups(deps.dns, { gate: deps.lookupGate, deadlineMs: deps.deadlineMs });
  try {
    const [mx, spf, dkim, blocklist] = await Promise.all([
      checkMx(domain, sender.provider, lookups),
      checkSpf(sender, domain, lookups),
      checkDkim(sender, domain, lookups, deps.clock),
      checkBlocklist(sender, domain, deps.dnsblZones, lookups),
    ]);
    const dmarc = await checkDmarc(
      { domain, email: sender.email, spfAuthorises: spf.authorises, dkimDomains: dkim.signingDomains },
      lookups,
    );
    const checks = [mx, spf.check, dkim.check, dmarc.check, blocklist.check];
    return {
      status: overallStatus(checks, blocklist.counted ? [] : ['blocklist']),
      checkedAt: deps.clock.now(),
      checks,
      dmarcAligned: dmarc.aligned,
      blocklisted: blocklist.listed,
    };
  } finally {
    lookups.close();
  }
}
