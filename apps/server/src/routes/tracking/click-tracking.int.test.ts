import type {
  ContactActivity,
  EmailSendRow,
  LaunchReview,
  Sequence,
  SequenceStep,
  TrackingDomain,
} from '@prospector/contracts';
import { clickUrl, LIVE_SEND_TTL_MS, runEngineRound } from '@prospector/core';
import { contacts, emailSends, sequenceContacts, settings, templates, trackingEvents } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from '../../testing/dns-test-kit';
import { type EngineUser, engineUser, type InboxMessage } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let dns: DnsServer;
let env: MailboxApp;
beforeAll(async () => {
  dns = await startDnsServer();
  env = await startMailboxApp({ dnsServers: [dns.address] });
});
afterAll(async () => {
  await env?.close();
  dns?.close();
});
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const at = (iso: string) => env.clock.set(new Date(iso));
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PRICING = 'https://acme.example/pricing?plan=pro&seats=3#faq';
const CASE_STUDY = 'https://acme.example/études/naïve?q=a%20b';
const HTML = `<p>Hi {{name}}, see <a href="https://acme.example/pricing?plan=pro&amp;seats=3#faq">our prices</a>
  or <a href="${CASE_STUDY}">a case study</a>. Mail <a href="mailto:sales@acme.example">us</a>.</p>
  <p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>`;
const TEXT = `Hi, see ${PRICING}. Unsubscribe: {{unsubscribe_url}}`;

/** Launches a one-step sequence (1-hour window) to one contact and sends it at 10:00. */
async function sendOne(u: EngineUser, switches: { trackOpens?: boolean; trackClicks?: boolean }) {
  const template = await u.template('Prices', HTML);
  await env.database.db.update(templates).set({ plainTextBody: TEXT }).where(eq(templates.id, template.id));
  const sequence = await u.sequence(switches);
  const step1 = await u.step(sequence.id, 1, { templateId: template.id, reactionWindowHours: 1 });
  const contact = await u.contact({ name: 'Ada' });
  await u.list(sequence.id, [contact]);
  expect((await u.launch(sequence.id)).status).toBe(200);
  at('2025-05-01T10:00:00Z');
  expect((await runEngineRound(u.deps)).sent).toBe(1);
  const [send] = await u.sends(sequence.id);
  const message = (await u.inbox()).at(-1)!;
  return { sequence, step1, contact, send: send!, message };
}

/** The click links of a sent email's HTML part, in order. */
const clickLinks = (message: InboxMessage) =>
  [...(message.html ?? '').matchAll(/href="([^"]*\/t\/c\/[^"]*)"/g)].map((match) => match[1]!);

/** Follows a click link on the listening app (path and query only), as a browser or a scanner would. */
async function follow(
  link: string,
  options: { userAgent?: string; method?: 'GET' | 'HEAD'; ip?: string; host?: string } = {},
) {
  const url = new URL(link);
  return env.app.inject({
    method: options.method ?? 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { 'user-agent': options.userAgent ?? CHROME, ...(options.host && { host: options.host }) },
    remoteAddress: options.ip ?? '203.0.113.7',
  });
}

const clicksOf = (emailSendId: string) =>
  env.database.db.select().from(trackingEvents).where(eq(trackingEvents.emailSendId, emailSendId));
const sendOf = async (id: string) =>
  (await env.database.db.select().from(emailSends).where(eq(emailSends.id, id)))[0]!;

