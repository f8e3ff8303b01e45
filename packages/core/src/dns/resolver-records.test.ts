import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { type DnsZoneServer, startDnsZoneServer } from '../testing/dns-zone-server';
import { createResolver } from './resolver';

let dns: DnsZoneServer;
beforeAll(async () => {
  dns = await startDnsZoneServer();
});
afterAll(() => dns?.close());

const resolverOn = () =>
  createResolver({ servers: [dns.address], clock: createManualClock(), timeoutMs: 300, tries: 1 });

describe('TXT and PTR lookups on DNS_SERVERS', () => {
  it('answers TXT records as their strings, long ones split, following a CNAME', async () => {
    const resolver = resolverOn();
    const key = `v=DKIM1; k=rsa; p=${'B'.repeat(392)}`;
    dns.set('s1._domainkey.acme.test', 'TXT', [key]);
    dns.set('selector1._domainkey.acme.test', 'CNAME', ['s1._domainkey.acme.test']);
    const answer = await resolver.resolveTxt('selector1._domainkey.acme.test');
    expect(answer.ok && answer.records.map((r) => r.join(''))).toEqual([key]);
    expect(answer.ok && answer.records[0]!.length).toBe(2);
  });

  it('answers PTR records, and tells NODATA, NXDOMAIN and REFUSED apart', async () => {
    const resolver = resolverOn();
    dns.set('7.2.0.192.in-addr.arpa', 'PTR', ['mail.acme.test']);
    expect(await resolver.resolvePtr('7.2.0.192.in-addr.arpa')).toEqual({
      ok: true,
      records: ['mail.acme.test'],
    });
    dns.set('a-only.test', 'A', ['192.0.2.8']);
    expect(await resolver.resolveTxt('a-only.test')).toMatchObject({
      ok: false,
      missing: true,
      nxdomain: false,
    });
    expect(await resolver.resolveTxt('nothing.test')).toMatchObject({
      ok: false,
      missing: true,
      nxdomain: true,
    });
    dns.behave('refusing.test', 'refused');
    expect(await resolver.resolveTxt('refusing.test')).toMatchObject({ ok: false, missing: false });
  });

  it('forgets a domain with every name under it, and only those', async () => {
    const resolver = resolverOn();
    dns.set('_dmarc.forget.test', 'TXT', ['v=DMARC1; p=none']);
    dns.set('forget.test.other', 'TXT', ['kept']);
    await resolver.resolveTxt('_dmarc.forget.test');
    await resolver.resolveTxt('forget.test.other');
    dns.set('_dmarc.forget.test', 'TXT', ['v=DMARC1; p=reject']);
    dns.set('forget.test.other', 'TXT', ['changed']);
    resolver.forget('forget.test');
    const dmarc = await resolver.resolveTxt('_dmarc.forget.test');
    const other = await resolver.resolveTxt('forget.test.other');
    expect(dmarc.ok && dmarc.records).toEqual([['v=DMARC1; p=reject']]);
    expect(other.ok && other.records).toEqual([['kept']]);
  });
});
