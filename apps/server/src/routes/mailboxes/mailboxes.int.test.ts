import type { GmailAccount, Mailbox, Sender, Sequence, User } from '@prospector/contracts';
import { gmailAccounts, gmailAliases, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, connectMailbox } from '../../testing/gmail-test-kit';
import {
  connectMicrosoftMailbox,
  type MicrosoftApp,
  startMicrosoftApp,
} from '../../testing/microsoft-test-kit';

const GMAIL = 'sam.taylor@northwind-traders.example';
const MICROSOFT = 'jordan.lee@contoso.example';
const SMTP = 'robin@fastmail.example';

let env: MicrosoftApp;
beforeAll(async () => {
  env = await startMicrosoftApp();
});
afterAll(() => env?.close());

/**
 * An SMTP mailbox as POST /api/mailboxes/smtp stores it once both servers accepted the login (that round
 * trip runs against Dovecot in smtp-mailboxes.int.test.ts): its address is its one sender.
 */
async function storeSmtpMailbox(workspaceId: string) {
  const now = env.clock.now();
  const [row] = await env.database.db
    .insert(gmailAccounts)
    .values({
      workspaceId,
      provider: 'smtp',
      googleUserId: `smtp:${SMTP}`,
      connectionSecret: 'v1.sealed-settings',
      email: SMTP,
      displayName: 'Robin',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await env.database.db.insert(gmailAliases).values({
    workspaceId,
    accountId: row!.id,
    sendAsEmail: SMTP,
    displayName: 'Robin',
    isPrimary: true,
    isDefaultAlias: true,
    verificationStatus: 'accepted',
  });
  return row!;
}

/** A user with a Gmail, a Microsoft and an SMTP mailbox, connected in that order. */
async function userWithEveryProvider() {
  const browser = env.browser();
  const user = await browser.signUp();
  await connectMailbox(browser, GMAIL);
  env.clock.advance(1000);
  await connectMicrosoftMailbox(browser, MICROSOFT);
  env.clock.advance(1000);
  await storeSmtpMailbox(user.id);
  const list = await mailboxesOf(browser);
  const byProvider = (provider: Mailbox['provider']) => list.find((m) => m.provider === provider)!;
  return { browser, user, list, byProvider };
}

async function mailboxesOf(browser: Browser) {
  const response = await browser.get('/api/mailboxes');
  expect(response.status, response.text).toBe(200);
  return response.json<Mailbox[]>();
}

const tokensOf = async (id: string) => {
  const [row] = await env.database.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, id));
  return row && { access: row.accessToken, refresh: row.refreshToken, secret: row.connectionSecret };
};

