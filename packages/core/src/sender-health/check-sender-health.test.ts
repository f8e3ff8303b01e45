import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { createResolver } from '../dns/resolver';
import { type DnsZoneServer, startDnsZoneServer } from '../testing/dns-zone-server';
import {
  createDkimKey,
  type DkimKeyPair,
  plainMessage,
  publishHealthyDomain,
  publishProviderSpf,
  signMessage,
} from '../testing/sender-health-kit';
import { checkSenderHealth } from './check-sender-health';
import type { HealthCheckName, HealthReport, SenderToCheck } from './health-report';

const NOW = new Date('2026-03-02T09:00:00Z');
let dns: DnsZoneServer;
let key: DkimKeyPair;

beforeAll(async () => {
  dns = await startDnsZoneServer();
  key = createDkimKey();
});
afterAll(() => dns?.close());
beforeEach(() => {
  for (const line of dns.dump()) dns.remove(line.split(' ')[0]!);
  publishProviderSpf(dns);
});

function check(sender: SenderToCheck, dnsblZones: string[] = []) {
  const clock = createManualClock(NOW);
  const resolver = createResolver({ servers: [dns.address], clock, timeoutMs: 300, tries: 1 });
  return checkSenderHealth(sender, { dns: resolver, clock, dnsblZones });
}

const byName = (report: HealthReport, name: HealthCheckName) => report.checks.find((c) => c.name === name)!;
const results = (report: HealthReport) => Object.fromEntries(report.checks.map((c) => [c.name, c.result]));

describe('checkSenderHealth on a domain set up well', () => {
  it('passes a Google Workspace domain: MX, SPF for Google, the google selector and DMARC', async () => {
    publishHealthyDomain(dns, 'acme.test', { provider: 'google', dkim: key });
    const report = await check({ email: 'sam@acme.test', provider: 'google' });
    expect(results(report)).toEqual({
      mx: 'pass',
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      blocklist: 'unknown',
    });
    expect(report.status).toBe('good');
    expect(report.checkedAt).toEqual(NOW);
    expect(report.dmarcAligned).toBe(true);
    expect(report.blocklisted).toBeNull();
    expect(byName(report, 'spf').found).toBe('v=spf1 include:_spf.google.com ~all');
    expect(byName(report, 'dkim').reason).toContain('2048-bit RSA key');
    expect(byName(report, 'blocklist').reason).toContain('DNSBL_ZONES');
  });

  it('passes a Microsoft 365 domain with both selectors', async () => {
    publishHealthyDomain(dns, 'contoso.test', { provider: 'microsoft', dkim: key });
    const report = await check({ email: 'sam@contoso.test', provider: 'microsoft' });
    expect(results(report)).toMatchObject({ mx: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    expect(report.status).toBe('good');
  });

  it('verifies the real signature on an SMTP mailbox sent copy, with the selector read from it', async () => {
    publishHealthyDomain(dns, 'smtp.test', {
      provider: 'smtp',
      sendingIp: '198.51.100.7',
      selector: 's2026',
      dkim: key,
    });
    const sent = await signMessage(plainMessage('sam@smtp.test', NOW), {
      domain: 'smtp.test',
      selector: 's2026',
      privateKey: key.privateKey,
      time: NOW,
    });
    const report = await check({
      email: 'sam@smtp.test',
      provider: 'smtp',
      sendingIp: '198.51.100.7',
      sentMessage: sent,
    });
    expect(results(report)).toMatchObject({ mx: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    expect(byName(report, 'dkim').reason).toContain('(d=smtp.test, s=s2026) verifies');
    expect(byName(report, 'dkim').found).toContain('s2026._domainkey.smtp.test: v=DKIM1');
    expect(dns.queries).toContain('TXT s2026._domainkey.smtp.test');
  });

  it('reports gmail.com and outlook.com addresses as authenticated by their provider, asking no DNS', async () => {
    const before = dns.queries.length;
    for (const email of [
      'sam@gmail.com',
      'sam@googlemail.com',
      'sam@outlook.com',
      'sam@hotmail.com',
      'sam@live.com',
    ]) {
      const report = await check({ email, provider: 'smtp' });
      expect(report.status).toBe('good');
      expect(report.checks.every((c) => c.result === 'pass')).toBe(true);
      expect(byName(report, 'dmarc').reason).toMatch(/(Google|Microsoft)'s own domain/);
    }
    expect(dns.queries.length).toBe(before);
  });
});
