import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from './dns-server.mjs';

let dns;
let resolver;
beforeAll(async () => {
  dns = await startDnsServer();
  resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([dns.address]);
});
afterAll(() => dns?.stop());

describe("the flows' DNS server", () => {
  it('answers records a flow sets, changes and removes while it runs, long TXT split into strings', async () => {
    await expect(resolver.resolveTxt('_dmarc.acme.test')).rejects.toMatchObject({ code: 'ENODATA' });
    dns.set('_dmarc.acme.test', 'TXT', ['v=DMARC1; p=none']);
    expect(await resolver.resolveTxt('_dmarc.acme.test')).toEqual([['v=DMARC1; p=none']]);
    const key = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;
    dns.set('mail._domainkey.acme.test', 'TXT', [key]);
    const [chunks] = await resolver.resolveTxt('mail._domainkey.acme.test');
    expect(chunks.length).toBe(2);
    expect(chunks.join('')).toBe(key);
    dns.set('acme.test', 'MX', ['5 mail.acme.test']);
    // Node 24 adds `type: 'MX'` to each record.
    expect(await resolver.resolveMx('acme.test')).toMatchObject([
      { exchange: 'mail.acme.test', priority: 5 },
    ]);
    dns.set('2.0.0.127.bl.test', 'A', ['127.0.0.2']);
    expect(await resolver.resolve4('2.0.0.127.bl.test')).toEqual(['127.0.0.2']);
    dns.remove('_dmarc.acme.test', 'TXT');
    await expect(resolver.resolveTxt('_dmarc.acme.test')).rejects.toMatchObject({ code: 'ENODATA' });
    dns.remove('acme.test');
    expect(await resolver.resolveMx('acme.test')).toMatchObject([{ exchange: 'mx.acme.test', priority: 10 }]);
  });
});
