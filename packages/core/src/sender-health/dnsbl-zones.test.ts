import { describe, expect, it } from 'vitest';
import { dnsblQueryName, parseDnsblZone, readDnsblAnswer } from './dnsbl-zones';

describe('DNSBL zones', () => {
  it('reads address lists (bare or ip:) and domain lists (domain:)', () => {
    expect(parseDnsblZone('zen.spamhaus.org')).toEqual({ kind: 'ip', zone: 'zen.spamhaus.org' });
    expect(parseDnsblZone(' IP:bl.spamcop.net. ')).toEqual({ kind: 'ip', zone: 'bl.spamcop.net' });
    expect(parseDnsblZone('domain:KEY1.dbl.dq.spamhaus.net')).toEqual({
      kind: 'domain',
      zone: 'key1.dbl.dq.spamhaus.net',
    });
    for (const bad of ['', 'spamhaus', 'url:dbl.spamhaus.org', '1.2.3.4', 'domain:', 'a b.org']) {
      expect(parseDnsblZone(bad), bad).toBeNull();
    }
  });

  it('asks the reversed IPv4 address, the reversed IPv6 nibbles and the domain under the zone (RFC 5782)', () => {
    const ip = { kind: 'ip', zone: 'zen.test' } as const;
    expect(dnsblQueryName('192.0.2.99', ip)).toBe('99.2.0.192.zen.test');
    expect(dnsblQueryName('2001:db8::1', ip)).toBe(`1.${'0.'.repeat(23)}8.b.d.0.1.0.0.2.zen.test`);
    expect(dnsblQueryName('2001:db8::1', ip)?.split('.').length).toBe(34);
    expect(dnsblQueryName('acme.test', { kind: 'domain', zone: 'dbl.test' })).toBe('acme.test.dbl.test');
    expect(dnsblQueryName('acme.test', ip)).toBeNull();
  });

  it('tells a listing from a refusal and from an answer that is no list answer', () => {
    expect(readDnsblAnswer('127.0.0.2')).toBe('listed');
    expect(readDnsblAnswer('127.0.1.106')).toBe('listed');
    expect(readDnsblAnswer('127.0.0.1')).toBe('refused');
    expect(readDnsblAnswer('127.255.255.254')).toBe('refused');
    expect(readDnsblAnswer('127.0.1.255')).toBe('refused');
    expect(readDnsblAnswer('93.184.216.34')).toBe('not-a-list-answer');
  });
});
