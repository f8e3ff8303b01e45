import type { SendingProvider } from './health-report';

/** What a provider's mail needs from the sender's domain, and how it looks to a receiver. */
export interface ProviderProfile {
  /** Plain name for reasons. */
  label: string;
  /** The SPF include the provider asks domains to publish. */
  spfInclude: string;
  /**
   * One address the provider really sends from, inside its SPF include: SPF is evaluated for it as a
   * receiver would for the provider's mail.
   */
  sendingIp: string;
  /** The DKIM selectors the provider signs with under the customer's domain. */
  dkimSelectors: string[];
  /** Where to turn DKIM signing on (the key is generated there, so no record can be written for it). */
  dkimSetup: string;
  /** The MX records the provider asks a domain to publish, as a DNS host's form takes them. */
  mx: (domain: string) => { priority: number; host: string };
}

export const PROVIDER_PROFILES: Record<Exclude<SendingProvider, 'smtp'>, ProviderProfile> = {
  google: {
    label: 'Google Workspace',
    spfInclude: '_spf.google.com',
    // mail-sor-f41.google.com, in _netblocks.google.com's 209.85.128.0/17.
    sendingIp: '209.85.220.41',
    dkimSelectors: ['google'],
    dkimSetup:
      'In the Google Admin console open Apps > Google Workspace > Gmail > Authenticate email, generate a ' +
      '2048-bit key, add the TXT record it shows at your DNS host, then press Start authentication.',
    mx: () => ({ priority: 1, host: 'smtp.google.com' }),
  },
  microsoft: {
    label: 'Microsoft 365',
    spfInclude: 'spf.protection.outlook.com',
    // In spf.protection.outlook.com's 40.107.0.0/16.
    sendingIp: '40.107.22.41',
    dkimSelectors: ['selector1', 'selector2'],
    dkimSetup:
      'In the Microsoft Defender portal open Email & collaboration > Policies > Threat policies > Email ' +
      'authentication settings > DKIM, select your domain, add the two CNAME records (selector1 and ' +
      'selector2) it shows at your DNS host, then turn on "Sign messages for this domain with DKIM signatures".',
    mx: (domain) => ({ priority: 0, host: `${domain.replaceAll('.', '-')}.mail.protection.outlook.com` }),
  },
};

/** Addresses at these domains are mailboxes of the provider itself, which authenticates their mail. */
const CONSUMER_DOMAINS: Record<string, string> = {
  'gmail.com': 'Google',
  'googlemail.com': 'Google',
  'outlook.com': 'Microsoft',
  'hotmail.com': 'Microsoft',
  'live.com': 'Microsoft',
};

/** The provider that authenticates a consumer address's mail (gmail.com: Google), or null for a custom domain. */
export function consumerProvider(domain: string): string | null {
  return CONSUMER_DOMAINS[domain] ?? null;
}
