import type { ListCheckResult } from '@prospector/contracts';
import { createManualClock, createResolver } from '@prospector/core';
import { contacts } from '@prospector/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from '../../testing/dns-test-kit';
import { engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { importedSequence } from '../personalisation/personalisation-test-kit';

let dns: DnsServer;
let env: MailboxApp;
beforeAll(async () => {
  dns = await startDnsServer();
  dns.set('acme.example', { mx: ['mx1.acme.example', 'mx2.acme.example'] });
  dns.set('bare.example', { a: '192.0.2.10' });
  dns.set('nomail.example', 'null-mx');
  dns.set('empty.example', 'no-records');
  dns.set('broken.example', 'servfail');
  dns.set('slow.example', 'silent');
  dns.set('mailinator.com', { mx: ['mail.mailinator.com'] });
  // Domains that must take mail: the resolver is believed only when it says so.
  dns.set('gmail.com', { mx: ['gmail-smtp-in.l.google.com'] });
  dns.set('engine-test.example', { mx: ['mx.engine-test.example'] });
  env = await startMailboxApp({ dns: dns.resolver() });
});
afterAll(async () => {
  await env?.close();
  await dns?.close();
});

const rows = [
  { email: 'ana@acme.example', firstName: 'Ana' },
  { email: 'sales@acme.example', firstName: 'Team' },
  { email: 'bo@bare.example', firstName: 'Bo' },
  { email: 'cy@nomail.example', firstName: 'Cy' },
  { email: 'di@empty.example', firstName: 'Di' },
  { email: 'ed@missing.example', firstName: 'Ed' },
  { email: 'fay@broken.example', firstName: 'Fay' },
  { email: 'gus@slow.example', firstName: 'Gus' },
  { email: 'hal@mailinator.com', firstName: 'Hal' },
];

const emails = (list: { email: string }[]) => list.map((a) => a.email).sort();

describe('POST /api/sequences/{id}/list-check', () => {
  it('counts addresses without MX, disposable and role addresses over a real DNS server', async () => {
    const u = await engineUser(env);
    const { sequence } = await importedSequence(
      u,
      'Hi',
      '<p>Hi {{first_name}} {{unsubscribe_url}}</p>',
      rows,
    );
    const response = await u.browser.post(`/api/sequences/${sequence.id}/list-check`, {});
    expect(response.status).toBe(200);
    const body = response.json<ListCheckResult>();
    expect(body).toMatchObject({
      total: 9,
      noMx: 3,
      disposable: 1,
      role: 1,
      catchAll: 0,
      unknown: 2,
      ok: 2,
      unknownReason: null,
    });
    expect(emails(body.addresses.noMx)).toEqual([
      'cy@nomail.example',
      'di@empty.example',
      'ed@missing.example',
    ]);
    expect(emails(body.addresses.disposable)).toEqual(['hal@mailinator.com']);
    expect(emails(body.addresses.role)).toEqual(['sales@acme.example']);
    // A timeout or SERVFAIL is "could not check", never "no MX".
    expect(emails(body.addresses.unknown)).toEqual(['fay@broken.example', 'gus@slow.example']);
    expect(body.domains).toBe(8);

    const other = await engineUser(env);
    expect((await other.browser.post(`/api/sequences/${sequence.id}/list-check`, {})).status).toBe(404);
  });

  it('checks 10,000 contacts over 500 domains in seconds, one lookup per domain', async () => {
    const u = await engineUser(env);
    for (let d = 0; d < 500; d++)
      dns.set(`bulk${d}.example`, d % 50 === 0 ? 'no-records' : { mx: [`mx.bulk${d}.example`] });
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      workspaceId: u.workspaceId,
      email: `person${i}@bulk${i % 500}.example`,
    }));
    const inserted: { id: string }[] = [];
    for (let i = 0; i < rows.length; i += 2_000) {
      inserted.push(
        ...(await env.database.db
          .insert(contacts)
          .values(rows.slice(i, i + 2_000))
          .returning({ id: contacts.id })),
      );
    }
    const sequence = await u.sequence();
    await u.list(sequence.id, inserted);
    // Seeding can leave the kit's keep-alive socket idle past the server's 5 s keep-alive timeout, and a
    // request sent on it then races the server closing it; this one takes that socket, the check gets a fresh one.
    await u.browser.get('/api/sequences').catch(() => undefined);
    const before = dns.queries.length;
    const started = performance.now();
    const response = await u.browser.post(`/api/sequences/${sequence.id}/list-check`, {});
    const seconds = (performance.now() - started) / 1000;
    const body = response.json<ListCheckResult>();
    expect(body).toMatchObject({ total: 10_000, domains: 500, noMx: 200, unknown: 0, ok: 9_800 });
    expect(body.addresses.noMx).toHaveLength(100);
    // Each domain asked once for MX; the ten without records once more for an address record (A, AAAA).
    expect(dns.queries.length - before).toBe(500 + 10 * 2);
    expect(seconds).toBeLessThan(30);
  }, 60_000);

  it('asks the DNS server once per domain while the answer is fresh, again after it expires', async () => {
    const local = await startDnsServer();
    local.set('cached.example', { mx: ['mx.cached.example'] });
    const { createManualClock } = await import('@prospector/core');
    const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
    const lookup = local.mxLookup(clock);
    await Promise.all([lookup.status('cached.example'), lookup.status('CACHED.example')]);
    expect(await lookup.status('cached.example')).toBe('accepts-mail');
    expect(local.queries.filter((q) => q === 'MX cached.example')).toHaveLength(1);
    clock.advance(61 * 60 * 1000);
    await lookup.status('cached.example');
    expect(local.queries.filter((q) => q === 'MX cached.example')).toHaveLength(2);
    await local.close();
  });

  it('excludes a reason in one click, leaves those contacts out of the launch, and puts them back', async () => {
    const u = await engineUser(env);
    const { sequence } = await importedSequence(u, 'Hi', '<p>Hi {{first_name}} {{unsubscribe_url}}</p>', [
      { email: 'ana@acme.example', firstName: 'Ana' },
      { email: 'info@acme.example', firstName: 'Info' },
      { email: 'cy@nomail.example', firstName: 'Cy' },
    ]);
    const exclude = (reason: string) =>
      u.browser.post(`/api/sequences/${sequence.id}/list-check/exclude`, { reason });
    expect((await exclude('role')).json()).toEqual({ reason: 'role', contacts: 1 });
    expect((await exclude('noMx')).json()).toEqual({ reason: 'noMx', contacts: 1 });
    expect((await exclude('bogus')).status).toBe(400);

    const check = (
      await u.browser.post(`/api/sequences/${sequence.id}/list-check`, {})
    ).json<ListCheckResult>();
    expect(check).toMatchObject({ total: 1, role: 0, noMx: 0, ok: 1 });
    expect(check.excluded).toEqual([
      { reason: 'noMx', contacts: 1, addresses: [expect.objectContaining({ email: 'cy@nomail.example' })] },
      { reason: 'role', contacts: 1, addresses: [expect.objectContaining({ email: 'info@acme.example' })] },
    ]);
    // Visible where the launch's left-out contacts are listed.
    const skipped = (await u.browser.get(`/api/sequences/${sequence.id}/skipped-contacts`)).json<{
      total: number;
    }>();
    expect(skipped.total).toBe(2);

    const putBack = await u.browser.delete(`/api/sequences/${sequence.id}/list-check/exclude?reason=role`);
    expect(putBack.json()).toEqual({ reason: 'role', contacts: 1 });
    const launched = await u.browser.post(`/api/sequences/${sequence.id}/launch`, {});
    expect(launched.status).toBe(200);
    expect(launched.json()).toMatchObject({ enrolled: 2 });
    // The launch's own record of skips leaves the list check's exclusions in place.
    const after = (
      await u.browser.post(`/api/sequences/${sequence.id}/list-check`, {})
    ).json<ListCheckResult>();
    expect(after.excluded).toEqual([expect.objectContaining({ reason: 'noMx', contacts: 1 })]);

    const other = await engineUser(env);
    expect(
      (await other.browser.post(`/api/sequences/${sequence.id}/list-check/exclude`, { reason: 'role' }))
        .status,
    ).toBe(404);
  });
});

