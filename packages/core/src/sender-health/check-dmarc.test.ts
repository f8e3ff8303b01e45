import { describe, expect, it } from 'vitest';
import {
  checkNamed,
  type DkimKeyPair,
  plainMessage,
  publishHealthyDomain,
  type SenderHealthDns,
  signMessage,
} from '../testing/sender-health-kit';
import { useSenderHealthDns } from '../testing/sender-health-lifecycle';

let env: SenderHealthDns;
let key: DkimKeyPair;
useSenderHealthDns((shared) => ({ env, key } = shared));

async function googleDmarc(records: string[] | null, domain = 'acme.test') {
  publishHealthyDomain(env.dns, domain, { provider: 'google', dkim: key });
  if (records) env.dns.set(`_dmarc.${domain}`, 'TXT', records);
  else env.dns.remove(`_dmarc.${domain}`);
  const report = await env.check({ email: `sam@${domain}`, provider: 'google' });
  return { report, dmarc: checkNamed(report, 'dmarc') };
}

describe('the DMARC check', () => {
  it('fails a missing record and gives the exact record to add', async () => {
    const { dmarc, report } = await googleDmarc(null);
    expect(dmarc).toMatchObject({ result: 'fail', found: null });
    expect(dmarc.fix).toEqual({
      type: 'TXT',
      name: '_dmarc.acme.test',
      value: 'v=DMARC1; p=none; rua=mailto:dmarc@acme.test',
    });
    expect(dmarc.reason).toContain('has no DMARC record');
    expect(report.status).toBe('failing');
    // Alignment is still told (relaxed) for the hold: SPF and DKIM line up.
    expect(report.dmarcAligned).toBe(true);
  });

  it('warns p=none, offering p=quarantine with the other tags kept once mail aligns', async () => {
    const { dmarc } = await googleDmarc(['v=DMARC1; p=none; rua=mailto:reports@acme.test; fo=1']);
    expect(dmarc.result).toBe('warn');
    expect(dmarc.reason).toContain('p=none only monitors');
    expect(dmarc.reason).toContain('Aggregate reports go to mailto:reports@acme.test');
    expect(dmarc.fix).toEqual({
      type: 'TXT',
      name: '_dmarc.acme.test',
      value: 'v=DMARC1; p=quarantine; rua=mailto:reports@acme.test; fo=1',
    });
  });

  it('passes an enforcing policy, noting when no reports are asked for', async () => {
    const { dmarc } = await googleDmarc(['v=DMARC1; p=reject']);
    expect(dmarc.result).toBe('pass');
    expect(dmarc.reason).toContain('asks for no reports (no rua=)');
  });

  it('fails two records and a record with no valid policy', async () => {
    const two = await googleDmarc(['v=DMARC1; p=none', 'v=DMARC1; p=reject']);
    expect(two.dmarc.result).toBe('fail');
    expect(two.dmarc.reason).toContain('2 DMARC records, so receivers ignore them all');

    const broken = await googleDmarc(['v=DMARC1; p=block; rua=mailto:d@acme.test']);
    expect(broken.dmarc.result).toBe('fail');
    expect(broken.dmarc.reason).toContain('no valid policy');
    expect(broken.dmarc.fix?.value).toBe('v=DMARC1; p=none; rua=mailto:d@acme.test');
  });

  it("uses the organisational domain's record for a subdomain mailbox", async () => {
    env.dns.set('_dmarc.acme.test', 'TXT', ['v=DMARC1; p=reject; rua=mailto:d@acme.test']);
    const { dmarc, report } = await googleDmarc(null, 'mail.acme.test');
    expect(dmarc.result).toBe('pass');
    expect(dmarc.reason).toContain('_dmarc.acme.test publishes DMARC with policy p=reject');
    expect(report.dmarcAligned).toBe(true);
  });

  it('fails mail whose SPF and DKIM both belong to other domains: misaligned', async () => {
    publishHealthyDomain(env.dns, 'smtp.test', { provider: 'smtp', sendingIp: '198.51.100.7', dkim: key });
    env.dns.set('smtp.test', 'TXT', ['v=spf1 include:relay.test -all']);
    env.dns.set('relay.test', 'TXT', ['v=spf1 ip4:192.0.2.200 -all']);
    env.dns.set('esp._domainkey.mailer.test', 'TXT', [key.record]);
    const sent = await signMessage(plainMessage('sam@smtp.test', env.clock.now()), {
      domain: 'mailer.test',
      selector: 'esp',
      privateKey: key.privateKey,
      time: env.clock.now(),
    });
    const report = await env.check({
      email: 'sam@smtp.test',
      provider: 'smtp',
      sendingIp: '198.51.100.7',
      sentMessage: sent,
    });
    const dmarc = checkNamed(report, 'dmarc');
    expect(dmarc.result).toBe('fail');
    expect(dmarc.reason).toContain('Neither SPF nor DKIM lines up with smtp.test');
    expect(report.dmarcAligned).toBe(false);
    expect(report.status).toBe('failing');
  });

  it('holds strict DKIM alignment (adkim=s) to the very same domain', async () => {
    publishHealthyDomain(env.dns, 'mail.strict.test', {
      provider: 'smtp',
      sendingIp: '198.51.100.7',
      dkim: key,
    });
    env.dns.set('mail.strict.test', 'TXT', ['v=spf1 -all']);
    env.dns.set('_dmarc.mail.strict.test', 'TXT', ['v=DMARC1; p=reject; adkim=s']);
    env.dns.set('mail._domainkey.strict.test', 'TXT', [key.record]);
    const sent = await signMessage(plainMessage('sam@mail.strict.test', env.clock.now()), {
      domain: 'strict.test',
      selector: 'mail',
      privateKey: key.privateKey,
      time: env.clock.now(),
    });
    const sender = {
      email: 'sam@mail.strict.test',
      provider: 'smtp',
      sendingIp: '198.51.100.7',
      sentMessage: sent,
    } as const;
    expect((await env.check(sender)).dmarcAligned).toBe(false);
    env.dns.set('_dmarc.mail.strict.test', 'TXT', ['v=DMARC1; p=reject']);
    expect((await env.check(sender)).dmarcAligned).toBe(true);
  });
});
