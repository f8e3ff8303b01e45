import { randomUUID } from 'node:crypto';
import type { TrackingDomain, TrackingDomainList } from '@prospector/contracts';
import {
  createResolver,
  recheckTrackingDomains,
  runEngineRound,
  VERIFIED_HOST_TTL_MS,
} from '@prospector/core';
import { trackingDomains } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from '../../testing/dns-test-kit';
import { type EngineUser, engineUser, header } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let dns: DnsServer;
let env: MailboxApp;
let target: string;
beforeAll(async () => {
  dns = await startDnsServer();
  env = await startMailboxApp({ dnsServers: [dns.address] });
  target = new URL(env.appUrl).hostname;
});
afterAll(async () => {
  await env?.close();
  dns?.close();
});
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const uniqueDomain = () => `track-${randomUUID().slice(0, 8)}.example.com`;

async function addDomain(u: EngineUser, domain: string, mailboxId?: string) {
  const response = await u.browser.post('/api/tracking-domains', { domain, mailboxId });
  expect(response.status).toBe(201);
  return response.json<TrackingDomain>();
}

const verify = (u: EngineUser, id: string) => u.browser.post(`/api/tracking-domains/${id}/verify`);

/** Launches a one-step sequence to one contact and sends it; the email as the recipient's inbox holds it. */
async function sendOne(u: EngineUser) {
  const template = await u.template('Hello', '<p>Hi {{name}}, {{unsubscribe_url}}</p>');
  const sequence = await u.sequence();
  await u.step(sequence.id, 1, { templateId: template.id, sendHour: 10 });
  await u.list(sequence.id, [await u.contact()]);
  expect((await u.launch(sequence.id)).status).toBe(200);
  env.clock.set(new Date('2025-05-01T10:00:00Z'));
  expect((await runEngineRound(u.deps)).sent).toBe(1);
  const [send] = await u.sends(sequence.id);
  const message = (await u.inbox()).find((m) => header(m, 'Message-ID') === send?.messageId);
  return { send: send!, message: message! };
}

/** A request to the listening app with the Host header a custom domain would carry. */
const onHost = (host: string, url: string, method: 'GET' | 'POST' = 'GET') =>
  env.app.inject({ method, url, headers: { host } });