describe('click tracking', () => {
  it("rewrites the email's web links (not mailto: nor unsubscribe) and counts a person's click after a minute", async () => {
    const u = await engineUser(env);
    const { send, message, contact } = await sendOne(u, { trackClicks: true });
    const links = clickLinks(message);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.startsWith(`${env.appUrl}/t/c/${send.trackingToken}/`)).toBe(true);
    expect(message.html).toContain('href="mailto:sales@acme.example"');
    expect(message.html).toContain(`href="${env.appUrl}/u/${send.unsubscribeToken}"`);
    expect(message.html).toContain(`/t/o/${send.trackingToken}.gif`);
    expect(message.text).toMatch(
      new RegExp(`see ${env.appUrl}/t/c/${send.trackingToken}/\\S+\\. Unsubscribe`),
    );
    expect(message.text).toContain(`Unsubscribe: ${env.appUrl}/u/${send.unsubscribeToken}`);

    await env.database.db.update(contacts).set({ notOpenedStreak: 2 }).where(eq(contacts.id, contact.id));
    at('2025-05-01T10:01:00Z');
    const pricing = await follow(links[0]!);
    expect(pricing.statusCode).toBe(302);
    expect(pricing.headers.location).toBe(PRICING);
    at('2025-05-01T10:03:00Z');
    const caseStudy = await follow(links[1]!);
    // Characters outside ASCII travel percent-encoded as UTF-8, as a browser sends them.
    expect(caseStudy.headers.location).toBe('https://acme.example/%C3%A9tudes/na%C3%AFve?q=a%20b');
    await env.app.clickRecorder.flush();

    expect((await sendOf(send.id)).clickedAt?.toISOString()).toBe('2025-05-01T10:01:00.000Z');
    const events = (await clicksOf(send.id)).filter((e) => e.type === 'click');
    expect(events.map((e) => [e.url, e.flaggedReason, e.userAgent])).toEqual([
      [PRICING, null, CHROME],
      [CASE_STUDY, null, CHROME],
    ]);
    const [enrolment] = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.id, send.sequenceContactId!));
    expect(enrolment).toMatchObject({ lastEvent: 'click' });
    const [row] = await env.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.notOpenedStreak).toBe(0);
    const listed = (await u.browser.get('/api/email-sends?status=clicked')).json<EmailSendRow[]>();
    expect(listed.map((row) => [row.id, row.status])).toEqual([[send.id, 'Clicked']]);
    const activity = (await u.browser.get(`/api/contacts/${contact.id}/activity`)).json<ContactActivity>();
    expect(activity.events.filter((entry) => entry.type === 'clicked')).toHaveLength(2);
  });

  it("records a scanner's clicks without counting them: the first seconds, a burst, HEAD, bots and gateway networks", async () => {
    const u = await engineUser(env);
    const { send, message } = await sendOne(u, { trackClicks: true });
    const [pricing, caseStudy] = clickLinks(message);
    // Delivery: a gateway opens every link within seconds, with a browser's user agent.
    at('2025-05-01T10:00:03Z');
    expect((await follow(pricing!)).statusCode).toBe(302);
    at('2025-05-01T10:00:40.100Z');
    expect((await follow(pricing!)).statusCode).toBe(302);
    at('2025-05-01T10:00:40.700Z');
    expect((await follow(caseStudy!)).statusCode).toBe(302);
    at('2025-05-01T10:02:00Z');
    const head = await follow(pricing!, { method: 'HEAD' });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe(PRICING);
    await follow(pricing!, {
      userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    });
    await follow(pricing!, { userAgent: 'Mimecast-URL-Protect/1.0' });
    await follow(pricing!, { ip: '40.107.12.3' }); // Microsoft's Exchange Online Protection
    await follow(pricing!, { userAgent: '' });
    await env.app.clickRecorder.flush();

    const flags = (await clicksOf(send.id)).filter((e) => e.type === 'click').map((e) => e.flaggedReason);
    expect(flags.sort()).toEqual(
      [
        'bot',
        'head',
        'link_burst',
        'link_burst',
        'no_user_agent',
        'scanner_network',
        'security_scanner',
        'too_soon',
      ].sort(),
    );
    expect((await sendOf(send.id)).clickedAt).toBeNull();
    const listed = (await u.browser.get('/api/email-sends?status=clicked')).json<EmailSendRow[]>();
    expect(listed).toEqual([]);
  });

  it('sends links as written without click tracking, and no pixel without open tracking', async () => {
    const u = await engineUser(env);
    const { send, message } = await sendOne(u, { trackOpens: false });
    expect(clickLinks(message)).toEqual([]);
    expect(message.html).toContain('href="https://acme.example/pricing?plan=pro&amp;seats=3#faq"');
    expect(message.html).not.toContain('/t/o/');
    expect(message.html).not.toContain('<img');
    expect(message.text).toContain(`see ${PRICING}.`);
    expect(send.htmlBody).not.toContain(send.trackingToken);
  });

  it('without open tracking, a window without reply takes the no-reply branch and never lengthens the streak', async () => {
    const u = await engineUser(env);
    const { send, contact } = await sendOne(u, { trackOpens: false });
    // With opens tracked, this one unopened email would blacklist the contact.
    await env.database.db
      .insert(settings)
      .values({ workspaceId: u.workspaceId, key: 'contacts', value: { maxContinuousNotOpens: 1 } });
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    expect((await sendOf(send.id)).reaction).toBe('not_opened');
    const [row] = await env.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.notOpenedStreak).toBe(0);
    expect(row?.tags).not.toContain('blacklist');
    const [enrolment] = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.id, send.sequenceContactId!));
    expect(enrolment?.status).toBe('completed');
  });

  it('a counted click takes the clicked branch of a step that has one', async () => {
    const u = await engineUser(env);
    const { sequence, step1, send, message } = await sendOne(u, { trackClicks: true });
    const opened = await u.step(sequence.id, 2, { templateId: step1.templateId, delayDays: 3 });
    const clicked = await u.step(sequence.id, 3, { templateId: step1.templateId, delayDays: 3 });
    await u.linkStep(step1.id, {
      openedNoReplyStepId: opened.id,
      branchOnClick: true,
      clickedStepId: clicked.id,
      clickedWaitDays: 2,
    });
    at('2025-05-01T10:10:00Z');
    await follow(clickLinks(message)[0]!);
    await env.app.clickRecorder.flush();
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    const [judged, next] = await u.sends(sequence.id);
    expect(judged).toMatchObject({ id: send.id, reaction: 'clicked' });
    expect(next).toMatchObject({ stepId: clicked.id, state: 'scheduled' });
    expect(next?.scheduledFor.toISOString()).toBe('2025-05-03T10:00:00.000Z');
  });

  it('answers a changed or forged link with a 404 page, never a redirect', async () => {
    const owner = await engineUser(env);
    const other = await engineUser(env);
    const mine = await sendOne(owner, { trackClicks: true });
    const theirs = await sendOne(other, { trackClicks: true });
    const link = new URL(clickLinks(mine.message)[0]!);
    const [, , , token, signature] = link.pathname.split('/');
    const variants = [
      `/t/c/${token}/${signature}?u=${encodeURIComponent('https://evil.example/phish')}`,
      `/t/c/${token}/${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}${link.search}`,
      `/t/c/${token}${link.search}`,
      `/t/c/${token}/${signature}`,
      // Another user's email with this email's signature and address.
      `/t/c/${theirs.send.trackingToken}/${signature}${link.search}`,
      `/t/c/${token}/${signature}?u=${encodeURIComponent('javascript:alert(1)')}`,
      '/t/c/',
    ];
    at('2025-05-01T10:10:00Z');
    for (const url of variants) {
      const response = await env.app.inject({ method: 'GET', url, headers: { 'user-agent': CHROME } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('This link is not valid');
    }
    await env.app.clickRecorder.flush();
    expect((await clicksOf(mine.send.id)).filter((e) => e.type === 'click')).toEqual([]);
    expect((await clicksOf(theirs.send.id)).filter((e) => e.type === 'click')).toEqual([]);
  });

  it('redirects only while its email exists: an unknown or deleted email gets a page with the address', async () => {
    const u = await engineUser(env);
    const { contact, send, message } = await sendOne(u, { trackClicks: true });
    const link = clickLinks(message)[0]!;
    at('2025-05-01T10:10:00Z');
    expect((await follow(link)).statusCode).toBe(302);

    const minted = new URL(clickUrl(env.appUrl, env.core.appSecret!, 'no-email-has-this-token', PRICING));
    const unknown = await follow(minted.toString());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.location).toBeUndefined();
    expect(unknown.body).toContain('This link is no longer active');
    expect(unknown.body).toContain('https://acme.example/pricing?plan=pro&amp;seats=3#faq');

    await env.database.db.delete(contacts).where(eq(contacts.id, contact.id));
    env.clock.advance(LIVE_SEND_TTL_MS);
    const before = (await env.database.db.select().from(trackingEvents)).length;
    const gone = await follow(link);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers.location).toBeUndefined();
    expect(gone.body).toContain('This link is no longer active');
    expect(gone.body).toContain('acme.example/pricing');
    const head = await follow(link, { method: 'HEAD' });
    expect(head.statusCode).toBe(404);
    await env.app.clickRecorder.flush();
    expect((await env.database.db.select().from(trackingEvents)).length).toBe(before);
    expect(await clicksOf(send.id)).toEqual([]);
  });

  it("puts a verified tracking domain in the sent email's click links, and the link answers there", async () => {
    const u = await engineUser(env);
    const domain = `track-${u.workspaceId.slice(0, 8)}.example.com`;
    const added = (
      await u.browser.post('/api/tracking-domains', { domain, mailboxId: u.account.id })
    ).json<TrackingDomain>();
    dns.setCname(domain, `${new URL(env.appUrl).hostname}.`);
    expect(
      (await u.browser.post(`/api/tracking-domains/${added.id}/verify`)).json<TrackingDomain>().status,
    ).toBe('verified');
    const { send, message } = await sendOne(u, { trackClicks: true });
    const links = clickLinks(message);
    expect(links).toHaveLength(2);
    for (const link of links)
      expect(link.startsWith(`http://${domain}/t/c/${send.trackingToken}/`)).toBe(true);
    expect(message.text).toContain(`http://${domain}/t/c/${send.trackingToken}/`);
    expect(message.html).not.toContain(env.appUrl);
    at('2025-05-01T10:10:00Z');
    const redirect = await follow(links[0]!, { host: domain });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(PRICING);
    expect((await follow(links[0]!, { host: 'evil.example.org' })).statusCode).toBe(421);
  });
});

