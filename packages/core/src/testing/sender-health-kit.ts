import { generateKeyPairSync } from 'node:crypto';
import mailauth from 'mailauth';
import { PROVIDER_PROFILES } from '../sender-health/sending-providers';
import type { DnsZoneServer } from './dns-zone-server';

/**
 * Records a loopback DNS server needs to answer sender-health checks as the real internet would: Google's
 * and Microsoft's SPF includes, a domain set up well for each provider, a DKIM key pair and signed mail.
 */

/** The providers' own SPF records, so includes of them resolve (sending addresses within them). */
export function publishProviderSpf(dns: DnsZoneServer) {
  dns.set('_spf.google.com', 'TXT', ['v=spf1 include:_netblocks.google.com ~all']);
  dns.set('_netblocks.google.com', 'TXT', ['v=spf1 ip4:209.85.128.0/17 ip4:74.125.0.0/16 ~all']);
  dns.set('spf.protection.outlook.com', 'TXT', [
    'v=spf1 ip4:40.92.0.0/15 ip4:40.107.0.0/16 ip4:104.47.0.0/17 -all',
  ]);
}

export interface DkimKeyPair {
  privateKey: string;
  /** The DKIM TXT record publishing the public key. */
  record: string;
}

/** A fresh RSA key pair and the TXT record that publishes its public half. */
export function createDkimKey(bits = 2048): DkimKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: `v=DKIM1; k=rsa; p=${p}`,
  };
}

/** A plain message from the address, as a mailbox would send it. */
export function plainMessage(from: string, date: Date): string {
  return [
    `From: Sam Sender <${from}>`,
    'To: Robin Reader <robin@example.net>',
    'Subject: Quick question about your team',
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${date.getTime()}.health@${from.split('@')[1]}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hi Robin,',
    '',
    'Would a short call next week suit you?',
    '',
    'Sam',
    '',
  ].join('\r\n');
}

/** The message with a DKIM-Signature made by mailauth with the private key, as the mail server adds it. */
export async function signMessage(
  message: string,
  signer: { domain: string; selector: string; privateKey: string; time: Date },
): Promise<Buffer> {
  const { signatures, errors } = await mailauth.dkimSign(message, {
    // mailauth 4 reads the signers from signatureData; its typings want the first signer at the top too.
    signingDomain: signer.domain,
    selector: signer.selector,
    privateKey: signer.privateKey,
    signatureData: [
      { signingDomain: signer.domain, selector: signer.selector, privateKey: signer.privateKey },
    ],
    signTime: signer.time,
  });
  if (errors.length > 0) throw errors[0];
  return Buffer.from(signatures + message);
}

export interface HealthyDomainOptions {
  provider: 'google' | 'microsoft' | 'smtp';
  /** SMTP: the server's sending address, listed in SPF. */
  sendingIp?: string;
  /** SMTP: the selector the server signs with. */
  selector?: string;
  /** The key to publish; a fresh 2048-bit one by default. */
  dkim?: DkimKeyPair;
  dmarc?: string;
}

/** A domain with MX, SPF, DKIM and DMARC records as a careful setup has them; returns the DKIM key. */
export function publishHealthyDomain(
  dns: DnsZoneServer,
  domain: string,
  options: HealthyDomainOptions,
): DkimKeyPair {
  const key = options.dkim ?? createDkimKey();
  if (options.provider === 'smtp') {
    dns.set(domain, 'MX', [`10 mail.${domain}`]);
    dns.set(domain, 'TXT', [`v=spf1 ip4:${options.sendingIp ?? '127.0.0.1'} -all`]);
    dns.set(`${options.selector ?? 'mail'}._domainkey.${domain}`, 'TXT', [key.record]);
  } else {
    const profile = PROVIDER_PROFILES[options.provider];
    const mx = profile.mx(domain);
    dns.set(domain, 'MX', [`${mx.priority} ${mx.host}`]);
    dns.set(domain, 'TXT', [`v=spf1 include:${profile.spfInclude} ~all`]);
    for (const selector of profile.dkimSelectors)
      dns.set(`${selector}._domainkey.${domain}`, 'TXT', [key.record]);
  }
  dns.set(`_dmarc.${domain}`, 'TXT', [options.dmarc ?? `v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain}`]);
  return key;
}