describe('GET /api/mailboxes', () => {
  it('lists every provider oldest first, with its limits, health and send-as addresses', async () => {
    const { browser, list } = await userWithEveryProvider();
    expect(list.map((m) => [m.provider, m.email, m.status])).toEqual([
      ['gmail', GMAIL, 'connected'],
      ['microsoft', MICROSOFT, 'connected'],
      ['smtp', SMTP, 'connected'],
    ]);
    const [gmail, microsoft, smtp] = list as [Mailbox, Mailbox, Mailbox];
    // Every new mailbox ramps up: Gmail's to 2,000, Microsoft's to Exchange's own limit, SMTP's to 500.
    expect(gmail).toMatchObject({ dailyLimit: 50, isDefault: true, sandbox: true });
    expect(gmail.sendingLimits).toMatchObject({ providerMaximum: 2000, rampUpLimit: 50, dailyLimit: null });
    expect(microsoft).toMatchObject({ dailyLimit: 50, isDefault: false });
    expect(microsoft.sendingLimits).toMatchObject({
      providerMaximum: 10_000,
      rampUpLimit: 50,
      effectiveDailyLimit: 50,
      minGapSeconds: 2,
    });
    expect(smtp).toMatchObject({ dailyLimit: 50, displayName: 'Robin' });
    expect(smtp.sendingLimits).toMatchObject({ providerMaximum: 500, rampUpLimit: 50 });
    for (const mailbox of list) {
      expect(mailbox.health).toEqual({ level: 'ok', reason: null, lastError: null, lastSyncedAt: null });
      expect(mailbox).not.toHaveProperty('googleUserId');
    }
    expect(gmail.aliasOptions.map((a) => a.sendAsEmail)).toContain('sales@northwind-traders.example');
    expect(smtp.aliasOptions).toEqual([
      {
        sendAsEmail: SMTP,
        displayName: 'Robin',
        verificationStatus: 'accepted',
        isPrimary: true,
        isDefault: true,
      },
    ]);
    // No credential of any provider reaches the browser.
    const body = (await browser.get('/api/mailboxes')).text;
    expect(body).not.toMatch(/eyJ0eXAi|M\.C5|sealed-settings|refresh|accessToken/i);
  });

  it('every listed id can be a sequence sender, alone or in rotation', async () => {
    const { browser, list } = await userWithEveryProvider();
    const ids = list.map((m) => m.id);
    const rotating = await browser.post('/api/sequences', { name: 'Rotation', senderAccountIds: ids });
    expect(rotating.status, rotating.text).toBe(201);
    expect(rotating.json<Sequence>().senderAccountIds.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const pinned = await browser.post('/api/sequences', { name: 'Pinned', senderAccountId: id });
      expect(pinned.status, pinned.text).toBe(201);
    }
    const senders = (await browser.get('/api/senders')).json<Sender[]>();
    expect(new Set(senders.map((s) => s.accountId))).toEqual(new Set(ids));
  });

  it('says which mailboxes cannot send and why', async () => {
    const { browser, byProvider } = await userWithEveryProvider();
    const now = env.clock.now();
    await env.database.db
      .update(gmailAccounts)
      .set({ status: 'token_expired', lastError: '535 5.7.8 Authentication failed' })
      .where(eq(gmailAccounts.id, byProvider('smtp').id));
    await env.database.db
      .update(gmailAccounts)
      .set({ pausedAt: now, pausedReason: 'Hard bounce rate above 5%' })
      .where(eq(gmailAccounts.id, byProvider('microsoft').id));
    const list = await mailboxesOf(browser);
    expect(list.find((m) => m.provider === 'smtp')!.health).toMatchObject({
      level: 'blocked',
      reason: 'The mail server no longer accepts its login: enter its password again',
      lastError: '535 5.7.8 Authentication failed',
    });
    expect(list.find((m) => m.provider === 'microsoft')!.health).toMatchObject({
      level: 'blocked',
      reason: 'Sending paused: Hard bounce rate above 5%',
    });
    expect(list.find((m) => m.provider === 'gmail')!.health.level).toBe('ok');
  });

  it('needs a session, and lists nobody else’s mailboxes', async () => {
    await userWithEveryProvider();
    expect((await env.browser().get('/api/mailboxes')).status).toBe(401);
    const stranger = env.browser();
    await stranger.signUp();
    expect(await mailboxesOf(stranger)).toEqual([]);
  });
});

