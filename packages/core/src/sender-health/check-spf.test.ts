import { describe, expect, it } from 'vitest';
import {
  checkNamed,
  type DkimKeyPair,
  publishHealthyDomain,
  type SenderHealthDns,
} from '../testing/sender-health-kit';
import { useSenderHealthDns } from '../testing/sender-health-lifecycle';

let env: SenderHealthDns;
let key: DkimKeyPair;
useSenderHealthDns((shared) => ({ env, key } = shared));

/** A Google Workspace domain set up well except for its SPF record(s). */
async function spfOf(
  records: string[],
  sender: { provider?: 'google' | 'microsoft' | 'smtp'; sendingIp?: string } = {},
) {
  const provider = sender.provider ?? 'google';
  publishHealthyDomain(env.dns, 'acme.test', { provider, sendingIp: sender.sendingIp, dkim: key });
  env.dns.set('acme.test', 'TXT', records);
  const report = await env.check({ email: 'sam@acme.test', provider, sendingIp: sender.sendingIp });
  return { report, spf: checkNamed(report, 'spf') };
}

describe('the SPF check', () => {
  it('fails a domain with no SPF record and gives the whole record to add', async () => {
    const { spf, report } = await spfOf(['google-site-verification=abc']);
    expect(spf).toMatchObject({ result: 'fail', found: null });
    expect(spf.fix).toEqual({ type: 'TXT', name: 'acme.test', value: 'v=spf1 include:_spf.google.com ~all' });
    expect(report.status).toBe('failing');
    // DKIM still lines up, so DMARC passes on it.
    expect(report.dmarcAligned).toBe(true);
  });

  it('names a missing provider include plainly and keeps the other mechanisms in the fix', async () => {
    const { spf } = await spfOf(['v=spf1 ip4:203.0.113.5 include:spf.protection.outlook.com -all']);
    expect(spf.result).toBe('fail');
    expect(spf.reason).toContain('does not include Google Workspace (include:_spf.google.com)');
    expect(spf.fix).toEqual({
      type: 'TXT',
      name: 'acme.test',
      value: 'v=spf1 ip4:203.0.113.5 include:spf.protection.outlook.com include:_spf.google.com ~all',
    });
  });

  it('accepts the provider reached through a nested include', async () => {
    env.dns.set('_spf.acme-mail.test', 'TXT', ['v=spf1 include:_spf.google.com -all']);
    const { spf } = await spfOf(['v=spf1 include:_spf.acme-mail.test -all']);
    expect(spf.result).toBe('pass');
  });

  it('fails two SPF records and merges them into one', async () => {
    const { spf } = await spfOf(['v=spf1 include:_spf.google.com ~all', 'v=spf1 ip4:203.0.113.5 -all']);
    expect(spf.result).toBe('fail');
    expect(spf.reason).toContain('2 SPF records');
    expect(spf.found).toBe('v=spf1 include:_spf.google.com ~all | v=spf1 ip4:203.0.113.5 -all');
    expect(spf.fix?.value).toBe('v=spf1 include:_spf.google.com ip4:203.0.113.5 ~all');
  });

  it('fails "+all", warns "?all" and a record without an ending, accepts "~all" and "-all"', async () => {
    const plus = await spfOf(['v=spf1 include:_spf.google.com +all']);
    expect(plus.spf.result).toBe('fail');
    expect(plus.spf.reason).toContain('"+all", which lets any server in the world send as acme.test');
    expect(plus.spf.fix?.value).toBe('v=spf1 include:_spf.google.com ~all');

    const neutral = await spfOf(['v=spf1 include:_spf.google.com ?all']);
    expect(neutral.spf.result).toBe('warn');
    expect(neutral.spf.fix?.value).toBe('v=spf1 include:_spf.google.com ~all');
    expect(neutral.report.status).toBe('at_risk');

    const open = await spfOf(['v=spf1 include:_spf.google.com']);
    expect(open.spf.result).toBe('warn');
    expect(open.spf.reason).toContain('no "all" ending');

    for (const ending of ['~all', '-all']) {
      const { spf } = await spfOf([`v=spf1 include:_spf.google.com ${ending}`]);
      expect(spf.result, ending).toBe('pass');
      expect(spf.fix).toBeNull();
    }
  });

  it('fails a record that needs more than 10 DNS lookups, though the provider matches early', async () => {
    for (let i = 1; i <= 10; i += 1)
      env.dns.set(`s${i}.vendors.test`, 'TXT', [`v=spf1 ip4:203.0.113.${i} -all`]);
    const includes = Array.from({ length: 10 }, (_, i) => `include:s${i + 1}.vendors.test`).join(' ');
    const { spf } = await spfOf([`v=spf1 include:_spf.google.com ${includes} -all`]);
    expect(spf.result).toBe('fail');
    expect(spf.reason).toContain('more than 10 DNS lookups');
    expect(spf.fix).toBeNull();

    const nine = Array.from({ length: 8 }, (_, i) => `include:s${i + 1}.vendors.test`).join(' ');
    expect((await spfOf([`v=spf1 include:_spf.google.com ${nine} -all`])).spf.result).toBe('pass');
  });

  it("evaluates an SMTP mailbox for its server's address and adds it when missing", async () => {
    const listed = await spfOf(['v=spf1 ip4:198.51.100.0/24 -all'], {
      provider: 'smtp',
      sendingIp: '198.51.100.7',
    });
    expect(listed.spf.result).toBe('pass');

    const missing = await spfOf(['v=spf1 mx -all'], { provider: 'smtp', sendingIp: '203.0.113.9' });
    expect(missing.spf.result).toBe('fail');
    expect(missing.spf.reason).toContain("does not list your mail server's address 203.0.113.9");
    expect(missing.spf.fix?.value).toBe('v=spf1 mx ip4:203.0.113.9 ~all');

    const v6 = await spfOf(['v=spf1 -all'], { provider: 'smtp', sendingIp: '2001:db8::25' });
    expect(v6.spf.fix?.value).toBe('v=spf1 ip6:2001:db8::25 ~all');
  });

  it('says "could not check" when an include does not answer, and when the SMTP address is not known', async () => {
    env.dns.behave('_spf.google.com', 'servfail');
    // The provider's record is kept a minute like any answer; this check must ask again.
    env.resolver.forget('_spf.google.com');
    const { spf, report } = await spfOf(['v=spf1 include:_spf.google.com ~all']);
    expect(spf.result).toBe('unknown');
    expect(spf.reason).toMatch(/^Could not check/);
    expect(report.status).toBe('unknown');
    env.dns.behave('_spf.google.com', 'answer');

    const noIp = await spfOf(['v=spf1 ip4:198.51.100.7 -all'], { provider: 'smtp' });
    expect(noIp.spf.result).toBe('unknown');
    expect(noIp.spf.reason).toContain('sending address is not known yet');
  });

  it('fails a record mailauth finds broken', async () => {
    const { spf } = await spfOf(['v=spf1 include:_spf.google.com ip4:not-an-address -all']);
    expect(spf.result).toBe('fail');
    expect(spf.reason).toContain('has an error receivers reject');
  });
});