describe('tracking domains', () => {
  it('adds a domain as pending with the CNAME to create, and lists it', async () => {
    const u = await engineUser(env);
    const domain = uniqueDomain();
    const added = await addDomain(u, ` ${domain.toUpperCase()}. `, u.account.id);
    expect(added).toMatchObject({
      domain,
      cnameTarget: target,
      status: 'pending',
      checkedAt: null,
      mailboxId: u.account.id,
      mailboxEmail: u.account.email,
      inUse: false,
    });
    const list = (await u.browser.get('/api/tracking-domains')).json<TrackingDomainList>();
    expect(list.cnameTarget).toBe(target);
    expect(list.domains.map((d) => d.id)).toEqual([added.id]);
  });

  it('refuses what is not a host name of its own, with a message, never a 500', async () => {
    const u = await engineUser(env);
    const cases: [unknown, number, string][] = [
      ['', 400, 'Enter a domain such as track.example.com'],
      [
        'https://track.example.com',
        400,
        'Enter a host name only, such as track.example.com (no http://, no path)',
      ],
      [
        'track.example.com/path',
        400,
        'Enter a host name only, such as track.example.com (no http://, no path)',
      ],
      ['localhost', 400, 'Use a subdomain of a domain you own, such as track.example.com'],
      [
        'bad_label.example.com',
        400,
        'Enter a host name only, such as track.example.com (no http://, no path)',
      ],
      ['10.0.0.1', 400, 'Enter a host name only, such as track.example.com (no http://, no path)'],
      [42, 400, 'Enter a domain such as track.example.com'],
    ];
    for (const [domain, status, message] of cases) {
      const response = await u.browser.post('/api/tracking-domains', { domain });
      expect({
        domain,
        status: response.status,
        message: response.json<{ message: string }>().message,
      }).toEqual({
        domain,
        status,
        message,
      });
    }
    const unknownMailbox = await u.browser.post('/api/tracking-domains', {
      domain: uniqueDomain(),
      mailboxId: randomUUID(),
    });
    expect(unknownMailbox.status).toBe(404);
  });

  it('holds a domain for one user: another user cannot claim it, see it, check it or remove it', async () => {
    const owner = await engineUser(env);
    const other = await engineUser(env);
    const domain = uniqueDomain();
    const added = await addDomain(owner, domain);
    const claim = await other.browser.post('/api/tracking-domains', { domain });
    expect(claim.status).toBe(409);
    expect(claim.json<{ message: string }>().message).toBe(
      'That domain is already used as a tracking domain',
    );
    expect((await other.browser.get('/api/tracking-domains')).json<TrackingDomainList>().domains).toEqual([]);
    expect((await verify(other, added.id)).status).toBe(404);
    expect((await other.browser.delete(`/api/tracking-domains/${added.id}`)).status).toBe(404);
    expect((await other.browser.delete('/api/tracking-domains/not-an-id')).status).toBe(404);
    // A second user-wide default is refused too.
    const second = await owner.browser.post('/api/tracking-domains', { domain: uniqueDomain() });
    expect(second.status).toBe(409);
    expect((await owner.browser.delete(`/api/tracking-domains/${added.id}`)).status).toBe(204);
    expect((await owner.browser.get('/api/tracking-domains')).json<TrackingDomainList>().domains).toEqual([]);
  });

  it('fails a CNAME that points elsewhere, a missing record and a SERVFAIL, each with its reason', async () => {
    const u = await engineUser(env);
    const elsewhere = await addDomain(u, uniqueDomain(), u.account.id);
    dns.setCname(elsewhere.domain, 'other-app.example.net');
    const checked = (await verify(u, elsewhere.id)).json<TrackingDomain>();
    expect(checked).toMatchObject({ status: 'failed', inUse: false, checkedAt: '2025-05-01T09:00:00.000Z' });
    expect(checked.lastError).toBe(
      `The CNAME of ${elsewhere.domain} points at other-app.example.net, not ${target}`,
    );

    const u2 = await engineUser(env);
    const missing = await addDomain(u2, uniqueDomain());
    const nx = (await verify(u2, missing.id)).json<TrackingDomain>();
    expect(nx.status).toBe('failed');
    expect(nx.lastError).toBe(
      `No CNAME record for ${missing.domain} could be read: the domain does not exist (NXDOMAIN)`,
    );

    dns.behave(missing.domain, 'servfail');
    const failing = await verify(u2, missing.id);
    expect(failing.status).toBe(200);
    expect(failing.json<TrackingDomain>().lastError).toBe(
      `No CNAME record for ${missing.domain} could be read: the name server failed to answer (SERVFAIL)`,
    );
  });

  it('puts a verified domain in the sent email and answers on it; another Host is refused', async () => {
    const u = await engineUser(env);
    const domain = await addDomain(u, uniqueDomain(), u.account.id);
    dns.setCname(domain.domain, `${target}.`);
    const checked = (await verify(u, domain.id)).json<TrackingDomain>();
    expect(checked).toMatchObject({ status: 'verified', inUse: true, lastError: null });

    const { send, message } = await sendOne(u);
    const base = `http://${domain.domain}`;
    expect(header(message, 'List-Unsubscribe')).toBe(`<${base}/u/${send.unsubscribeToken}>`);
    expect(message.html).toContain(`${base}/t/o/${send.trackingToken}.gif`);
    expect(message.html).toContain(`${base}/u/${send.unsubscribeToken}`);
    expect(message.html).not.toContain(env.appUrl);
    expect(message.text).toContain(`${base}/u/${send.unsubscribeToken}`);

    const pixel = await onHost(domain.domain, `/t/o/${send.trackingToken}.gif`);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    const page = await onHost(`${domain.domain}:443`, `/u/${send.unsubscribeToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe');
    // The app and its API are not served under a tracking domain.
    expect((await onHost(domain.domain, '/api/auth/me')).statusCode).toBe(404);
    expect((await onHost(domain.domain, '/')).statusCode).toBe(404);
    // A host nobody verified never serves the links.
    expect((await onHost('evil.example.org', `/t/o/${send.trackingToken}.gif`)).statusCode).toBe(421);
    expect((await onHost('evil.example.org', `/u/${send.unsubscribeToken}`, 'POST')).statusCode).toBe(421);

    const allowed = await env.app.inject({ url: `/api/tracking-domains/allowed?domain=${domain.domain}` });
    expect(allowed.statusCode).toBe(200);
    const refused = await env.app.inject({ url: '/api/tracking-domains/allowed?domain=evil.example.org' });
    expect(refused.statusCode).toBe(404);
    expect((await env.app.inject({ url: '/api/tracking-domains/allowed' })).statusCode).toBe(404);
  });

  it('keeps which hosts are verified a minute: a domain failed elsewhere is refused after it, one removed here at once', async () => {
    const u = await engineUser(env);
    const domain = await addDomain(u, uniqueDomain());
    dns.setCname(domain.domain, target);
    expect((await verify(u, domain.id)).json<TrackingDomain>().status).toBe('verified');
    const pixel = `/t/o/${randomUUID()}.gif`;
    expect((await onHost(domain.domain, pixel)).statusCode).toBe(200);

    // The worker's daily re-check, in another process, fails the domain.
    await u.deps.db
      .update(trackingDomains)
      .set({ status: 'failed' })
      .where(eq(trackingDomains.id, domain.id));
    expect((await onHost(domain.domain, pixel)).statusCode).toBe(200);
    env.clock.advance(VERIFIED_HOST_TTL_MS + 1);
    expect((await onHost(domain.domain, pixel)).statusCode).toBe(421);

    // Checked again here: served at once; removed here: refused at once.
    expect((await verify(u, domain.id)).json<TrackingDomain>().status).toBe('verified');
    expect((await onHost(domain.domain, pixel)).statusCode).toBe(200);
    expect((await u.browser.delete(`/api/tracking-domains/${domain.id}`)).status).toBe(204);
    expect((await onHost(domain.domain, pixel)).statusCode).toBe(421);
  });

  it('never uses a domain that is not verified, and its Host is refused', async () => {
    const u = await engineUser(env);
    const domain = await addDomain(u, uniqueDomain(), u.account.id);
    dns.setCname(domain.domain, 'somewhere-else.example.net');
    await verify(u, domain.id);
    const { send, message } = await sendOne(u);
    expect(header(message, 'List-Unsubscribe')).toBe(`<${env.appUrl}/u/${send.unsubscribeToken}>`);
    expect(message.html).toContain(`${env.appUrl}/t/o/${send.trackingToken}.gif`);
    expect(message.html).not.toContain(domain.domain);
    expect((await onHost(domain.domain, `/t/o/${send.trackingToken}.gif`)).statusCode).toBe(421);
    const allowed = await env.app.inject({ url: `/api/tracking-domains/allowed?domain=${domain.domain}` });
    expect(allowed.statusCode).toBe(404);
  });

  it("the daily re-check fails a domain whose record was removed, and the next email uses the app's host", async () => {
    const u = await engineUser(env);
    const domain = await addDomain(u, uniqueDomain());
    dns.setCname(domain.domain, target);
    expect((await verify(u, domain.id)).json<TrackingDomain>().status).toBe('verified');

    dns.remove(domain.domain);
    env.clock.set(new Date('2025-05-02T03:17:00Z'));
    const resolver = createResolver({ servers: [dns.address], clock: env.clock });
    const outcome = await recheckTrackingDomains({ ...u.deps, dns: resolver });
    expect(outcome.checked).toBeGreaterThanOrEqual(1);
    const [after] = (await u.browser.get('/api/tracking-domains')).json<TrackingDomainList>().domains;
    expect(after).toMatchObject({ status: 'failed', inUse: false, checkedAt: '2025-05-02T03:17:00.000Z' });
    expect(after?.verifiedAt).toBe('2025-05-01T09:00:00.000Z');
    expect(after?.lastError).toContain('NXDOMAIN');

    env.clock.set(new Date('2025-05-02T09:00:00Z'));
    const template = await u.template('Hello', '<p>Hi {{name}}, {{unsubscribe_url}}</p>');
    const sequence = await u.sequence();
    await u.step(sequence.id, 1, { templateId: template.id, sendHour: 10 });
    await u.list(sequence.id, [await u.contact()]);
    expect((await u.launch(sequence.id)).status).toBe(200);
    env.clock.set(new Date('2025-05-02T10:00:00Z'));
    expect((await runEngineRound(u.deps)).sent).toBe(1);
    const [send] = await u.sends(sequence.id);
    const message = (await u.inbox()).find((m) => header(m, 'Message-ID') === send?.messageId);
    expect(header(message!, 'List-Unsubscribe')).toBe(`<${env.appUrl}/u/${send?.unsubscribeToken}>`);
    expect(message?.html).not.toContain(domain.domain);
    expect((await onHost(domain.domain, `/t/o/${send?.trackingToken}.gif`)).statusCode).toBe(421);
  });
});
