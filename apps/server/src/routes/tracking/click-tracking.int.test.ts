import type { ContactActivity, EmailSendRow, TrackingDomain } from '@prospector/contracts';
import { runEngineRound } from '@prospector/core';
import { contacts, emailSends, sequenceContacts, templates, trackingEvents } from '@prospector/db';
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
});