describe('PATCH /api/mailboxes/{id}', () => {
  it('keeps a Microsoft mailbox within its ramp-up, Exchange’s limit and pace; no limit means the ramp-up', async () => {
    const { browser, byProvider } = await userWithEveryProvider();
    const url = `/api/mailboxes/${byProvider('microsoft').id}`;
    const above = await browser.patch(url, { dailyLimit: 10_001 });
    expect(above.status).toBe(422);
    expect(above.json()).toMatchObject({
      code: 'ABOVE_PROVIDER_MAXIMUM',
      message: "Daily limit cannot be more than 10000, Microsoft's maximum for this mailbox",
      providerMaximum: 10_000,
    });
    const tooFast = await browser.patch(url, { minGapSeconds: 1, dailyLimit: 10 });
    expect(tooFast.status).toBe(400);
    expect(tooFast.json()).toMatchObject({
      message: "Minimum gap cannot be shorter than 2 seconds, the pace Microsoft's allows this mailbox",
    });
    // A new mailbox ramps up like a new Gmail one.
    const ramp = await browser.patch(url, { dailyLimit: 800 });
    expect(ramp.status).toBe(400);
    expect(ramp.json<{ message: string }>().message).toMatch(
      /^Daily limit cannot be more than 50 for this mailbox yet/,
    );
    // Nothing of a refused request is saved.
    expect((await mailboxesOf(browser)).find((m) => m.id === byProvider('microsoft').id)!.dailyLimit).toBe(
      50,
    );

    const lowered = await browser.patch(url, {
      dailyLimit: 800,
      warmedUp: true,
      minGapSeconds: 5,
      displayName: '  Jordan  ',
    });
    expect(lowered.status, lowered.text).toBe(200);
    expect(lowered.json<Mailbox>()).toMatchObject({
      displayName: 'Jordan',
      dailyLimit: 800,
      sendingLimits: { dailyLimit: 800, minGapSeconds: 5, providerMaximum: 10_000 },
    });
    const restored = (await browser.patch(url, { dailyLimit: null })).json<Mailbox>();
    expect(restored.dailyLimit).toBe(10_000);
    // The engine's quota agrees with what the page shows: no limit of its own, warmed up.
    const [row] = await env.database.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, restored.id));
    expect([row!.dailyLimit, row!.warmedUp]).toEqual([null, true]);
  });

  it('applies the Gmail route’s ramp-up to Gmail and SMTP mailboxes, and the SMTP ceiling', async () => {
    const { browser, byProvider } = await userWithEveryProvider();
    const gmail = `/api/mailboxes/${byProvider('gmail').id}`;
    const smtp = `/api/mailboxes/${byProvider('smtp').id}`;
    const ramp = await browser.patch(gmail, { dailyLimit: 60 });
    expect(ramp.status).toBe(400);
    expect(ramp.json<{ message: string }>().message).toMatch(
      /^Daily limit cannot be more than 50 for this mailbox yet/,
    );
    const sameAsGmailRoute = await browser.patch(`/api/gmail/accounts/${byProvider('gmail').id}`, {
      dailyLimit: 60,
    });
    expect(sameAsGmailRoute.json()).toEqual(ramp.json());
    expect((await browser.patch(gmail, { dailyLimit: 2500, warmedUp: true })).json()).toMatchObject({
      code: 'ABOVE_PROVIDER_MAXIMUM',
      message: "Daily limit cannot be more than 2000, Gmail's own maximum for this mailbox",
    });
    expect((await browser.patch(gmail, { dailyLimit: 2000, warmedUp: true })).json()).toMatchObject({
      dailyLimit: 2000,
      sendingLimits: { warmedUp: true },
    });

    expect((await browser.patch(smtp, { dailyLimit: 600, warmedUp: true })).json()).toMatchObject({
      code: 'ABOVE_PROVIDER_MAXIMUM',
      message: 'Daily limit cannot be more than 500, the SMTP maximum for this mailbox',
    });
    const warmed = await browser.patch(smtp, { dailyLimit: 500, warmedUp: true, maxGapSeconds: 120 });
    expect(warmed.json()).toMatchObject({ dailyLimit: 500, sendingLimits: { maxGapSeconds: 120 } });
  });

  it('renames an SMTP mailbox’s sender too, and clears a name with an empty one', async () => {
    const { browser, byProvider } = await userWithEveryProvider();
    const url = `/api/mailboxes/${byProvider('smtp').id}`;
    expect((await browser.patch(url, { displayName: 'Robin Banks' })).status).toBe(200);
    const senders = (await browser.get('/api/senders')).json<Sender[]>();
    expect(senders.find((s) => s.email === SMTP)?.displayName).toBe('Robin Banks');
    const cleared = (await browser.patch(url, { displayName: '' })).json<Mailbox>();
    expect(cleared.displayName).toBeNull();
  });

  it('refuses a bad body with a clear 400, and another user’s or a malformed id with a 404', async () => {
    const { browser, byProvider } = await userWithEveryProvider();
    const url = `/api/mailboxes/${byProvider('microsoft').id}`;
    const cases: [unknown, string][] = [
      [{ dailyLimit: 0 }, 'Daily limit must be at least 1'],
      [{ dailyLimit: 'lots' }, 'Daily limit must be a number'],
      [{ minGapSeconds: 300, maxGapSeconds: 60 }, 'The minimum gap cannot be longer than the maximum gap'],
      [{ displayName: 'x'.repeat(201) }, 'Display name cannot be longer than 200 characters'],
    ];
    for (const [body, message] of cases) {
      const response = await browser.patch(url, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect((await browser.patch(url, { dailyLimitt: 5 })).status).toBe(400);
    // A gap given alone is checked against the stored other end (180 seconds).
    expect((await browser.patch(url, { minGapSeconds: 500 })).status).toBe(400);

    const stranger = env.browser();
    await stranger.signUp();
    for (const id of [byProvider('gmail').id, byProvider('microsoft').id, byProvider('smtp').id, 'nope']) {
      const patched = await stranger.patch(`/api/mailboxes/${id}`, { dailyLimit: 5 });
      expect(patched.status).toBe(404);
      expect(patched.json()).toEqual({ code: 'NOT_FOUND', message: 'Mailbox not found' });
      expect((await stranger.delete(`/api/mailboxes/${id}`)).status).toBe(404);
    }
    expect((await mailboxesOf(browser)).every((m) => m.status === 'connected')).toBe(true);
  });
});

