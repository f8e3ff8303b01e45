import { createManualClock, createResolver } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from '../../testing/dns-test-kit';

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(() => dns?.close());

describe('the DNS resolver on DNS_SERVERS', () => {
  it('answers CNAMEs from the configured server and keeps each answer until the clock moves past it', async () => {
    const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
    const resolver = createResolver({ servers: [dns.address], clock, cacheMs: 60_000 });
    dns.setCname('cached.example.com', 'app.example.net');
    expect(await resolver.resolveCname('Cached.Example.com.')).toEqual({
      ok: true,
      records: ['app.example.net'],
    });

    dns.setCname('cached.example.com', 'moved.example.net');
    clock.advance(59_000);
    expect(await resolver.resolveCname('cached.example.com')).toEqual({
      ok: true,
      records: ['app.example.net'],
    });
    clock.advance(2_000);
    expect(await resolver.resolveCname('cached.example.com')).toEqual({
      ok: true,
      records: ['moved.example.net'],
    });

    dns.remove('cached.example.com');
    resolver.forget('cached.example.com');
    expect(await resolver.resolveCname('cached.example.com')).toEqual({
      ok: false,
      reason: 'the domain does not exist (NXDOMAIN)',
      missing: true,
      nxdomain: true,
    });
  });

  it('turns SERVFAIL and a silent server into a failed answer with its reason, and asks again next time', async () => {
    const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
    const resolver = createResolver({ servers: [dns.address], clock, timeoutMs: 200, tries: 1 });
    dns.setCname('broken.example.com', 'app.example.net');
    dns.behave('broken.example.com', 'servfail');
    expect(await resolver.resolveCname('broken.example.com')).toEqual({
      ok: false,
      reason: 'the name server failed to answer (SERVFAIL)',
      missing: false,
      nxdomain: false,
    });
    dns.setCname('quiet.example.com', 'app.example.net');
    dns.behave('quiet.example.com', 'silent');
    expect(await resolver.resolveMx('quiet.example.com')).toEqual({
      ok: false,
      reason: 'the name server did not answer in time',
      missing: false,
      nxdomain: false,
    });
    // A failure to answer is not kept: the next lookup asks the server, which answers now.
    dns.setCname('broken.example.com', 'app.example.net');
    expect(await resolver.resolveCname('broken.example.com')).toEqual({
      ok: true,
      records: ['app.example.net'],
    });
  });
});
