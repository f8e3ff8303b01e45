import { dailyLimitAboveProviderMaximum, type GmailAccount, type GmailQuota } from '@prospector/contracts';
import { DAY_MS } from '@prospector/core';
import { sandboxMailboxKey } from '@prospector/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
const NOW = new Date('2025-05-01T09:00:00Z');
beforeEach(() => env.clock.set(NOW));

let counter = 0;
/** A signed-up user about to connect a new address: its sandbox mailbox can be given old sent mail first. */
async function newMailbox(domain = 'age-test.example') {
  counter += 1;
  const browser = env.browser();
  const user = await browser.signUp();
  const email = `age.${counter}@${domain}`;
  const key = sandboxMailboxKey(user.id, email);
  const connect = async () => {
    const result = await connectMailbox(browser, email);
    const accounts = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    return { result, account: accounts.find((a) => a.email === email)! };
  };
  return { browser, email, key, connect };
}

const yearsAgo = (years: number, extraMs = 0) => new Date(NOW.getTime() - years * 365 * DAY_MS - extraMs);

describe("a mailbox's age comes from its oldest sent message", () => {
  it('a mailbox that has sent for 3 years skips the ramp-up: its age is read from Gmail at connection', async () => {
    const { browser, key, connect } = await newMailbox();
    const oldest = yearsAgo(3, 37_123);
    // Several messages, on the oldest one's day too: the exact date is the oldest's.
    await env.sandbox.control.addOldSentMail(key, oldest);
    await env.sandbox.control.addOldSentMail(key, new Date(oldest.getTime() + 3_600_000));
    await env.sandbox.control.addOldSentMail(key, yearsAgo(1));
    const { result, account } = await connect();
    expect(result.redirectTo).toBe('/connection/gmail?connected=true');
    const quota = (await browser.get('/api/gmail/quota')).json<GmailQuota[]>();
    expect(quota[0]).toMatchObject({ accountAge: 3 * 365, limit: 2000 });
    expect(account.sendingLimits).toMatchObject({
      sendingSince: oldest.toISOString(),
      ageFrom: 'sent_mail',
      rampUpLimit: 2000,
      effectiveDailyLimit: 2000,
    });
  });

  it('a consumer mailbox that has sent for years is held only by Gmail’s 500 a day', async () => {
    const { browser, key, connect } = await newMailbox('gmail.com');
    await env.sandbox.control.addOldSentMail(key, yearsAgo(6));
    const { account } = await connect();
    expect(account.sendingLimits).toMatchObject({ ageFrom: 'sent_mail', rampUpLimit: 500, warmedUp: false });
    // Past the ramp-up, what a limit may not pass is Gmail's own maximum.
    const above = await browser.patch(`/api/gmail/accounts/${account.id}`, { dailyLimit: 501 });
    expect([above.status, above.json<{ message: string }>().message]).toEqual([
      422,
      dailyLimitAboveProviderMaximum(500),
    ]);
  });

  it('a mailbox that never sent starts at the ramp’s bottom, counted from its connection', async () => {
    const { browser, connect } = await newMailbox();
    const { account } = await connect();
    expect(account.sendingLimits).toMatchObject({
      sendingSince: NOW.toISOString(),
      ageFrom: 'connection',
      rampUpLimit: 50,
    });
    // A week later the ramp has moved on from the connection.
    env.clock.advance(7 * DAY_MS);
    const later = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>()[0]!;
    expect(later.sendingLimits.rampUpLimit).toBe(100);
  });

  it('a mailbox whose only sent mail is recent is young: the ramp is that of its first weeks', async () => {
    const { key, connect } = await newMailbox();
    const firstSent = new Date(NOW.getTime() - 10 * DAY_MS);
    await env.sandbox.control.addOldSentMail(key, firstSent);
    const { account } = await connect();
    expect(account.sendingLimits).toMatchObject({ sendingSince: firstSent.toISOString(), rampUpLimit: 100 });
  });

  it('Gmail failing to tell the age does not fail the connection: the age is unknown, the ramp at its bottom', async () => {
    const { browser, key, connect } = await newMailbox();
    await env.sandbox.control.addOldSentMail(key, yearsAgo(3));
    // The profile and the aliases answer; the searches of the sent mail fail past the retries.
    env.failGmailCalls(/\/messages$/);
    let connected: Awaited<ReturnType<typeof connect>>;
    try {
      connected = await connect();
    } finally {
      env.failGmailCalls(undefined);
    }
    const { result, account } = connected;
    expect(result.redirectTo).toBe('/connection/gmail?connected=true');
    expect(account.status).toBe('connected');
    expect(account.sendingLimits).toMatchObject({ sendingSince: null, ageFrom: null, rampUpLimit: 50 });
    // Asked again once Gmail answers, the age is read.
    const refreshed = await browser.post(`/api/gmail/accounts/${account.id}/refresh-sending-since`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.json<GmailAccount>().sendingLimits).toMatchObject({
      ageFrom: 'sent_mail',
      rampUpLimit: 2000,
    });
  });

  it('a refresh Gmail cannot answer says so with a 502, and another user’s mailbox is a 404', async () => {
    const { browser, key, connect } = await newMailbox();
    const { account } = await connect();
    await env.sandbox.control.queueFaults(key, Array(20).fill('500'));
    const failed = await browser.post(`/api/gmail/accounts/${account.id}/refresh-sending-since`);
    expect([failed.status, failed.json<{ message: string }>().message]).toEqual([
      502,
      'Gmail did not answer: the mailbox’s age could not be read. Try again later.',
    ]);
    await env.sandbox.control.clearFaults(key);
    const stranger = env.browser();
    await stranger.signUp();
    expect((await stranger.post(`/api/gmail/accounts/${account.id}/refresh-sending-since`)).status).toBe(404);
  });
});

