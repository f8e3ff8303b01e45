import type { HealthLookups } from './health-lookups';
import type { HealthCheck, HealthFix, SendingProvider } from './health-report';
import { couldNotCheck } from './health-results';
import { PROVIDER_PROFILES } from './sending-providers';

function mxFix(domain: string, provider: SendingProvider): { fix: HealthFix | null; how: string } {
  if (provider === 'smtp') {
    return { fix: null, how: 'Add the MX records your mail host gives you at your DNS host.' };
  }
  const { priority, host } = PROVIDER_PROFILES[provider].mx(domain);
  return {
    fix: { type: 'MX', name: domain, value: host },
    how: `Add an MX record for ${domain} pointing to ${host} with priority ${priority}.`,
  };
}

/** MX: the domain takes mail, so replies and bounces reach the mailbox (RFC 5321 section 5.1, RFC 7505). */
export async function checkMx(
  domain: string,
  provider: SendingProvider,
  lookups: HealthLookups,
): Promise<HealthCheck> {
  const answer = await lookups.mx(domain);
  if (!answer.ok && !answer.missing) return couldNotCheck('mx', `the MX lookup failed: ${answer.reason}`);
  if (!answer.ok && answer.nxdomain) {
    return {
      name: 'mx',
      result: 'fail',
      found: null,
      reason: `${domain} does not exist in DNS, so no mail can reach it. Check the domain is registered and its name servers are set.`,
      fix: null,
    };
  }
  const records = answer.ok ? [...answer.records].sort((a, b) => a.priority - b.priority) : [];
  const found = records.map((r) => `${r.priority} ${r.exchange || '.'}`).join(', ') || null;
  if (records.some((r) => r.exchange === '' || r.exchange === '.')) {
    return {
      name: 'mx',
      result: 'fail',
      found,
      reason: `${domain} publishes a "null MX": it says it takes no mail, so replies and bounces are refused. Replace it with your mail host's MX records.`,
      fix: mxFix(domain, provider).fix,
    };
  }
  if (records.length > 0) {
    return {
      name: 'mx',
      result: 'pass',
      found,
      reason: `${domain} receives mail (MX: ${found}).`,
      fix: null,
    };
  }
  const { fix, how } = mxFix(domain, provider);
  const address = await lookups.a(domain);
  if (address.ok && address.records.length > 0) {
    return {
      name: 'mx',
      result: 'warn',
      found: null,
      reason: `${domain} has no MX record, so replies go to its web address (${address.records[0]}), which rarely takes mail. ${how}`,
      fix,
    };
  }
  return {
    name: 'mx',
    result: 'fail',
    found: null,
    reason: `${domain} has no MX record, so replies and bounces cannot reach the mailbox. ${how}`,
    fix,
  };
}
