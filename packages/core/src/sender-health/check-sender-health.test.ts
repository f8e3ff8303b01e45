import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { createResolver } from '../dns/resolver';
import {
  checkNamed,
  type DkimKeyPair,
  plainMessage,
  publishHealthyDomain,
  type SenderHealthDns,
  signMessage,
} from '../testing/sender-health-kit';
import { useSenderHealthDns } from '../testing/sender-health-lifecycle';
import { checkSenderHealth } from './check-sender-health';
import type { HealthReport } from './health-report';

let env: SenderHealthDns;
let key: DkimKeyPair;
useSenderHealthDns((shared) => ({ env, key } = shared));

const results = (report: HealthReport) => Object.fromEntries(report.checks.map((c) => [c.name, c.result]));

describe('checkSenderHealth on a domain set up well', () => {
  it('passes a Google Workspace domain: MX, SPF for Google, the google selector and DMARC', async () => {
    publishHealthyDomain(env.dns, 'acme.test', { provider: 'google', dkim: key });
    const report = await env.check({ email: 'sam@acme.test', provider: 'google' });
    expect(results(report)).toEqual({
      mx: 'pass',
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      blocklist: 'unknown',
    });
    expect(report.status).toBe('good');
    expect(report.checkedAt).toEqual(env.clock.now());
    expect(report.dmarcAligned).toBe(true);
    expect(report.blocklisted).toBeNull();
    expect(checkNamed(report, 'mx').found).toBe('1 smtp.google.com');
    expect(checkNamed(report, 'spf').found).toBe('v=spf1 include:_spf.google.com ~all');
    expect(checkNamed(report, 'dkim').reason).toContain('2048-bit RSA key');
    expect(checkNamed(report, 'dmarc').found).toBe('v=DMARC1; p=quarantine; rua=mailto:dmarc@acme.test');
    expect(checkNamed(report, 'blocklist').reason).toContain('DNSBL_ZONES');
    expect(report.checks.every((c) => c.fix === null)).toBe(true);
  });

  it('passes a Microsoft 365 domain with both selectors', async () => {
    publishHealthyDomain(env.dns, 'contoso.test', { provider: 'microsoft', dkim: key });
    const report = await env.check({ email: 'sam@contoso.test', provider: 'microsoft' });
    expect(results(report)).toMatchObject({ mx: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    expect(report.status).toBe('good');
    expect(env.dns.queries).toContain('TXT selector2._domainkey.contoso.test');
  });

  it('verifies the real signature on an SMTP mailbox sent copy, with the selector read from it', async () => {
    publishHealthyDomain(env.dns, 'smtp.test', {
      provider: 'smtp',
      sendingIp: '198.51.100.7',
      selector: 's2026',
      dkim: key,
    });
    const sent = await signMessage(plainMessage('sam@smtp.test', env.clock.now()), {
      domain: 'smtp.test',
      selector: 's2026',
      privateKey: key.privateKey,
      time: env.clock.now(),
    });
    const sender = {
      email: 'sam@smtp.test',
      provider: 'smtp',
      sendingIp: '198.51.100.7',
      sentMessage: sent,
    } as const;
    const report = await env.check(sender);
    expect(results(report)).toMatchObject({ mx: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    expect(checkNamed(report, 'dkim').reason).toContain('(d=smtp.test, s=s2026) verifies');
    expect(checkNamed(report, 'dkim').found).toContain('s2026._domainkey.smtp.test: v=DKIM1');
    expect(checkNamed(report, 'spf').reason).toContain('your mail server 198.51.100.7');
    expect(env.dns.queries).toContain('TXT s2026._domainkey.smtp.test');
  });

  it('reports gmail.com and outlook.com addresses as authenticated by their provider, asking no DNS', async () => {
    const before = env.dns.queries.length;
    for (const email of [
      'sam@gmail.com',
      'sam@googlemail.com',
      'sam@outlook.com',
      'sam@hotmail.com',
      'sam@live.com',
    ]) {
      const report = await env.check({ email, provider: 'smtp' });
      expect(report.status).toBe('good');
      expect(report.checks.map((c) => c.result)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
      expect(checkNamed(report, 'dmarc').reason).toMatch(/(Google|Microsoft)'s own domain/);
    }
    expect(env.dns.queries.length).toBe(before);
  });
});

describe('checkSenderHealth when the name servers do not answer', () => {
  it('says "could not check" for every check when no resolver is reachable, never failing', async () => {
    const clock = createManualClock();
    // A loopback port nothing listens on: every question is refused at once.
    const unreachable = createResolver({ servers: ['127.0.0.1:9'], clock, timeoutMs: 300, tries: 1 });
    const report = await checkSenderHealth(
      { email: 'sam@acme.test', provider: 'google' },
      { dns: unreachable, clock, dnsblZones: ['domain:dbl.example.test'] },
    );
    expect(results(report)).toEqual({
      mx: 'unknown',
      spf: 'unknown',
      dkim: 'unknown',
      dmarc: 'unknown',
      blocklist: 'unknown',
    });
    expect(report.status).toBe('unknown');
    expect(report.dmarcAligned).toBe('unknown');
    expect(report.blocklisted).toBeNull();
    for (const check of report.checks) {
      expect(check.reason, check.name).toMatch(/^Could not check/);
      expect(check.fix).toBeNull();
    }
  });

  it('leaves only the check whose lookup got SERVFAIL or no answer unknown', async () => {
    publishHealthyDomain(env.dns, 'flaky.test', { provider: 'google', dkim: key });
    env.dns.behave('_dmarc.flaky.test', 'servfail');
    env.dns.behave('google._domainkey.flaky.test', 'silent');
    const report = await env.check({ email: 'sam@flaky.test', provider: 'google' });
    expect(results(report)).toEqual({
      mx: 'pass',
      spf: 'pass',
      dkim: 'unknown',
      dmarc: 'unknown',
      blocklist: 'unknown',
    });
    expect(checkNamed(report, 'dmarc').reason).toContain('SERVFAIL');
    expect(report.status).toBe('unknown');
    env.dns.behave('_dmarc.flaky.test', 'answer');
    env.dns.behave('google._domainkey.flaky.test', 'answer');
  });

  it('gives up on questions still unanswered at the deadline', async () => {
    publishHealthyDomain(env.dns, 'slow.test', { provider: 'google', dkim: key });
    env.dns.behave('_dmarc.slow.test', 'silent');
    const resolver = createResolver({
      servers: [env.dns.address],
      clock: env.clock,
      timeoutMs: 5_000,
      tries: 1,
    });
    const report = await checkSenderHealth(
      { email: 'sam@slow.test', provider: 'google' },
      { dns: resolver, clock: env.clock, dnsblZones: [], deadlineMs: 400 },
    );
    expect(checkNamed(report, 'dmarc').result).toBe('unknown');
    expect(checkNamed(report, 'spf').result).toBe('pass');
    env.dns.behave('_dmarc.slow.test', 'answer');
  });
});

describe('checkSenderHealth checking again', () => {
  it('sees a record added since the last check, though the resolver keeps answers a minute', async () => {
    publishHealthyDomain(env.dns, 'later.test', { provider: 'google', dkim: key });
    env.dns.remove('_dmarc.later.test');
    const first = await env.check({ email: 'sam@later.test', provider: 'google' });
    const fix = checkNamed(first, 'dmarc').fix!;
    expect(first.status).toBe('failing');
    env.dns.set(fix.name, 'TXT', [fix.value]);
    const again = await env.check({ email: 'sam@later.test', provider: 'google' });
    expect(checkNamed(again, 'dmarc').found).toBe(fix.value);
    expect(checkNamed(again, 'dmarc').result).toBe('warn');
    expect(again.status).toBe('at_risk');
  });
});