describe('tracking switches', () => {
  it('are saved and returned by the sequence API, with a message for a bad value', async () => {
    const u = await engineUser(env);
    const created = await u.browser.post('/api/sequences', { name: 'Switches' });
    expect(created.json<Sequence>()).toMatchObject({ trackOpens: true, trackClicks: false });
    const id = created.json<Sequence>().id;
    const patched = await u.browser.patch(`/api/sequences/${id}`, { trackOpens: false, trackClicks: true });
    expect(patched.json<Sequence>()).toMatchObject({ trackOpens: false, trackClicks: true });
    expect((await u.browser.get(`/api/sequences/${id}`)).json<Sequence>()).toMatchObject({
      trackOpens: false,
      trackClicks: true,
    });
    const bad = await u.browser.patch(`/api/sequences/${id}`, { trackClicks: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Track clicks must be true or false');
    const other = await engineUser(env);
    expect((await other.browser.patch(`/api/sequences/${id}`, { trackOpens: true })).status).toBe(404);
  });

  it("keeps a step's clicked branch, and counts a step reached only by opens as unreached without open tracking", async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const id = (await u.browser.post('/api/sequences', { name: 'Branches' })).json<Sequence>().id;
    const addStep = async () =>
      (
        await u.browser.post(`/api/sequences/${id}/steps`, { templateId: template.id, sendHour: 12 })
      ).json<SequenceStep>();
    const first = await addStep();
    const opened = await addStep();
    const clicked = await addStep();
    const linked = await u.browser.patch(`/api/steps/${first.id}`, {
      notOpenedStepId: null,
      openedNoReplyStepId: opened.id,
      branchOnClick: true,
      clickedStepId: clicked.id,
      clickedWaitDays: 2,
    });
    expect(linked.json<SequenceStep>()).toMatchObject({
      branchOnClick: true,
      clickedStepId: clicked.id,
      clickedWaitDays: 2,
    });
    const unreached = async () =>
      (await u.browser.get(`/api/sequences/${id}/launch-review`))
        .json<LaunchReview>()
        .unreachableSteps.map((s) => s.id);
    expect(await unreached()).toEqual([]);
    await u.browser.patch(`/api/sequences/${id}`, { trackOpens: false });
    expect(await unreached()).toEqual([opened.id]);
    await u.browser.patch(`/api/steps/${first.id}`, { branchOnClick: false });
    expect(await unreached()).toEqual([opened.id, clicked.id]);
  });

  it("checks a template's email with the sequence's switches, and only the user's own sequence", async () => {
    const u = await engineUser(env);
    const template = await u.template('Prices', HTML);
    const sequence = await u.sequence({ trackClicks: true });
    const checked = await u.browser.post(`/api/templates/${template.id}/check`, { sequenceId: sequence.id });
    expect(checked.status).toBe(200);
    const other = await engineUser(env);
    const refused = await other.browser.post(`/api/templates/${(await other.template()).id}/check`, {
      sequenceId: sequence.id,
    });
    expect(refused.status).toBe(404);
  });
});
