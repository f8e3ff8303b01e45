import { beforeEach, describe, expect, it } from 'vitest';
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
beforeEach(() => {
  // The lists' answers are kept a minute like any other; each test starts past them.
  env.clock.advance(61_000);
  publishHealthyDomain(env.dns, 'acme.test', {
    provider: 'smtp',
    sendingIp: '198.51.100.7',
    selector: 'mail',
    dkim: key,
  });
});

const ZONES = ['ip:zen.bl.test', 'domain:dbl.bl.test'];
const smtp = { email: 'sam@acme.test', provider: 'smtp', sendingIp: '198.51.100.7' } as const;

describe('the blocklist check', () => {
  it('passes when every configured list answers NXDOMAIN, asking the reversed address and the domain', async () => {
    const report = await env.check(smtp, { dnsblZones: ZONES });
    const blocklist = checkNamed(report, 'blocklist');
    expect(blocklist.result).toBe('pass');
    expect(blocklist.reason).toBe(
      'Not listed (checked 198.51.100.7 on zen.bl.test, acme.test on dbl.bl.test).',
    );
    expect(report.blocklisted).toBe(false);
    expect(env.dns.queries).toContain('A 7.100.51.198.zen.bl.test');
    expect(env.dns.queries).toContain('A acme.test.dbl.bl.test');
  });

  it('fails a listed sending address or domain (an answer in 127.0.0.0/8)', async () => {
    env.dns.set('7.100.51.198.zen.bl.test', 'A', ['127.0.0.2']);
    const ip = await env.check(smtp, { dnsblZones: ZONES });
    expect(checkNamed(ip, 'blocklist').result).toBe('fail');
    expect(checkNamed(ip, 'blocklist').found).toBe(
      '198.51.100.7 is listed on zen.bl.test (answer 127.0.0.2)',
    );
    expect(ip.blocklisted).toBe(true);
    expect(ip.status).toBe('failing');

    env.dns.remove('7.100.51.198.zen.bl.test');
    env.clock.advance(61_000);
    env.dns.set('acme.test.dbl.bl.test', 'A', ['127.0.1.2']);
    const domain = await env.check(smtp, { dnsblZones: ZONES });
    expect(checkNamed(domain, 'blocklist').found).toBe(
      'acme.test is listed on dbl.bl.test (answer 127.0.1.2)',
    );
    expect(domain.blocklisted).toBe(true);
  });

  it("asks the domain lists about the mailbox's tracking domain too", async () => {
    env.dns.set('links.acme-track.test.dbl.bl.test', 'A', ['127.0.1.3']);
    const report = await env.check(
      { ...smtp, trackingDomain: 'links.acme-track.test' },
      { dnsblZones: ZONES },
    );
    expect(checkNamed(report, 'blocklist').found).toBe(
      'links.acme-track.test is listed on dbl.bl.test (answer 127.0.1.3)',
    );
    expect(report.blocklisted).toBe(true);
  });

  it('says "could not check" for a list that times out or refuses the query, never "listed"', async () => {
    env.dns.behave('7.100.51.198.zen.bl.test', 'silent');
    env.dns.set('acme.test.dbl.bl.test', 'A', ['127.255.255.254']);
    const report = await env.check(smtp, { dnsblZones: ZONES });
    const blocklist = checkNamed(report, 'blocklist');
    expect(blocklist.result).toBe('unknown');
    expect(blocklist.reason).toContain('198.51.100.7 on zen.bl.test: the name server did not answer in time');
    expect(blocklist.reason).toContain('the list refused the query (answer 127.255.255.254)');
    expect(report.blocklisted).toBeNull();
    expect(report.status).toBe('unknown');
    env.dns.behave('7.100.51.198.zen.bl.test', 'answer');
  });

  it('asks only domain lists for a Google mailbox, whose sending addresses are Google’s', async () => {
    publishHealthyDomain(env.dns, 'acme.test', { provider: 'google', dkim: key });
    const report = await env.check({ email: 'sam@acme.test', provider: 'google' }, { dnsblZones: ZONES });
    expect(checkNamed(report, 'blocklist').reason).toBe('Not listed (checked acme.test on dbl.bl.test).');
    const ipOnly = await env.check(
      { email: 'sam@acme.test', provider: 'google' },
      { dnsblZones: ['zen.bl.test'] },
    );
    expect(checkNamed(ipOnly, 'blocklist').result).toBe('unknown');
    expect(ipOnly.status).toBe('good');
  });

  it('with no zones configured is "not checked" and leaves the status to the other checks', async () => {
    const report = await env.check(smtp);
    const blocklist = checkNamed(report, 'blocklist');
    expect(blocklist.result).toBe('unknown');
    expect(blocklist.reason).toContain(
      'no blocklist is configured on this server (the operator sets DNSBL_ZONES)',
    );
    expect(report.blocklisted).toBeNull();
    // DKIM has no sent copy to read the selector from, so the status is unknown for that reason alone.
    expect(checkNamed(report, 'dkim').result).toBe('unknown');
    expect(report.status).toBe('unknown');
  });
});