describe('POST /api/sandbox/old-sent-mail', () => {
  it("gives the user's own sandbox mailbox a message sent long ago, which Check again then reads", async () => {
    const { browser, email, connect } = await newMailbox();
    const { account } = await connect();
    const sentAt = '2019-03-14T15:00:00.000Z';
    const added = await browser.post('/api/sandbox/old-sent-mail', { mailbox: email, sentAt });
    expect([added.status, added.json<{ sentAt: string }>().sentAt]).toEqual([200, sentAt]);
    const refreshed = await browser.post(`/api/gmail/accounts/${account.id}/refresh-sending-since`);
    expect(refreshed.json<GmailAccount>().sendingLimits).toMatchObject({
      sendingSince: sentAt,
      ageFrom: 'sent_mail',
    });
    const future = await browser.post('/api/sandbox/old-sent-mail', {
      mailbox: email,
      sentAt: '2030-01-01T00:00:00Z',
    });
    expect([future.status, future.json<{ message: string }>().message]).toEqual([
      400,
      'Sent at must be in the past',
    ]);
    const garbled = await browser.post('/api/sandbox/old-sent-mail', { mailbox: email, sentAt: 'long ago' });
    expect([garbled.status, garbled.json<{ message: string }>().message]).toEqual([
      400,
      'Sent at must be a date and time',
    ]);
    const stranger = env.browser();
    await stranger.signUp();
    expect((await stranger.post('/api/sandbox/old-sent-mail', { mailbox: email, sentAt })).status).toBe(404);
  });
});

describe('declaring a mailbox warmed up', () => {
  it('sets a limit up to the provider maximum; above it is a 422 naming the maximum', async () => {
    const { browser, connect } = await newMailbox('gmail.com');
    const { account } = await connect();
    const url = `/api/gmail/accounts/${account.id}`;
    const warm = await browser.patch(url, { warmedUp: true, dailyLimit: 400 });
    expect(warm.json<GmailAccount>().sendingLimits).toMatchObject({
      warmedUp: true,
      dailyLimit: 400,
      effectiveDailyLimit: 400,
      providerMaximum: 500,
    });
    const above = await browser.patch(url, { warmedUp: true, dailyLimit: 501 });
    expect([above.status, above.json()]).toEqual([
      422,
      { code: 'ABOVE_PROVIDER_MAXIMUM', message: dailyLimitAboveProviderMaximum(500), providerMaximum: 500 },
    ]);
    expect(dailyLimitAboveProviderMaximum(500)).toContain('500');
    // Not warmed up, the ramp's limit holds (a 400, as before).
    const cold = await browser.patch(url, { warmedUp: false, dailyLimit: 400 });
    expect(cold.status).toBe(400);
  });
});