describe('a list check on a resolver that cannot be believed', () => {
  const people = [
    { email: 'ana@acme.example', firstName: 'Ana' },
    { email: 'bo@bare.example', firstName: 'Bo' },
    { email: 'info@carr.example', firstName: 'Info' },
  ];

  /** A new user's list check of `people`, and what excluding "no MX" then excludes. */
  async function checkOn(app: MailboxApp) {
    const u = await engineUser(app);
    const { sequence } = await importedSequence(
      u,
      'Hi',
      '<p>Hi {{first_name}} {{unsubscribe_url}}</p>',
      people,
    );
    const check = await u.browser.post(`/api/sequences/${sequence.id}/list-check`, {});
    const exclude = await u.browser.post(`/api/sequences/${sequence.id}/list-check/exclude`, {
      reason: 'noMx',
    });
    return { check: check.json<ListCheckResult>(), excluded: exclude.json() };
  }

  it('says "could not check" for every address when the resolver denies every name (no network)', async () => {
    const nothing = await startDnsServer();
    const app = await startMailboxApp({ dns: nothing.resolver() });
    try {
      const { check, excluded } = await checkOn(app);
      expect(check).toMatchObject({ total: 3, noMx: 0, unknown: 3, role: 1, ok: 0, domains: 0 });
      expect(check.unknownReason).toMatch(
        /^Could not check mail servers: the DNS resolver says engine-test\.example takes no mail, which cannot be right, so its answers are not trusted\.$/,
      );
      expect(emails(check.addresses.unknown)).toEqual(emails(people));
      // Nothing is offered, nor done, to exclude as without mail.
      expect(excluded).toEqual({ reason: 'noMx', contacts: 0 });
    } finally {
      await app.close();
      await nothing.close();
    }
  });

  it('says "could not check" when the resolver does not answer, and trusts one that knows the names that must exist', async () => {
    const silent = await startDnsServer();
    silent.set('gmail.com', { mx: ['gmail-smtp-in.l.google.com'] });
    silent.set('engine-test.example', 'silent');
    const quick = createResolver({
      servers: [silent.address],
      clock: createManualClock(),
      timeoutMs: 300,
      tries: 1,
    });
    const app = await startMailboxApp({ dns: quick });
    try {
      const { check } = await checkOn(app);
      expect(check).toMatchObject({ total: 3, noMx: 0, unknown: 3 });
      expect(check.unknownReason).toMatch(/did not answer for engine-test\.example/);

      silent.set('engine-test.example', { mx: ['mx.engine-test.example'] });
      silent.set('acme.example', { mx: ['mx.acme.example'] });
      // A failure to answer is kept one minute.
      app.clock.advance(61_000);
      const trusted = await checkOn(app);
      expect(trusted.check).toMatchObject({ total: 3, noMx: 2, unknown: 0, unknownReason: null, domains: 3 });
      expect(trusted.excluded).toEqual({ reason: 'noMx', contacts: 2 });
    } finally {
      await app.close();
      await silent.close();
    }
  }, 60_000);
});
