import type { HealthCheck, HealthReport, SendingProvider } from './health-report';

/**
 * Addresses on Google's and Microsoft's own domains: the provider publishes and signs everything for them
 * (SPF, DKIM, DMARC), and the user can change none of it, so they are shown as authenticated by it.
 */
const PROVIDER_DOMAINS: Record<string, { name: string; provider: SendingProvider }> = {
  'gmail.com': { name: 'Google', provider: 'google' },
  'googlemail.com': { name: 'Google', provider: 'google' },
  'outlook.com': { name: 'Microsoft', provider: 'microsoft' },
  'hotmail.com': { name: 'Microsoft', provider: 'microsoft' },
  'live.com': { name: 'Microsoft', provider: 'microsoft' },
  'msn.com': { name: 'Microsoft', provider: 'microsoft' },
};

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export const isProviderDomain = (email: string) => domainOf(email) in PROVIDER_DOMAINS;

/** The report of an address on a provider's own domain: every check passed, by the provider. */
export function providerDomainReport(email: string, at: Date): HealthReport | null {
  const domain = domainOf(email);
  const owner = PROVIDER_DOMAINS[domain];
  if (!owner) return null;
  const check = (name: HealthCheck['name'], what: string): HealthCheck => ({
    name,
    result: 'pass',
    found: null,
    reason: `${owner.name} ${what} for ${domain} addresses itself; there is nothing to set up.`,
    fix: null,
  });
  return {
    status: 'good',
    checkedAt: at,
    checks: [
      check('mx', 'receives the mail'),
      check('spf', 'publishes SPF'),
      check('dkim', 'signs the mail with DKIM'),
      check('dmarc', 'publishes DMARC and aligns it'),
      check('blocklist', 'looks after the reputation of its servers'),
    ],
    dmarcAligned: true,
    blocklisted: null,
  };
}