describe('DELETE /api/mailboxes/{id}', () => {
  it('disconnects a Microsoft mailbox like a Gmail one: tokens forgotten, pinned sequences keep it, reconnecting resumes', async () => {
    const { browser, byProvider } = await userWithEveryProvider();
    const microsoft = byProvider('microsoft');
    const sequence = (
      await browser.post('/api/sequences', { name: 'Pinned', senderAccountId: microsoft.id })
    ).json<Sequence>();
    const disconnected = await browser.delete(`/api/mailboxes/${microsoft.id}`);
    expect(disconnected.status, disconnected.text).toBe(200);
    expect(await tokensOf(microsoft.id)).toEqual({ access: null, refresh: null, secret: null });
    const listed = (await mailboxesOf(browser)).find((m) => m.id === microsoft.id)!;
    expect(listed).toMatchObject({ status: 'disconnected', health: { level: 'blocked' } });
    expect((await browser.get('/api/senders')).json<Sender[]>().map((s) => s.accountId)).not.toContain(
      microsoft.id,
    );
    expect((await browser.get(`/api/sequences/${sequence.id}`)).json()).toMatchObject({
      senderAccountId: microsoft.id,
    });

    await connectMicrosoftMailbox(browser, MICROSOFT);
    const back = (await mailboxesOf(browser)).find((m) => m.email === MICROSOFT)!;
    expect(back).toMatchObject({ id: microsoft.id, status: 'connected' });
  });

  it('removes any provider’s mailbox for good: pinned sequences lose it and the default moves on', async () => {
    const { browser, byProvider } = await userWithEveryProvider();
    const pinned: Record<string, string> = {};
    for (const provider of ['gmail', 'microsoft', 'smtp'] as const) {
      const created = await browser.post('/api/sequences', {
        name: provider,
        senderAccountId: byProvider(provider).id,
      });
      pinned[provider] = created.json<Sequence>().id;
    }
    const removed = await browser.delete(`/api/mailboxes/${byProvider('gmail').id}?permanently=true`);
    expect(removed.json()).toEqual({ success: true, defaultSenderAccountId: byProvider('microsoft').id });

    for (const provider of ['smtp', 'microsoft'] as const) {
      const id = byProvider(provider).id;
      expect((await browser.delete(`/api/mailboxes/${id}`)).status).toBe(200);
      expect((await browser.delete(`/api/mailboxes/${id}?permanently=true`)).status).toBe(200);
    }
    expect(await mailboxesOf(browser)).toEqual([]);
    const me = (await browser.get('/api/auth/me')).json<User>();
    expect(me).toMatchObject({ defaultSenderAccountId: null, defaultSendAsEmail: null });
    for (const id of Object.values(pinned)) {
      const [row] = await env.database.db.select().from(sequences).where(eq(sequences.id, id));
      expect(row!.senderAccountId).toBeNull();
    }
    expect((await browser.get('/api/gmail/accounts')).json<GmailAccount[]>()).toEqual([]);
  });
});
